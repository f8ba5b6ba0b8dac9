// How a 2xx JSON body is read when the client asks for more than JSON.parse: exact decimals (`numbers: 'exact'`),
// every digit kept (the command line), and/or checking the answer against the spec (`validateResponses`).
// The one seam with the rest of the client: the pipeline's body reading (body.ts) calls parse() instead of
// JSON.parse for a 2xx JSON body, so size limits, errors, paging and streaming stay untouched. This module, the exact
// fields and the validators are loaded on first use (dynamic imports of package entries the document package
// provides: `@assoc-feed/core/response-body`, its `./exact` and `./validators`), so the default bundle has none.

import { decimalProblems, parseLossless, rewriteExactFields, rewriteLossless } from './exact-json.js';
import {
  type AjvIssue,
  type BodyReader,
  type BodyReaderOptions,
  type ExactModule,
  type ResponseIssue,
  ResponseValidationError,
  type ValidatorsModule,
} from './response-types.js';

/** The loaded extras, once (a rejected load is retried on the next call). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** The text openapi-fetch parses, or the data already parsed from it. */
interface Read {
  text: string;
  data?: unknown;
}

const NO_EXACT: ExactModule = { exactFields: [], decimalRules: {} };

/** Reads 2xx bodies as the options ask (the client patches each Response's text()/json() with it). */
export function createBodyReader(options: BodyReaderOptions): BodyReader {
  const report = options.report ?? warn;
  const exact = once(() => options.extras.exact?.() ?? Promise.resolve(NO_EXACT));
  const validators = once(
    () => options.extras.validators?.() ?? Promise.resolve<ValidatorsModule>({ validators: {} }),
  );

  async function read(text: string, status: number, operation: string, path: string): Promise<Read> {
    // The command line's common case: parseLossless checks its fast rewrite by parsing it, so it parses here.
    if (options.numbers === 'lossless' && options.validate === 'off' && text !== '') {
      return { text, data: parseLossless(text) };
    }
    const fields = options.numbers === 'exact' || options.validate !== 'off' ? await exact() : NO_EXACT;
    const out =
      options.numbers === 'exact'
        ? rewriteExactFields(text, fields.exactFields)
        : options.numbers === 'lossless'
          ? rewriteLossless(text)
          : text;
    if (options.validate === 'off' || text === '') return { text: out };
    const where = `${operation} ${status}`;
    const module = await validators();
    const validate = module.validators[where];
    const issues: ResponseIssue[] = [];
    let plain: unknown;
    if (validate) {
      try {
        plain = JSON.parse(text);
      } catch {
        return { text: out }; // not JSON: reading it fails where it always did
      }
      if (!validate(plain)) {
        // One difference can fail several branches of a composed schema: each is reported once.
        const seen = new Set<string>();
        for (const issue of (validate.errors ?? []).map((e) => fromAjv(e, plain, where))) {
          const id = `${issue.pointer}\u0000${issue.expected}`;
          if (!seen.has(id)) issues.push(issue);
          seen.add(id);
        }
      }
    }
    issues.push(
      ...(module.decimalFields
        ? listedNotationIssues(text, fields, where, module.decimalFields)
        : notationIssues(text, fields, where)),
    );
    if (issues.length > 0) {
      if (options.validate === 'throw') {
        throw new ResponseValidationError(validationMessage(issues), issues, { method: 'GET', path, status });
      }
      report(issues);
    }
    // Under plain numbers the validator's parse is the data: the body is parsed once.
    return out === text && plain !== undefined ? { text: out, data: plain } : { text: out };
  }

  return {
    async parse(text, status, operation, path) {
      const { text: out, data } = await read(text, status, operation, path);
      return data !== undefined ? data : JSON.parse(out);
    },
  };
}

function validationMessage(issues: readonly ResponseIssue[]): string {
  const head = issues
    .slice(0, 3)
    .map((i) => `${i.pointer || '/'}: expected ${i.expected}, found ${i.found}`)
    .join('; ');
  return (
    `${issues[0]?.operation} answered ${issues.length} difference(s) from the spec: ${head}` +
    `${issues.length > 3 ? '; …' : ''}. The service may have changed: run \`assoc-feed conform\` and report ` +
    "it, or pass validateResponses: 'warn' to keep going."
  );
}

function warn(issues: readonly ResponseIssue[]): void {
  for (const issue of issues) {
    console.warn(
      `assoc-feed: ${issue.operation} differs from the spec at ${issue.pointer || '/'}: expected ${issue.expected}, found ${issue.found}`,
    );
  }
}

