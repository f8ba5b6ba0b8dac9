// A copy of a bundled spec whose operation responses are inline objects instead of `$ref`s to
// components/responses, so a JSON pointer into paths/…/responses/<status>/content/… reaches the schema
// (createResponseValidator builds such pointers).
import type { Json } from './load.js';
import { Resolver } from './resolve.js';

export function inlineResponseRefs(spec: Json): Json {
  const copy = structuredClone(spec);
  const resolver = new Resolver(copy);
  for (const item of Object.values((copy.paths as Json | undefined) ?? {})) {
    for (const op of Object.values(item as Json)) {
      const responses = (op as Json | undefined)?.responses as Json | undefined;
      if (!responses || typeof responses !== 'object') continue;
      for (const [status, response] of Object.entries(responses))
        responses[status] = structuredClone(resolver.deref(response));
    }
  }
  return copy;
}
