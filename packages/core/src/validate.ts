// Input checks against the documented parameter rules, run before anything is sent: a wrong code, a size above
// the maximum or a month without its year is reported with the parameter, the rule and the fix, instead of a
// round trip that ends in a bare 400 (or, worse, in a silently different answer).
//
// Values are taken as a caller may really pass them: numbers for integer parameters also as digit strings,
// strings for string parameters also as numbers (`ano: 2026`), since URLs carry text anyway.

import { InvalidRequestError, type ValidationIssue } from './errors.js';
import type { OperationMeta, ParameterMeta, ParameterSchemaMeta } from './meta.js';

export interface RequestParams {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  header?: Record<string, unknown> | undefined;
}

/** Throws InvalidRequestError listing every broken rule; returns normally when the request may be sent. */
export function validateRequest(op: OperationMeta, params: RequestParams = {}): void {
  const issues = findIssues(op, params);
  if (issues.length === 0) return;
  const [first, ...rest] = issues as [ValidationIssue, ...ValidationIssue[]];
  const method = op.method.toUpperCase();
  const also = rest.length ? ` Also: ${rest.map((i) => i.message).join(' ')}` : '';
  throw new InvalidRequestError(`${method} ${op.path}: ${first.message}${also}`, [first, ...rest], {
    method,
    path: op.path,
  });
}

/** Every broken rule, at most one per parameter, in parameter order, then groups, then unknown names. */
export function findIssues(op: OperationMeta, params: RequestParams = {}): ValidationIssue[] {
  // This runs before every call: nothing below allocates unless there is something to report.
  const issues: ValidationIssue[] = [];

  for (const param of op.parameters) {
    const value = params[param.in]?.[param.name];
    if (isMissing(param.in, value)) {
      if (param.required) {
        issues.push(issue(param, 'required', `${param.name} is required: pass ${accessor(param)}.`));
      }
      continue;
    }
    const problem = checkParameter(param, value, op);
    if (problem) issues.push(issue(param, problem.rule, problem.message));
  }

  for (const group of op.requiredTogether ?? []) {
    const members = group
      .map((name) => op.parameters.find((p) => p.name === name))
      .filter((p): p is ParameterMeta => p !== undefined);
    const sent = members.filter((p) => present(p, params));
    if (sent.length === 0 || sent.length === members.length) continue;
    const missing = members.filter((p) => !present(p, params));
    const firstMissing = missing[0] as ParameterMeta;
    issues.push(
      issue(
        firstMissing,
        'requiredTogether',
        `${joinNames(group)} must be sent together (got ${joinNames(sent.map((p) => p.name))} without ` +
          `${joinNames(missing.map((p) => p.name))}): send all of them, or none for the default.`,
      ),
    );
  }

  const window = op.dateWindow;
  if (window && !window.swapWhenStartAfterEnd) {
    // Where the service does not swap a reversed period (x-date-window), it refuses it: say so before sending.
    const start = params.query?.[window.start];
    const end = params.query?.[window.end];
    if (
      typeof start === 'string' &&
      typeof end === 'string' &&
      !dateProblem(start) &&
      !dateProblem(end) &&
      start > end
    ) {
      issues.push({
        parameter: window.start,
        location: 'query',
        rule: 'dateWindow',
        message: `${window.start} (${start}) is after ${window.end} (${end}): send the earlier date as ${window.start}.`,
      });
    }
  }

  const query = params.query;
  for (const name in query) {
    if (!Object.hasOwn(query, name)) continue;
    const value = query[name];
    // openapi-fetch drops undefined and null values, so they cannot reach the server.
    if (value === undefined || value === null || isQueryParameter(op, name)) continue;
    const knownQuery = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    issues.push({
      parameter: name,
      location: 'query',
      rule: 'unknown',
      message: unknownMessage(name, knownQuery),
    });
  }
  return issues;
}

function present(p: Pick<ParameterMeta, 'name' | 'in'>, params: RequestParams): boolean {
  return !isMissing(p.in, params[p.in]?.[p.name]);
}

function isQueryParameter(op: OperationMeta, name: string): boolean {
  for (const p of op.parameters) if (p.in === 'query' && p.name === name) return true;
  return false;
}

function issue(
  param: Pick<ParameterMeta, 'name' | 'in'>,
  rule: ValidationIssue['rule'],
  message: string,
): ValidationIssue {
  return { parameter: param.name, location: param.in, rule, message };
}

function isMissing(location: ParameterMeta['in'], value: unknown): boolean {
  // An empty path segment would change the URL into another endpoint's, so it counts as missing.
  return value === undefined || value === null || (location === 'path' && value === '');
}

function accessor(param: ParameterMeta): string {
  const key = /^[A-Za-z_$][\w$]*$/.test(param.name) ? `.${param.name}` : `[${JSON.stringify(param.name)}]`;
  return `params.${param.in}${key}`;
}

interface Problem {
  rule: ValidationIssue['rule'];
  message: string;
}

function checkParameter(param: ParameterMeta, value: unknown, op: OperationMeta): Problem | undefined {
  const { schema } = param;
  if (Array.isArray(value)) {
    if (schema.type !== 'array') {
      return { rule: 'type', message: `${param.name} takes one value, not a list (got ${show(value)}).` };
    }
    for (const [index, item] of value.entries()) {
      const problem = checkValue(`${param.name}[${index}]`, schema.items ?? {}, item, param, op);
      if (problem) return problem;
    }
    return undefined;
  }
  // A repeatable parameter given one value is a list of one.
  if (schema.type === 'array') return checkValue(param.name, schema.items ?? {}, value, param, op);
  return checkValue(param.name, schema, value, param, op);
}

