// What an answer does differently from the spec, in the words of a drift report: unknown fields, missing
// required fields, type and format mismatches, another page envelope; each with the `x-inferred` choices its
// place in the spec rests on (the inferences a difference may settle). Array indexes are folded to `*` so one
// difference in every record is one line.
import type { OperationMeta, ResponseIssue } from '@assoc-feed/core';
import type { Json, SpecModel } from '@assoc-feed/specs/model';

export const DRIFT_KINDS = ['unknown-field', 'missing-field', 'type', 'format', 'envelope'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export interface Drift {
  kind: DriftKind;
  /** JSON pointer into the answer, array indexes as `*`. */
  pointer: string;
  expected: string;
  found: string;
  /** The `x-inferred` choices on the way to this place in the spec. */
  inferred: string[];
}

/** The 2xx JSON schema of an operation, or undefined. */
export function responseSchema(model: SpecModel, op: OperationMeta, status: number): Json | undefined {
  const response = model.operation('get', op.path)?.responses[String(status)];
  const content = model.deref<Json>((response?.content as Json | undefined)?.['application/json']);
  return content?.schema ? model.deref<Json>(content.schema) : undefined;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const fold = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/** Properties of an object schema, merged over allOf, oneOf and anyOf; undefined when any key is allowed. */
function propertiesOf(model: SpecModel, schema: Json | undefined, depth = 0): Map<string, Json> | undefined {
  const s = model.deref<Json>(schema);
  const out = new Map<string, Json>();
  if (!s || depth > 20) return out;
  if (s.additionalProperties && typeof s.additionalProperties === 'object') return undefined;
  for (const [name, sub] of Object.entries((s.properties as Json | undefined) ?? {}))
    out.set(name, sub as Json);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (s[key] as Json[] | undefined) ?? []) {
      const inner = propertiesOf(model, part, depth + 1);
      if (!inner) return undefined;
      for (const [name, sub] of inner) if (!out.has(name)) out.set(name, sub);
    }
  }
  return out;
}

function itemsOf(model: SpecModel, schema: Json | undefined): Json | undefined {
  const s = model.deref<Json>(schema);
  if (!s) return undefined;
  if (s.items) return s.items as Json;
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (s[key] as Json[] | undefined) ?? []) {
      const items = itemsOf(model, part);
      if (items) return items;
    }
  }
  return undefined;
}

/** Fields the spec does not declare, at any depth (where the schema lists its properties). */
export function unknownFields(model: SpecModel, schema: Json, data: unknown, pointer = ''): string[] {
  if (Array.isArray(data)) {
    const items = itemsOf(model, schema);
    return items ? data.flatMap((item, i) => unknownFields(model, items, item, `${pointer}/${i}`)) : [];
  }
  if (!data || typeof data !== 'object') return [];
  const properties = propertiesOf(model, schema);
  if (!properties || properties.size === 0) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const sub = properties.get(key);
    const at = `${pointer}/${escapePointer(key)}`;
    if (!sub) out.push(at);
    else out.push(...unknownFields(model, sub, value, at));
  }
  return out;
}

/** The `x-inferred` choices met walking the schema down a (folded) pointer. */
export function inferredAlong(model: SpecModel, schema: Json, pointer: string): string[] {
  const found: string[] = [];
  const note = (node: Json | undefined) => {
    const inferred = node?.['x-inferred'] as { choice?: string } | undefined;
    if (inferred?.choice && !found.includes(inferred.choice)) found.push(inferred.choice);
  };
  const collect = (node: Json | undefined, depth = 0) => {
    const s = model.deref<Json>(node);
    if (!s || depth > 20) return;
    note(node && (node as Json).$ref ? s : (node as Json));
    note(s);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      for (const part of (s[key] as Json[] | undefined) ?? []) note(model.deref<Json>(part));
    }
  };
  let node: Json | undefined = schema;
  collect(node);
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = part === '*' || /^\d+$/.test(part) ? itemsOf(model, node) : propertiesOf(model, node)?.get(part);
    if (!node) break;
    collect(node);
  }
  return found;
}

/**
 * The drifts of one answer: the validator's issues (required, type, format), the unknown fields, and, for a
 * paginated list, an envelope without the documented list and totals. One line per kind and folded pointer.
 */
export function driftsOf(
  model: SpecModel,
  op: OperationMeta,
  status: number,
  body: unknown,
  issues: readonly ResponseIssue[],
): Drift[] {
  const schema = responseSchema(model, op, status);
  if (!schema) return [];
  const out = new Map<string, Drift>();
  const add = (kind: DriftKind, pointer: string, expected: string, found: string) => {
    const folded = fold(pointer);
    const id = `${kind} ${folded}`;
    if (!out.has(id)) {
      out.set(id, { kind, pointer: folded, expected, found, inferred: inferredAlong(model, schema, folded) });
    }
  };
  const paging = op.pagination;
  const envelopeBroken =
    paging !== undefined &&
    (body === null || typeof body !== 'object' || !Array.isArray((body as Json)[paging.itemsField]));
  if (envelopeBroken && paging) {
    const keys = body && typeof body === 'object' ? Object.keys(body).join(', ') : typeof body;
    // A cursor page names its next cursor; a numbered page its totals (the last page only where documented).
    const rest =
      paging.kind === 'cursor'
        ? paging.nextCursorField
        : [paging.totalElementsField, paging.totalPagesField].filter(Boolean).join(', ');
    add('envelope', '', `a page: ${paging.itemsField} (list), ${rest}`, `{${keys}}`);
  }
  for (const issue of issues) {
    // A broken envelope already says it: the validator's complaints about the top level are the same news.
    if (envelopeBroken && fold(issue.pointer).split('/').length <= 2) continue;
    const kind: DriftKind | undefined =
      issue.expected === 'required property'
        ? 'missing-field'
        : issue.expected.startsWith('type ')
          ? 'type'
          : issue.expected.startsWith('format ') ||
              issue.expected.startsWith('pattern') ||
              issue.expected.startsWith('decimal notation')
            ? 'format'
            : undefined;
    add(kind ?? 'type', issue.pointer, issue.expected, issue.found);
  }
  if (!envelopeBroken) {
    for (const pointer of unknownFields(model, schema, body))
      add('unknown-field', pointer, 'no such field', 'present');
  }
  return [...out.values()];
}
