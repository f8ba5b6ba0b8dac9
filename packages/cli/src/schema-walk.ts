// Reading a record's schema through the spec model: references followed, the properties of allOf/oneOf/anyOf
// merged, a list's item schema found. Shared by the CSV/record layout (output/record-shape.ts) and sync's
// Parquet columns (commands/sync/column-types.ts), which must see the same fields.
import type { SpecModel } from '@assoc-feed/specs/model';

export type Schema = Record<string, unknown>;

export function deref(model: SpecModel, schema: unknown): Schema | undefined {
  return model.deref<Schema | undefined>(schema);
}

export function types(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** Properties in order, merged over allOf/oneOf/anyOf (a field of any variant gets a column). */
export function properties(model: SpecModel, schema: unknown, depth = 0): [string, Schema][] {
  const s = deref(model, schema);
  if (!s || depth > 20) return [];
  const out = new Map<string, Schema>();
  for (const [name, value] of Object.entries((s.properties as Record<string, Schema>) ?? {}))
    out.set(name, value);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const sub of (s[key] as Schema[] | undefined) ?? []) {
      for (const [name, value] of properties(model, sub, depth + 1)) if (!out.has(name)) out.set(name, value);
    }
  }
  return [...out];
}

/** The item schema of a list, or of the first allOf/oneOf/anyOf part that is one. */
export function itemsOf(model: SpecModel, schema: unknown): Schema | undefined {
  const s = deref(model, schema);
  if (!s) return undefined;
  if (types(s).includes('array')) return deref(model, s.items);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const sub of (s[key] as Schema[] | undefined) ?? []) {
      const items = itemsOf(model, sub);
      if (items) return items;
    }
  }
  return undefined;
}
