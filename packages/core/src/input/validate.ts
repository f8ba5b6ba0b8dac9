// Input checks against the documented parameter rules, run before anything is sent: a wrong code, a size above
// the maximum or a month without its year is reported with the parameter, the rule and the fix, instead of a
// round trip that ends in a bare 400 (or, worse, in a silently different answer).
//
// Values are taken as a caller may really pass them: numbers for integer parameters also as digit strings,
// strings for string parameters also as numbers (`ano: 2026`), since URLs carry text anyway.

import { InvalidRequestError, type ValidationIssue } from '../errors/errors.js';
import type { OperationMeta, ParameterMeta, ParameterSchemaMeta } from './meta.js';
import { dateProblem, partialGroups, type RuleBreak, typedValue, valueBreak } from './parameter-rules.js';

export { dateProblem } from './parameter-rules.js';

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

  const requiredTogether = op.requiredTogether;
  if (requiredTogether?.length) {
    const byName = (name: string) => op.parameters.find((p) => p.name === name);
    const declared = requiredTogether.map((group) => group.filter((name) => byName(name) !== undefined));
    const isSent = (name: string) => present(byName(name) as ParameterMeta, params);
    for (const { group, sent, missing } of partialGroups(declared, isSent)) {
      issues.push(
        issue(
          byName(missing[0] as string) as ParameterMeta,
          'requiredTogether',
          `${joinNames(group)} must be sent together (got ${joinNames(sent)} without ${joinNames(missing)}): ` +
            'send all of them, or none for the default.',
        ),
      );
    }
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
  // A parameter without a type takes text; anything else it is given is left for the server to judge.
  if (schema.type === undefined && typeof value !== 'string' && typeof value !== 'object') return undefined;
  const typed = typedValue(schema.type, value);
  const broken = 'rule' in typed ? typed : valueBreak(schema, typed.value);
  return broken && word(label, broken, schema, 'rule' in typed ? value : typed.value, param, op);
}

/** The rule, in the clients' words: what was expected, what was sent, and the fix where there is one. */
function word(
  label: string,
  broken: RuleBreak,
  schema: ParameterSchemaMeta,
  value: unknown,
  param: ParameterMeta,
  op: OperationMeta,
): Problem | undefined {
  const got = typeof value === 'number' ? String(value) : show(value);
  switch (broken.rule) {
    case 'type': {
      const expected = {
        integer: 'a whole number',
        number: 'a number',
        boolean: 'true or false',
        string: 'text',
      };
      const must = broken.type === 'boolean' ? 'must be true or false' : `must be ${expected[broken.type]}`;
      return { rule: 'type', message: `${label} ${must} (got ${show(value)}).` };
    }
    case 'const':
      return { rule: 'enum', message: `${label} must be ${String(broken.value)} (got ${got}).` };
    case 'enum':
      return { rule: 'enum', message: `${label} must be one of ${broken.values.join(', ')} (got ${got}).` };
    case 'minimum':
    case 'exclusiveMinimum': {
      const bound = broken.rule === 'minimum' ? 'at least' : 'more than';
      return { rule: 'minimum', message: `${label} must be ${bound} ${broken.limit} (got ${broken.value}).` };
    }
    case 'maximum':
    case 'exclusiveMaximum': {
      const bound = broken.rule === 'maximum' ? 'at most' : 'less than';
      const isPageSize = op.pagination?.sizeParam === param.name;
      const fix = isPageSize ? ` (the document's maximum for this list); use paginate() to read more` : '';
      return {
        rule: 'maximum',
        message: `${label} must be ${bound} ${broken.limit}${fix} (got ${broken.value}).`,
      };
    }
    case 'pattern':
      return {
        rule: 'pattern',
        message: `${label} must match ${broken.pattern} (got ${show(String(value))}): send a value of that form${exampleOf(schema)}.`,
      };
    case 'format':
      return {
        rule: 'format',
        message: `${label} must be a real calendar date YYYY-MM-DD (got ${show(String(value))}: ${broken.problem}).`,
      };
    case 'minLength':
      return {
        rule: 'minLength',
        message: `${label} must have at least ${broken.limit} characters (got ${broken.length}${exampleOf(schema)}).`,
      };
    case 'maxLength':
      return {
        rule: 'maxLength',
        message: `${label} must have at most ${broken.limit} characters (got ${broken.length}${exampleOf(schema)}).`,
      };
    default:
      return undefined; // list sizes: the clients send what the caller gives and leave them to the server
  }
}

/** The spec's example, for a message; only worked out when there is one to write. */
function exampleOf(schema: ParameterSchemaMeta): string {
  return schema.example !== undefined ? `, for example ${JSON.stringify(String(schema.example))}` : '';
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
