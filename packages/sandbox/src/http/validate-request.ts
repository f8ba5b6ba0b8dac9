// Checks a request's parameters against the rules the spec gives them (type, pattern, enum, bounds, lengths,
// required, repeatable, x-required-together, unknown names) and returns typed values or the broken rules.
import { itemsBreak, partialGroups, type RuleBreak, typedValue, valueBreak } from '@assoc-feed/core/internal';
import type { OperationInfo, ParamInfo, ParamSchema } from '../spec-reader/operations.js';

export interface ParamProblem {
  parameter: string;
  in: 'query' | 'path' | 'header';
  rule: string;
}

export type ParamValues = Record<string, unknown>;

/** Shortens what the client sent before it is echoed in an error body. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function clip(text: string, max = 60): string {
  // One pass of a regular expression: this runs on every request the log records.
  const printable = text.replace(CONTROL, '?');
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

/** A rule broken, in the service's 400 wording (`Parameter size must be at most 1000.`). */
function wordOf(broken: RuleBreak): string {
  switch (broken.rule) {
    case 'type':
      return broken.type === 'boolean' ? 'true or false' : broken.type;
    case 'const':
      return `equal to ${String(broken.value)}`;
    case 'enum':
      return `one of ${broken.values.join(', ')}`;
    case 'minimum':
      return `at least ${broken.limit}`;
    case 'maximum':
      return `at most ${broken.limit}`;
    case 'exclusiveMinimum':
      return `greater than ${broken.limit}`;
    case 'exclusiveMaximum':
      return `less than ${broken.limit}`;
    case 'minLength':
      return `at least ${broken.limit} characters`;
    case 'maxLength':
      return `at most ${broken.limit} characters`;
    case 'pattern':
      return `pattern ${broken.pattern}`;
    case 'format':
      return 'a calendar date YYYY-MM-DD';
    case 'minItems':
      return `at least ${broken.limit} values`;
    case 'maxItems':
      return `at most ${broken.limit} values`;
  }
}

function checkScalar(raw: string, schema: ParamSchema): { value?: unknown; rule?: string } {
  const typed = typedValue(schema.type, raw);
  const broken = 'rule' in typed ? typed : valueBreak(schema, typed.value);
  return broken ? { rule: wordOf(broken) } : { value: (typed as { value: unknown }).value };
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
    const broken = itemsBreak(param.schema, values.length);
    return broken ? { rule: wordOf(broken) } : { value: values };
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
  const isSent = (name: string) => values[name] !== undefined || query.has(name);
  for (const { sent, missing } of partialGroups(op.requiredTogether, isSent)) {
    for (const name of sent) {
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
