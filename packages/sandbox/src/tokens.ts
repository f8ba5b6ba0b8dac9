// Issued tokens: which client holds each and when it expires. Tokens are derived from the seed, the secret and
// an issue counter (HMAC, in plain JavaScript so a browser bundle runs it too), so a run is reproducible, yet
// only tokens issued by this process are accepted.
// Expired tokens are swept as new ones are issued, and the number kept is bounded. Revoked tokens are remembered
// (also bounded) so a call with one is told so (403), not taken for an unknown token (401).
import { base64url, hmacSha256 } from './sha256.js';
import type { Clock } from './time.js';

export type TokenCheck = 'ok' | 'missing' | 'unknown' | 'expired' | 'revoked' | 'wrong-client';

interface Entry {
  clientId: string;
  expiresAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, Entry>();
  private readonly revoked = new Set<string>();
  private issued = 0;

  constructor(
    private readonly flow: string,
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    private readonly maxLive = 100_000,
  ) {}

  get ttl(): number {
    return this.ttlSeconds;
  }

  issue(clientId: string): { token: string; expiresIn: number } {
    this.issued++;
    const token = base64url(hmacSha256(this.secret, `${this.flow}:${clientId}:${this.issued}`));
    if (this.issued % 256 === 0) this.sweep();
    while (this.tokens.size >= this.maxLive) this.tokens.delete(this.tokens.keys().next().value as string);
    this.tokens.set(token, { clientId, expiresAt: this.clock() + this.ttlSeconds * 1000 });
    return { token, expiresIn: this.ttlSeconds };
  }

  check(token: string | undefined, clientId?: string): TokenCheck {
    if (!token) return 'missing';
    if (this.revoked.has(token)) return 'revoked';
    const entry = this.tokens.get(token);
    if (!entry) return 'unknown';
    if (this.clock() >= entry.expiresAt) {
      this.tokens.delete(token);
      return 'expired';
    }
    if (clientId !== undefined && clientId !== entry.clientId) return 'wrong-client';
    return 'ok';
  }

  /** Revokes every live token: calls with one answer 403 from now on; new tokens work. */
  revokeAll(): void {
    for (const token of this.tokens.keys()) {
      if (this.revoked.size >= this.maxLive)
        this.revoked.delete(this.revoked.values().next().value as string);
      this.revoked.add(token);
    }
    this.tokens.clear();
  }

  get size(): number {
    return this.tokens.size;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [token, entry] of this.tokens) if (now >= entry.expiresAt) this.tokens.delete(token);
  }
}
