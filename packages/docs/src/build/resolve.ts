import type { Json } from './inputs.ts';

/** Follows local $refs (#/components/...) of a bundled spec; anything else is returned as is. */
export function createResolver(spec: Json) {
  return function resolveRef<T = Json>(node: unknown): T {
    let current = node as Json;
    const seen = new Set<string>();
    while (
      current &&
      typeof current === 'object' &&
      typeof current.$ref === 'string' &&
      current.$ref.startsWith('#/')
    ) {
      const ref = current.$ref;
      if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
      seen.add(ref);
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((acc, key) => (acc as Json | undefined)?.[key], spec);
      if (target === undefined) throw new Error(`dangling $ref ${ref}`);
      current = target as Json;
    }
    return current as T;
  };
}

export type Resolver = ReturnType<typeof createResolver>;
