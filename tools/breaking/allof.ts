// Flattening `allOf` into one schema, so that the diff sees one set of properties and constraints whatever
// the composition (the page envelope + records pattern of CONVENTIONS.md). Intersection semantics: properties
// and required are united, bounds take the tighter value, types and enums are intersected.
import { deref } from './refs.ts';
import { isObj, type Obj } from './types.ts';

const tighterIsSmaller = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const tighterIsLarger = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);

function typeList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  return undefined;
}

function mergeInto(target: Obj, part: Obj): void {
  for (const [key, value] of Object.entries(part)) {
    const current = target[key];
    if (current === undefined) {
      target[key] = key === 'properties' && isObj(value) ? { ...value } : value;
      continue;
    }
    if (key === 'properties' && isObj(current) && isObj(value)) {
      for (const [name, schema] of Object.entries(value)) {
        const existing = current[name];
        current[name] = existing === undefined ? schema : { allOf: [existing, schema] };
      }
    } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      target[key] = [...new Set([...current, ...value])];
    } else if (key === 'type') {
      const a = typeList(current);
      const b = typeList(value);
      if (a && b) {
        const both = a.filter((t) => b.includes(t) || (t === 'integer' && b.includes('number')));
        for (const t of b) if (t === 'integer' && a.includes('number') && !both.includes(t)) both.push(t);
        target[key] = both.length === 1 ? both[0] : both;
      }
    } else if (key === 'enum' && Array.isArray(current) && Array.isArray(value)) {
      const keys = new Set(value.map((v) => JSON.stringify(v)));
      target[key] = current.filter((v) => keys.has(JSON.stringify(v)));
    } else if (typeof current === 'number' && typeof value === 'number' && tighterIsSmaller.has(key)) {
      target[key] = Math.min(current, value);
    } else if (typeof current === 'number' && typeof value === 'number' && tighterIsLarger.has(key)) {
      target[key] = Math.max(current, value);
    } else if (key === 'items' && isObj(current) && isObj(value)) {
      target[key] = { allOf: [current, value] };
    } else if (key === 'additionalProperties' && value === false) {
      target[key] = false;
    } else if (key === 'deprecated' && value === true) {
      target[key] = true;
    }
    // Any other keyword: the first part that sets it wins.
  }
}

/** Returns the schema with its `allOf` (recursively, through refs) merged into it; other schemas unchanged. */
export function mergeAllOf(schema: Obj, doc: unknown, seen: string[] = []): Obj {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...own } = schema;
  const merged: Obj = {};
  for (const member of allOf as unknown[]) {
    const { value, refs } = deref(member, doc);
    if (!isObj(value) || refs.some((ref) => seen.includes(ref))) continue;
    mergeInto(merged, mergeAllOf(value, doc, [...seen, ...refs]));
  }
  mergeInto(merged, own);
  return merged;
}