function checkValue(
  label: string,
  schema: ParameterSchemaMeta,
  value: unknown,
  param: ParameterMeta,
  op: OperationMeta,
): Problem | undefined {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return checkNumber(label, schema, value, param, op);
    case 'boolean':
      if (typeof value === 'boolean' || value === 'true' || value === 'false') return undefined;
      return { rule: 'type', message: `${label} must be true or false (got ${show(value)}).` };
    default:
      return checkString(label, schema, value);
  }
}

function checkNumber(
  label: string,
  schema: ParameterSchemaMeta,
  value: unknown,
  param: ParameterMeta,
  op: OperationMeta,
): Problem | undefined {
  const integer = schema.type === 'integer';
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    return {
      rule: 'type',
      message: `${label} must be ${integer ? 'a whole number' : 'a number'} (got ${show(value)}).`,
    };
  }
  if (schema.enum && !schema.enum.some((e) => Number(e) === n)) {
    return { rule: 'enum', message: `${label} must be one of ${schema.enum.join(', ')} (got ${n}).` };
  }
  if (schema.minimum !== undefined && n < schema.minimum) {
    return { rule: 'minimum', message: `${label} must be at least ${schema.minimum} (got ${n}).` };
  }
  if (schema.maximum !== undefined && n > schema.maximum) {
    const isPageSize = op.pagination?.sizeParam === param.name;
    const fix = isPageSize ? ` (the document's maximum for this list); use paginate() to read more` : '';
    return { rule: 'maximum', message: `${label} must be at most ${schema.maximum}${fix} (got ${n}).` };
  }
  return undefined;
}

function checkString(label: string, schema: ParameterSchemaMeta, value: unknown): Problem | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return { rule: 'type', message: `${label} must be text (got ${show(value)}).` };
  }
  if (schema.type === undefined && typeof value !== 'string') return undefined;
  const text = String(value);
  if (schema.enum && !schema.enum.some((e) => String(e) === text)) {
    return {
      rule: 'enum',
      message: `${label} must be one of ${schema.enum.join(', ')} (got ${show(text)}).`,
    };
  }
  if (schema.pattern !== undefined) {
    const re = compile(schema.pattern);
    if (re && !re.test(text)) {
      return {
        rule: 'pattern',
        message: `${label} must match ${schema.pattern} (got ${show(text)}): send a value of that form${exampleOf(schema)}.`,
      };
    }
  }
  if (schema.format === 'date') {
    const problem = dateProblem(text);
    if (problem) {
      return {
        rule: 'format',
        message: `${label} must be a real calendar date YYYY-MM-DD (got ${show(text)}: ${problem}).`,
      };
    }
  }
  if (schema.minLength === undefined && schema.maxLength === undefined) return undefined;
  const length = codePoints(text); // as JSON Schema counts them
  if (schema.minLength !== undefined && length < schema.minLength) {
    return {
      rule: 'minLength',
      message: `${label} must have at least ${schema.minLength} characters (got ${length}${exampleOf(schema)}).`,
    };
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    return {
      rule: 'maxLength',
      message: `${label} must have at most ${schema.maxLength} characters (got ${length}${exampleOf(schema)}).`,
    };
  }
  return undefined;
}

/** The spec's example, for a message; only worked out when there is one to write. */
function exampleOf(schema: ParameterSchemaMeta): string {
  return schema.example !== undefined ? `, for example ${JSON.stringify(String(schema.example))}` : '';
}

/** Length in code points: a surrogate pair (an astral character) counts once. */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** Why `text` is not a calendar date, or undefined if it is one (Gregorian leap years: 2024 yes, 2100 no, 2000 yes). */
export function dateProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return 'not in the form YYYY-MM-DD';
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12) return `there is no month ${match[2]}`;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  if (day < 1 || day > days) return `${match[1]}-${match[2]} has ${days} days`;
  return undefined;
}

const patterns = new Map<string, RegExp | null>();

/** Spec patterns are ECMA-262 and unanchored, as JSON Schema says. A pattern that fails to compile is skipped. */
function compile(pattern: string): RegExp | null {
  let re = patterns.get(pattern);
  if (re === undefined) {
    re = tryRegExp(pattern, 'u') ?? tryRegExp(pattern, '');
    patterns.set(pattern, re);
  }
  return re;
}

function tryRegExp(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

function unknownMessage(name: string, known: readonly string[]): string {
  if (known.length === 0)
    return `${name} is not a parameter of this operation, which takes no query parameters.`;
  const ranked = [...known].sort((a, b) => distance(name, a) - distance(name, b));
  const best = ranked[0] as string;
  const near = distance(name, best) <= Math.max(2, Math.floor(best.length / 3));
  return (
    `${name} is not a query parameter of this operation${near ? `; did you mean ${best}?` : '.'} ` +
    `Known query parameters: ${ranked.join(', ')}.`
  );
}

/** Edit distance with "_"/"-" and case treated alike, so `tipo_fundo` ranks `tipo-fundo` first (distance 0). */
function distance(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[y.length] as number;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/_/g, '-');
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}
