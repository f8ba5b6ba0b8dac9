import type { Json } from './load.js';

/** Follows local `$ref`s (`#/...`) of a bundled spec; remembers the name of the last component it passed. */
export class Resolver {
  constructor(readonly spec: Json) {}

  pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) throw new Error(`unbundled $ref ${ref}: the sandbox reads the bundled spec`);
    let node: unknown = this.spec;
    for (const raw of ref.slice(2).split('/')) {
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Json | undefined)?.[part];
      if (node === undefined) throw new Error(`dangling $ref ${ref}`);
    }
    return node;
  }

  /** The node behind any chain of `$ref`s. */
  deref<T = Json>(node: unknown): T {
    let current = node as Json;
    for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
      if (hops > 32) throw new Error(`$ref chain too long at ${String(current.$ref)}`);
      current = this.pointer(current.$ref) as Json;
    }
    return current as T;
  }

  /** The component name a schema node refers to (`#/components/schemas/X` → X), if it is a `$ref`. */
  static refName(node: unknown): string | undefined {
    const ref = (node as Json | undefined)?.$ref;
    return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
  }

  /**
   * Properties and required names of an object schema, merging `allOf` parts; extensions (x-…) found on the way
   * are collected too.
   */
  flattenObject(node: unknown): {
    properties: Record<string, unknown>;
    required: Set<string>;
    extensions: Json;
  } {
    const schema = this.deref(node);
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    const extensions: Json = {};
    for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
      const inner = this.flattenObject(part);
      Object.assign(properties, inner.properties);
      for (const r of inner.required) required.add(r);
      Object.assign(extensions, inner.extensions);
    }
    Object.assign(properties, (schema.properties as Json | undefined) ?? {});
    for (const r of (schema.required as string[] | undefined) ?? []) required.add(r);
    for (const [k, v] of Object.entries(schema)) if (k.startsWith('x-')) extensions[k] = v;
    return { properties, required, extensions };
  }
}
