// What the sandbox reads from schemas beyond the spec model: the component a `$ref` names (the naming context
// of generated values) and an object schema's properties with those of its `allOf` parts.
import type { Json, SpecModel } from '@assoc-feed/specs/model';

/** The component a schema node refers to (`#/components/schemas/X` → X), if it is a `$ref`. */
export function componentName(node: unknown): string | undefined {
  const ref = (node as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

export interface FlatObject {
  properties: Record<string, unknown>;
  required: Set<string>;
  /** The `x-` keywords met on the way (x-page-envelope…). */
  extensions: Json;
}

/** Properties and required names of an object schema, merging `allOf` parts, with the extensions found. */
export function flattenObject(model: SpecModel, node: unknown): FlatObject {
  const schema = model.deref(node);
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const extensions: Json = {};
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    const inner = flattenObject(model, part);
    Object.assign(properties, inner.properties);
    for (const r of inner.required) required.add(r);
    Object.assign(extensions, inner.extensions);
  }
  Object.assign(properties, (schema.properties as Json | undefined) ?? {});
  for (const r of (schema.required as string[] | undefined) ?? []) required.add(r);
  for (const [k, v] of Object.entries(schema)) if (k.startsWith('x-')) extensions[k] = v;
  return { properties, required, extensions };
}
