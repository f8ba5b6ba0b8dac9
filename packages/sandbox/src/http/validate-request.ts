// Checks a request's parameters against the rules the spec gives them (type, pattern, enum, bounds, lengths,
// required, repeatable, x-required-together, unknown names) and returns typed values or the broken rules.
import { isIsoDate } from '../calendar.js';
import type { OperationInfo, ParamInfo, ParamSchema } from '../spec/operations.js';

export interface ParamProblem {
  parameter: string;
  in: 'query' | 'path' | 'header';
  rule: string;
}

export type ParamValues = Record<string, unknown>;

const regexCache = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    regexCache.set(pattern, re);
  }
  return re;
}

/** Shortens what the client sent before it is echoed in an error body. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function clip(text: string, max = 60): string {
  // One pass of a regular expression: this runs on every request the log records.
  const printable = text.replace(CONTROL, '?');
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

function checkScalar(raw: string, schema: ParamSchema): { value?: unknown; rule?: string } {
  const type = schema.type ?? 'string';
  let value: unknown = raw;
  if (type === 'integer') {
    if (!/^-?\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) return { rule: 'integer' };
    value = Number(raw);
  } else if (type === 'number') {
    if (!/^-?\d{1,17}(\.\d{1,17})?$/.test(raw)) return { rule: 'number' };
    value = Number(raw);
  } else if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') return { rule: 'true or false' };
    value = raw === 'true';
  }
  if (schema.const !== undefined && value !== schema.const)
    return { rule: `equal to ${String(schema.const)}` };
  if (schema.enum && !schema.enum.includes(value)) return { rule: `one of ${schema.enum.join(', ')}` };
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return { rule: `at least ${schema.minimum}` };
    if (schema.maximum !== undefined && value > schema.maximum) return { rule: `at most ${schema.maximum}` };
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
      return { rule: `greater than ${schema.exclusiveMinimum}` };
    }
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
      return { rule: `less than ${schema.exclusiveMaximum}` };
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength)
      return { rule: `at least ${schema.minLength} characters` };
    if (schema.maxLength !== undefined && length > schema.maxLength)
      return { rule: `at most ${schema.maxLength} characters` };
    if (schema.pattern !== undefined && !regex(schema.pattern).test(value))
      return { rule: `pattern ${schema.pattern}` };
    if (schema.format === 'date' && !isIsoDate(value)) return { rule: 'a calendar date YYYY-MM-DD' };
  }
  return { value };
}

function checkParam(param: ParamInfo, raws: string[]): { value?: unknown; rule?: string } {
  if (param.repeatable) {
    const items = param.schema.items ?? {};
    const values: unknown[] = [];
    for (const raw of raws) {
      const one = checkScalar(raw, items);
      if (one.rule) return { rule: `each value ${one.rule}` };
      values.push(one.value);
    }
    if (param.schema.minItems !== undefined && values.length < param.schema.minItems) {
      return { rule: `at least ${param.schema.minItems} values` };
    }
    if (param.schema.maxItems !== undefined && values.length > param.schema.maxItems) {
      return { rule: `at most ${param.schema.maxItems} values` };
    }
    return { value: values };
  }
  if (raws.length > 1) return { rule: `sent once (it was sent ${raws.length} times)` };
  return checkScalar(raws[0] as string, param.schema);
}

/**
 * Validates query, path and header parameters. Query parameters the operation does not declare are returned in
 * `unknown` (clipped names, once each); with `strict` they are also an error (`unknown parameter`), so a misspelt
 * filter never passes silently. Without it they are left for the caller to ignore, as the service does.
 */
export function validateParameters(
  op: OperationInfo,
  query: URLSearchParams,
  pathParams: Record<string, string>,
  headers: Record<string, string | string[] | undefined>,
  strict = true,
): { values: ParamValues; problems: ParamProblem[]; unknown: string[] } {
  const values: ParamValues = {};
  const problems: ParamProblem[] = [];
  const unknown: string[] = [];
  const declared = new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name));
  const seenUnknown = new Set<string>();
  for (const name of query.keys()) {
    if (declared.has(name) || seenUnknown.has(name)) continue;
    seenUnknown.add(name);
    unknown.push(clip(name));
    if (strict) problems.push({ parameter: clip(name), in: 'query', rule: 'unknown parameter' });
  }
  for (const param of op.params) {
    let raws: string[];
    if (param.in === 'query') raws = query.getAll(param.name);
    else if (param.in === 'path')
      raws = pathParams[param.name] === undefined ? [] : [pathParams[param.name] as string];
    else {
      const h = headers[param.name.toLowerCase()];
      raws = h === undefined ? [] : Array.isArray(h) ? h : [h];
    }
    if (raws.length === 0) {
      if (param.required) problems.push({ parameter: param.name, in: param.in, rule: 'required' });
      continue;
    }
    const checked = checkParam(param, raws);
    if (checked.rule) problems.push({ parameter: param.name, in: param.in, rule: checked.rule });
    else values[param.name] = checked.value;
  }
  for (const group of op.requiredTogether) {
    const sent = group.filter((name) => values[name] !== undefined || query.has(name));
    if (sent.length === 0 || sent.length === group.length) continue;
    for (const name of sent) {
      const missing = group.filter((n) => !sent.includes(n));
      problems.push({ parameter: name, in: 'query', rule: `${name} requires ${missing.join(' and ')}` });
    }
  }
  return { values, problems, unknown };
}

/** One sentence for the error message: the first problem, and how many more. */
export function describeProblems(problems: ParamProblem[]): string {
  const first = problems[0];
  if (!first) return 'The request is invalid.';
  const lead =
    first.rule === 'unknown parameter'
      ? `Parameter ${first.parameter} is not a parameter of this operation.`
      : first.rule === 'required'
        ? `Parameter ${first.parameter} is required.`
        : / requires /.test(first.rule)
          ? `Parameter ${first.rule}: send them together or not at all.`
          : `Parameter ${first.parameter} must be ${first.rule}.`;
  return problems.length > 1 ? `${lead} (${problems.length - 1} more in details.)` : lead;
}
