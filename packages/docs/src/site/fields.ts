// The fields of an operation's success responses (2xx, JSON), through $ref, allOf/oneOf/anyOf and arrays, so
// the search can lead from a field name to the operations that return it.

import type { SpecModel } from '@assoc-feed/specs/model';
import type { Json } from './inputs.ts';
import type { Operation } from './operations.ts';

export interface ResponseField {
  name: string;
  /** Where it sits in the body: content[].classes[].codigo_classe */
  path: string;
  description: string;
}

function walkSchema(
  raw: unknown,
  model: SpecModel,
  prefix: string,
  out: ResponseField[],
  refs: string[],
): void {
  if (!raw || typeof raw !== 'object') return;
  const ref = (raw as Json).$ref;
  if (typeof ref === 'string') {
    if (refs.includes(ref)) return; // recursive schema: stop at the second visit
    refs = [...refs, ref];
  }
  const schema = model.deref<Json>(raw);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const part of (schema[key] as unknown[] | undefined) ?? [])
      walkSchema(part, model, prefix, out, refs);
  }
  if (schema.items) walkSchema(schema.items, model, `${prefix}[]`, out, refs);
  for (const [name, child] of Object.entries((schema.properties as Json | undefined) ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    // Both descriptions: the property's own (beside its $ref: what this field is, "Indicative rate") first, then
    // its type's (what any such value is); the search reads what a field is from the first.
    const target = model.follow<Json>(child).target;
    const own = (child as Json).description;
    const descriptions = [own, target === child ? undefined : target.description].filter(
      (d, i, all): d is string => typeof d === 'string' && d !== '' && all.indexOf(d) === i,
    );
    out.push({ name, path, description: descriptions.join(' ') });
    walkSchema(child, model, path, out, refs);
  }
}

export function responseFields(op: Operation, model: SpecModel): ResponseField[] {
  const out: ResponseField[] = [];
  for (const [status, rawResponse] of Object.entries((op.node.responses as Json | undefined) ?? {})) {
    if (!/^2/.test(status)) continue;
    const content = (model.deref<Json>(rawResponse).content as Record<string, Json> | undefined) ?? {};
    for (const [type, media] of Object.entries(content)) {
      if (type.includes('json') && media.schema) walkSchema(media.schema, model, '', out, []);
    }
  }
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.path) && seen.add(f.path));
}
