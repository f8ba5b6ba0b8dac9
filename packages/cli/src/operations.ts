// Every GET operation of the three documents, from their generated meta, and the match of a path typed on the
// command line (`/feed/fundos/v2/fundos/F0000100007?size=2`) to its operation and parameters.
import type { OperationMeta } from '@assoc-feed/core';
import { fundosV1Meta } from '@assoc-feed/fundos-v1';
import { fundosV2Meta } from '@assoc-feed/fundos-v2';
import { precosIndicesMeta } from '@assoc-feed/precos-indices';
import { UsageError } from './errors.js';
import { closest } from './suggest.js';

export type DocumentKey = 'fundosV2' | 'fundosV1' | 'precosIndices';

export interface Operation {
  document: DocumentKey;
  meta: OperationMeta;
  /** The path template split at "/", without the empty first segment. */
  segments: readonly string[];
}

export type QueryValues = Record<string, string | string[]>;

export interface Target {
  operation: Operation;
  path: Record<string, string>;
  /** Query parameters written in the path itself (`?size=2`). */
  query: QueryValues;
}

const documents: readonly [DocumentKey, { operations: Readonly<Record<string, OperationMeta>> }][] = [
  ['fundosV2', fundosV2Meta],
  ['fundosV1', fundosV1Meta],
  ['precosIndices', precosIndicesMeta],
];

/** The feed's GET operations (the token and input-family POSTs are not data the CLI reads). */
export const operations: readonly Operation[] = documents.flatMap(([document, meta]) =>
  Object.values(meta.operations)
    .filter((op) => op.method === 'get' && op.auth === 'flowA')
    .map((op) => ({ document, meta: op, segments: op.path.split('/').slice(1) })),
);

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** A path as typed: absolute or not, a full URL, a query string after "?": all accepted. */
export function findTarget(input: string): Target {
  const { pathname, search } = splitInput(input);
  const typed = pathname
    .split('/')
    .slice(1)
    .map((s) => safeDecode(s));
  const matches = operations
    .filter((op) => op.segments.length === typed.length)
    .filter((op) => op.segments.every((s, i) => isParam(s) || s === typed[i]));
  // Literal segments win over parameters, left to right (how the service routes E4 against E6).
  matches.sort((a, b) => {
    for (let i = 0; i < a.segments.length; i++) {
      const la = !isParam(a.segments[i] as string);
      const lb = !isParam(b.segments[i] as string);
      if (la !== lb) return la ? -1 : 1;
    }
    return 0;
  });
  const operation = matches[0];
  if (!operation) throw unknownPath(pathname, typed);

  const path: Record<string, string> = {};
  for (const [i, segment] of operation.segments.entries()) {
    if (!isParam(segment)) continue;
    const name = segment.slice(1, -1);
    const value = typed[i] as string;
    if (value === '' || isParam(value) || value.startsWith(':')) {
      throw new UsageError(
        `${value || 'An empty segment'} in ${pathname} stands for ${name}: put a value there instead${example(operation, name)}.`,
      );
    }
    path[name] = value;
  }
  return { operation, path, query: parseSearch(search) };
}

function example(operation: Operation, name: string): string {
  const schema = operation.meta.parameters.find((p) => p.name === name)?.schema;
  if (schema?.example !== undefined) return `, such as ${schema.example}`;
  return schema?.pattern ? ` (pattern ${schema.pattern})` : '';
}

function splitInput(input: string): { pathname: string; search: string } {
  let text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    text = `${url.pathname}${url.search}`;
  }
  const q = text.indexOf('?');
  const rawPath = q === -1 ? text : text.slice(0, q);
  const search = q === -1 ? '' : text.slice(q + 1);
  const pathname = `/${rawPath.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return { pathname, search };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function parseSearch(search: string): QueryValues {
  const query: QueryValues = {};
  for (const [name, value] of new URLSearchParams(search)) addQueryValue(query, name, value);
  return query;
}

/** A repeated name becomes a list (`classe-assoc=FII&classe-assoc=FIDC`). */
export function addQueryValue(query: QueryValues, name: string, value: string): void {
  const previous = query[name];
  if (previous === undefined) query[name] = value;
  else query[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
}

function unknownPath(pathname: string, typed: string[]): UsageError {
  // Compare with each template filled in with what was typed, so a code in the path does not count as a typo.
  const filled = new Map<string, Operation>();
  for (const op of operations) {
    const text = `/${op.segments.map((s, i) => (isParam(s) && typed[i] ? typed[i] : s)).join('/')}`;
    if (!filled.has(text)) filled.set(text, op);
  }
  const near = closest(pathname, [...filled.keys()]).map((text) => filled.get(text) as Operation);
  return new UsageError(
    `${pathname} is not a GET operation of the Feed API. Closest matches:\n` +
      `${near.map(describe).join('\n')}\n` +
      `Write the path as the reference docs do, with the codes filled in (e.g. /feed/fundos/v2/fundos/F0000100007).`,
  );
}

/** An item of `--only` (conform, sync): a document id (`E8`, `C/vna`) or a part of the path (`/titulos-publicos`). */
export function matchesOnly(op: Operation, item: string): boolean {
  return op.meta.path.includes(item) || op.meta.documentId === item;
}

/** `  /feed/fundos/v2/fundos  (E1)`: one line of a list of operations. */
export function describe(op: Operation): string {
  return `  ${op.meta.path}${op.meta.documentId ? `  (${op.meta.documentId})` : ''}`;
}
