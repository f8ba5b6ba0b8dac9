// What an operation answers, read from its 200 schema through the spec model: a page envelope (records in a
// list field, paged by number or by cursor), a bare array of records, or one object; and the fields of each
// record with their meanings, as the spec describes them.
import type { Json, SpecModel } from '@assoc-feed/specs/model';
import type { Entry } from './catalog.js';

export interface Field {
  /** Dotted path from the record (`classes[].codigo_classe`). */
  name: string;
  type: string;
  required: boolean;
  description?: string;
  /** The spec's `x-inferred` choice for this field, when it is one. */
  inferred?: string;
}

export interface AnswerShape {
  kind: 'page' | 'cursor' | 'array' | 'object' | 'none';
  /** The page envelope's field names (`x-page-envelope`: items, totalElements, nextCursor, …). */
  envelope?: Record<string, string>;
  /** The record's own description. */
  description?: string;
  fields: Field[];
}

/** How deep describe_operation follows nested objects and lists of objects. */
const MAX_DEPTH = 3;

interface Merged {
  node: Json;
  properties: Record<string, unknown>;
  required: Set<string>;
}

/** A schema with its `allOf` parts laid together (properties, required, `x-page-envelope`). */
function merge(model: SpecModel, raw: unknown, seen = new Set<unknown>()): Merged {
  const node = model.deref<Json>(raw ?? {});
  const out: Merged = {
    node,
    properties: { ...((node.properties as Json | undefined) ?? {}) },
    required: new Set(Array.isArray(node.required) ? (node.required as string[]) : []),
  };
  if (seen.has(node)) return out;
  seen.add(node);
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = merge(model, part, seen);
    Object.assign(out.properties, inner.properties);
    for (const r of inner.required) out.required.add(r);
    for (const [k, v] of Object.entries(inner.node)) {
      if (k.startsWith('x-') && !(k in out.node)) out.node = { ...out.node, [k]: v };
    }
    if (!out.node.description && inner.node.description)
      out.node = { ...out.node, description: inner.node.description };
  }
  return out;
}

/** The one non-null alternative of a nullable `oneOf`/`anyOf`, else the node itself. */
function unwrapNullable(model: SpecModel, node: Json): { node: Json; nullable: boolean } {
  const alternatives = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (!Array.isArray(alternatives)) return { node, nullable: false };
  const parts = alternatives.map((a) => model.deref<Json>(a));
  const others = parts.filter((p) => p.type !== 'null');
  if (others.length === 1 && others.length < parts.length) {
    return {
      node: { ...(others[0] as Json), description: node.description ?? others[0]?.description },
      nullable: true,
    };
  }
  return { node, nullable: false };
}

/** `string, format date`, `number, decimal(19,4)`, `one of FIF, FIDC`, `list of objects`. */
export function typeLabel(model: SpecModel, raw: unknown): string {
  const { node, nullable } = unwrapNullable(model, model.deref<Json>(raw ?? {}));
  const parts: string[] = [];
  const type = Array.isArray(node.type)
    ? (node.type as string[]).join(' or ')
    : (node.type as string | undefined);
  if (type === 'array') {
    const items = model.deref<Json>(node.items ?? {});
    parts.push(
      `list of ${items.type === 'object' || items.properties || items.allOf ? 'objects' : typeLabel(model, items)}`,
    );
  } else if (type) parts.push(type);
  else if (node.oneOf || node.anyOf) {
    const alternatives = ((node.oneOf ?? node.anyOf) as unknown[]).map((a) => typeLabel(model, a));
    parts.push(`one of (${alternatives.join(' | ')})`);
  } else if (node.properties || node.allOf) parts.push('object');
  if (typeof node.format === 'string') parts.push(`format ${node.format}`);
  const decimal = node['x-decimal'] as { precision?: number; scale?: number } | undefined;
  if (decimal?.precision !== undefined) parts.push(`decimal(${decimal.precision},${decimal.scale ?? 0})`);
  if (Array.isArray(node.enum)) parts.push(`one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (typeof node.pattern === 'string') parts.push(`pattern ${node.pattern}`);
  if (typeof node.maxLength === 'number') parts.push(`at most ${node.maxLength} characters`);
  if (nullable) parts.push('or null');
  return parts.join(', ') || 'any';
}

/** An `x-inferred` value (one choice or a list) as one line. */
export function inferredText(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const lines = list
    .filter((v): v is Json => !!v && typeof v === 'object')
    .map((v) => `${String(v.choice ?? '')}${v.basis ? ` (basis: ${String(v.basis)})` : ''}`);
  return lines.length ? lines.join(' ') : undefined;
}

function walk(model: SpecModel, merged: Merged, prefix: string, depth: number, out: Field[]): void {
  for (const [name, raw] of Object.entries(merged.properties)) {
    const followed = model.deref<Json>(raw ?? {});
    const node = unwrapNullable(model, followed).node;
    const field: Field = {
      name: `${prefix}${name}`,
      type: typeLabel(model, followed),
      required: merged.required.has(name),
    };
    const description = followed.description ?? node.description;
    if (typeof description === 'string') field.description = description.trim().replace(/\s+/g, ' ');
    const inferred = inferredText(followed['x-inferred'] ?? node['x-inferred']);
    if (inferred) field.inferred = inferred;
    out.push(field);
    if (depth >= MAX_DEPTH) continue;
    const inner = node.type === 'array' ? model.deref<Json>(node.items ?? {}) : node;
    if (inner.properties || inner.allOf) {
      const suffix = node.type === 'array' ? '[].' : '.';
      walk(model, merge(model, inner), `${prefix}${name}${suffix}`, depth + 1, out);
    }
  }
}

/** The 200 JSON schema of an operation, if it has one. */
function okSchema(entry: Entry): unknown {
  const ok = entry.op.responses['200'] ?? entry.op.responses['201'];
  if (!ok) return undefined;
  const content = entry.model.deref<Json>(ok).content as Record<string, Json> | undefined;
  return content?.['application/json']?.schema;
}

export function answerShape(entry: Entry): AnswerShape {
  const { model } = entry;
  const schema = okSchema(entry);
  if (schema === undefined) return { kind: 'none', fields: [] };
  const top = merge(model, schema);
  const envelope = top.node['x-page-envelope'] as Record<string, string> | undefined;
  let record: Merged;
  let kind: AnswerShape['kind'];
  if (envelope?.items) {
    kind = envelope.nextCursor ? 'cursor' : 'page';
    const list = model.deref<Json>(top.properties[envelope.items] ?? {});
    record = merge(model, list.items);
  } else if (top.node.type === 'array') {
    kind = 'array';
    record = merge(model, top.node.items);
  } else {
    kind = 'object';
    record = top;
  }
  const fields: Field[] = [];
  walk(model, record, '', 1, fields);
  const shape: AnswerShape = { kind, fields };
  if (envelope) shape.envelope = envelope;
  const description = record.node.description ?? top.node.description;
  if (typeof description === 'string') shape.description = description.trim().replace(/\s+/g, ' ');
  return shape;
}
