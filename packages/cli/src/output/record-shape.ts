// The shape of one record of an operation, read from the bundled spec (@assoc-feed/specs/feed.json): which
// fields are scalars, nested objects or lists, in the spec's order. CSV columns come from here, so every file
// of one operation has the same header whatever the records of a given page happen to carry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OperationMeta } from '@assoc-feed/core';

type Schema = Record<string, unknown>;

export type Shape =
  | { kind: 'scalar' }
  | { kind: 'json' }
  | { kind: 'object'; fields: readonly (readonly [string, Shape])[] }
  | { kind: 'list'; item: Extract<Shape, { kind: 'object' }> };

let spec: Schema | undefined;
function loadSpec(): Schema {
  if (!spec) {
    const file = createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json');
    spec = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  }
  return spec;
}

/** The record of a GET operation: an item of the page's list, an item of an array answer, or the answer itself. */
export function recordShape(op: OperationMeta, root: Schema = loadSpec()): Shape {
  const paths = root.paths as Record<string, Record<string, Schema>>;
  const operation = paths[op.path]?.get;
  const response = operation && deref(root, (operation.responses as Record<string, Schema>)?.['200']);
  const content = response?.content as Record<string, { schema?: Schema }> | undefined;
  let schema = content?.['application/json']?.schema;
  if (!schema) return { kind: 'json' };
  if (op.pagination) {
    const list = properties(root, schema).find(([name]) => name === op.pagination?.itemsField)?.[1];
    schema = list ? itemsOf(root, list) : undefined;
  } else {
    schema = itemsOf(root, schema) ?? schema;
  }
  return schema ? shapeOf(root, schema, 0) : { kind: 'json' };
}

function deref(root: Schema, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = root;
    for (const key of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[
        key.replaceAll('~1', '/').replaceAll('~0', '~')
      ];
    }
    current = target as Schema | undefined;
  }
  return current;
}

function types(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** Properties in order, merged over allOf/oneOf/anyOf (a field of any variant gets a column). */
function properties(root: Schema, schema: Schema | undefined, depth = 0): [string, Schema][] {
  const s = deref(root, schema);
  if (!s || depth > 20) return [];
  const out = new Map<string, Schema>();
  for (const [name, value] of Object.entries((s.properties as Record<string, Schema>) ?? {}))
    out.set(name, value);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const sub of (s[key] as Schema[] | undefined) ?? []) {
      for (const [name, value] of properties(root, sub, depth + 1)) if (!out.has(name)) out.set(name, value);
    }
  }
  return [...out];
}

function itemsOf(root: Schema, schema: Schema): Schema | undefined {
  const s = deref(root, schema);
  if (!s) return undefined;
  if (types(s).includes('array')) return deref(root, s.items as Schema | undefined);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const sub of (s[key] as Schema[] | undefined) ?? []) {
      const items = itemsOf(root, sub);
      if (items) return items;
    }
  }
  return undefined;
}

function shapeOf(root: Schema, schema: Schema, depth: number): Shape {
  const s = deref(root, schema);
  if (!s || depth > 8) return { kind: 'json' };
  const items = itemsOf(root, s);
  if (items) {
    const item = shapeOf(root, items, depth + 1);
    return item.kind === 'object' ? { kind: 'list', item } : { kind: 'json' };
  }
  const fields = properties(root, s);
  if (fields.length > 0) {
    return {
      kind: 'object',
      fields: fields.map(([name, sub]) => [name, shapeOf(root, sub, depth + 1)] as const),
    };
  }
  // An object without declared properties (a map) has no fixed columns: one JSON cell.
  return types(s).includes('object') ? { kind: 'json' } : { kind: 'scalar' };
}
