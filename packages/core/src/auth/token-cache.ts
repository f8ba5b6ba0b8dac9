// The token lifecycle both flows share: requested on first use, kept in memory, renewed shortly before it
// expires, one request in flight however many callers wait (single flight), and a failed request rejects every
// waiter without poisoning the next call.

export interface TokenGrant {
  accessToken: string;
  /** Seconds, as the token endpoint's `expires_in`. */
  expiresIn: number;
}

export interface TokenCacheOptions {
  request: () => Promise<TokenGrant>;
  /** Renew this long before expiry (default 60 s), or 10% of the lifetime if that is smaller. */
  refreshMarginMs?: number | undefined;
  now?: (() => number) | undefined;
  /** Told when a new token is cached: why it was requested, and when it expires. */
  onRenewed?: ((event: { reason: 'first' | 'expiring' | 'refused'; expiresAt: number }) => void) | undefined;
}

export interface TokenCache {
  get(): Promise<string>;
  /** The cached token while it needs no renewal, else undefined: what get() would resolve to at once. */
  fresh(): string | undefined;
  /** Drops the cached token only if it is still `staleToken`: a burst of 401s on one token renews it once. */
  invalidate(staleToken: string): void;
  /** When the cached token expires (epoch ms), without revealing it; undefined when none is cached. */
  peek(): { expiresAt: number } | undefined;
}

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;

export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const now = options.now ?? Date.now;
  const marginOption = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  let cached: { value: string; expiresAt: number; refreshAt: number } | undefined;
  let inflight: Promise<string> | undefined;
  /** Why the next renewal happens: nothing cached yet, the cached one expiring, or a 401 dropped it. */
  let reason: 'first' | 'expiring' | 'refused' = 'first';

  function renew(): Promise<string> {
    const why = cached ? 'expiring' : reason;
    // The clock starts when the request leaves, not when the answer lands: the server's clock started earlier.
    const sentAt = now();
    const request = options.request().then((grant) => {
      const lifetimeMs = grant.expiresIn * 1000;
      const margin = Math.min(marginOption, lifetimeMs * 0.1);
      cached = {
        value: grant.accessToken,
        expiresAt: sentAt + lifetimeMs,
        refreshAt: sentAt + lifetimeMs - margin,
      };
      options.onRenewed?.({ reason: why, expiresAt: cached.expiresAt });
      return grant.accessToken;
    });
    const shared = request.finally(() => {
      if (inflight === shared) inflight = undefined;
    });
    return shared;
  }

  return {
    get() {
      const value = this.fresh();
      if (value !== undefined) return Promise.resolve(value);
      inflight ??= renew();
      return inflight;
    },
    fresh() {
      return cached && now() < cached.refreshAt ? cached.value : undefined;
    },
    invalidate(staleToken) {
      if (cached?.value === staleToken) {
        cached = undefined;
        reason = 'refused';
      }
    },
    peek() {
      return cached ? { expiresAt: cached.expiresAt } : undefined;
    },
  };
}
