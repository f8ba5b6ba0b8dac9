// The shape of one record of an operation, read from the bundled joined spec (@assoc-feed/specs/feed.json)
// through the spec model: which fields are scalars, nested objects or lists, in the spec's order. CSV columns
// come from here, so every file of one operation has the same header whatever the records of a given page
// happen to carry.
import type { OperationMeta } from '@assoc-feed/core';
import { loadSpecModel } from '@assoc-feed/specs/load';
import type { SpecModel } from '@assoc-feed/specs/model';
import { deref, itemsOf, properties, type Schema, types } from '../schema-walk.js';

export type Shape =
  | { kind: 'scalar' }
  | { kind: 'json' }
  | { kind: 'object'; fields: readonly (readonly [string, Shape])[] }
  | { kind: 'list'; item: Extract<Shape, { kind: 'object' }> };

/** The record of a GET operation: an item of the page's list, an item of an array answer, or the answer itself. */
export function recordShape(op: OperationMeta, root: SpecModel = loadSpecModel('feed')): Shape {
  const response = root.operation('get', op.path)?.responses['200'];
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

function shapeOf(root: SpecModel, schema: Schema, depth: number): Shape {
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
