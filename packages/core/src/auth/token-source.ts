// What flow A (flow-a.ts) and flow B (flow-b.ts) managers both are: a cached token with a flow brand. The brand
// keeps the two apart (the document forbids using either family's token for the other), so a feed client refuses
// a flow B source and bearerAuthMiddleware a flow A one, in the types and at runtime.
import type { TokenCache } from './token-cache.js';

export type TokenFlow = 'A' | 'B';

export interface TokenSource<Flow extends TokenFlow = TokenFlow> {
  /** Brand: a source of one flow cannot stand in for the other, in types or at runtime. */
  readonly flow: Flow;
  /** The current token: cached, renewed shortly before expiry, one request in flight for all callers. */
  getToken(): Promise<string>;
  /** A call was refused with `staleToken`: drop it if it is still the cached one, so the next getToken renews. */
  invalidate(staleToken: string): void;
  /** Expiry of the cached token (epoch ms), never the token itself; undefined before the first request. */
  peek(): { expiresAt: number } | undefined;
}

const caches = new WeakMap<TokenSource, TokenCache>();

/** The frozen source both flows return: the cache's three methods under the flow's brand, nothing else. */
export function tokenSource<Flow extends TokenFlow>(flow: Flow, cache: TokenCache): TokenSource<Flow> {
  const source = Object.freeze({
    flow,
    getToken: () => cache.get(),
    invalidate: (staleToken: string) => cache.invalidate(staleToken),
    peek: () => cache.peek(),
  });
  caches.set(source, cache);
  return source;
}

/**
 * The source's cached token while it needs no renewal, without a promise (internal: the document client reads
 * it on every call, and awaiting getToken's resolved promise costs a turn of the microtask queue). Undefined
 * when the token must be requested or renewed, or for a source this module did not make: then call getToken.
 */
export function freshToken(source: TokenSource): string | undefined {
  return caches.get(source)?.fresh();
}