/** A decimal field's place in an answer: its pointer's segments (`*`: every item or value), and its name. */
interface DecimalPlace {
  segments: readonly string[];
  name: string;
}

/**
 * Per list of pointers (one operation and status): its places, and the fields' names as one stable array (the
 * scan's pattern is cached by the array).
 */
const placesOf = new WeakMap<
  readonly string[],
  { names: readonly string[]; places: readonly DecimalPlace[] }
>();

/**
 * Decimals sent in a notation the documents do not allow, looked for only where the operation's schema has
 * decimal fields (the validators module's `decimalFields`): an answer without any, like the fund list, is not
 * scanned at all, and a number under a field the schema does not list there is not checked (nor reported).
 */
function listedNotationIssues(
  text: string,
  exact: ExactModule,
  where: string,
  decimalFields: Readonly<Record<string, readonly string[]>>,
): ResponseIssue[] {
  const pointers = decimalFields[where];
  if (!pointers || pointers.length === 0) return [];
  let listed = placesOf.get(pointers);
  if (!listed) {
    const places = pointers.map((pointer) => {
      const segments = pointer
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
      return { segments, name: segments[segments.length - 1] ?? '' };
    });
    listed = { names: [...new Set(places.map((p) => p.name))], places };
    placesOf.set(pointers, listed);
  }
  const problems = decimalProblems(text, listed.names, exact.decimalRules);
  if (problems.length === 0) return [];
  // Rare: only now is the body parsed a second time (the listed fields as text), to say where each one is.
  const data = JSON.parse(rewriteExactFields(text, listed.names));
  const bad = new Map(problems.map((p) => [`${p.field}\u0000${p.text}`, p]));
  const issues: ResponseIssue[] = [];
  const visit = (node: unknown, place: DecimalPlace, i: number, pointer: string): void => {
    if (i === place.segments.length) {
      const problem = typeof node === 'string' ? bad.get(`${place.name}\u0000${node}`) : undefined;
      if (problem)
        issues.push(notationIssue(where, pointer, place.name, node as string, problem.problem, exact));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const segment = place.segments[i] as string;
    if (segment === '*') {
      const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
      for (const [key, value] of entries)
        visit(value, place, i + 1, `${pointer}/${escapePointer(String(key))}`);
    } else if (!Array.isArray(node) && Object.hasOwn(node, segment)) {
      visit((node as Record<string, unknown>)[segment], place, i + 1, `${pointer}/${escapePointer(segment)}`);
    }
  };
  for (const place of listed.places) visit(data, place, 0, '');
  return issues;
}

function notationIssue(
  where: string,
  pointer: string,
  field: string,
  value: string,
  problem: string,
  exact: ExactModule,
): ResponseIssue {
  const rule = exact.decimalRules[field];
  return {
    operation: where,
    pointer,
    expected: `decimal notation${rule ? ` (precision ${rule.precision ?? '?'}, scale ${rule.scale ?? '?'})` : ''}`,
    found: `${value} (${problem})`,
  };
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Decimals sent in a notation the documents do not allow (an exponent, too many decimals), with their pointers:
 * the whole answer, every number under an exact field's name (a validators module without `decimalFields`).
 */
function notationIssues(text: string, exact: ExactModule, where: string): ResponseIssue[] {
  const problems = decimalProblems(text, exact.exactFields, exact.decimalRules);
  if (problems.length === 0) return [];
  // Rare: only now is the body parsed a second time, to say where each one is.
  const data = JSON.parse(rewriteExactFields(text, exact.exactFields));
  const bad = new Map(problems.map((p) => [`${p.field}\u0000${p.text}`, p]));
  const issues: ResponseIssue[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${escapePointer(key)}`;
        const problem = typeof value === 'string' ? bad.get(`${key}\u0000${value}`) : undefined;
        if (problem) issues.push(notationIssue(where, at, key, value as string, problem.problem, exact));
        else walk(value, at);
      }
    }
  };
  walk(data, '');
  return issues;
}

function fromAjv(error: AjvIssue, data: unknown, where: string): ResponseIssue {
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty ?? '');
    return {
      operation: where,
      pointer: `${error.instancePath}/${missing}`,
      expected: 'required property',
      found: 'absent',
    };
  }
  const expected =
    error.keyword === 'type'
      ? `type ${String(error.params.type)}`
      : error.keyword === 'format'
        ? `format ${String(error.params.format)}`
        : `${error.keyword}: ${error.message ?? ''}`.trim();
  return {
    operation: where,
    pointer: error.instancePath,
    expected,
    found: shown(at(data, error.instancePath)),
  };
}

function at(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let node = data;
  for (const part of pointer.slice(1).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number beyond a double';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
