// The fields of an operation's success responses (2xx, JSON), through $ref, allOf/oneOf/anyOf and arrays, so
// the search can lead from a field name to the operations that return it.
import type { Json } from './inputs.ts';
import type { Operation } from './operations.ts';
import type { Resolver } from './resolve.ts';

export interface ResponseField {
  name: string;
  /** Where it sits in the body: content[].classes[].codigo_classe */
  path: string;
  description: string;
}

function walkSchema(
  raw: unknown,
  resolve: Resolver,
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
  const schema = resolve<Json>(raw);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const part of (schema[key] as unknown[] | undefined) ?? [])
      walkSchema(part, resolve, prefix, out, refs);
  }
  if (schema.items) walkSchema(schema.items, resolve, `${prefix}[]`, out, refs);
  for (const [name, child] of Object.entries((schema.properties as Json | undefined) ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const resolved = resolve<Json>(child);
    out.push({ name, path, description: String(resolved.description ?? (child as Json).description ?? '') });
    walkSchema(child, resolve, path, out, refs);
  }
}

export function responseFields(op: Operation, resolve: Resolver): ResponseField[] {
  const out: ResponseField[] = [];
  for (const [status, rawResponse] of Object.entries((op.node.responses as Json | undefined) ?? {})) {
    if (!/^2/.test(status)) continue;
    const content = (resolve<Json>(rawResponse).content as Record<string, Json> | undefined) ?? {};
    for (const [type, media] of Object.entries(content)) {
      if (type.includes('json') && media.schema) walkSchema(media.schema, resolve, '', out, []);
    }
  }
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.path) && seen.add(f.path));
}
