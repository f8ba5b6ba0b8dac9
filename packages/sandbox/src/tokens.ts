// Issued tokens: which client holds each and when it expires. Tokens are derived from the seed, the secret and
// an issue counter (HMAC, synchronous wherever the sandbox runs), so a run is reproducible, yet only tokens issued
// by this process are accepted.
// Expired tokens are swept as new ones are issued. Each client holds at most a cap of live tokens: issuing past it
// forgets that client's oldest, so a client that asks for tokens in a loop never costs another client its valid
// ones. The sandbox issues tokens to the client ids it accepts only, so the clients are few and the memory bounded.
// Revoked tokens are remembered (also bounded) so a call with one is told so (403), not taken for an unknown
// token (401).
import { base64url, hmacSha256 } from './sha256.js';
import type { Clock } from './time.js';

export type TokenCheck = 'ok' | 'missing' | 'unknown' | 'expired' | 'revoked' | 'wrong-client';

interface Entry {
  clientId: string;
  expiresAt: number;
}

/** Live tokens a client may hold at once (README: Behaviour). */
export const MAX_TOKENS_PER_CLIENT = 100_000;

export class TokenStore {
  private readonly tokens = new Map<string, Entry>();
  /** Each client's live tokens, oldest first. */
  private readonly byClient = new Map<string, Set<string>>();
  private readonly revoked = new Set<string>();
  private issued = 0;

  constructor(
    private readonly flow: string,
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    private readonly maxPerClient = MAX_TOKENS_PER_CLIENT,
  ) {}

  get ttl(): number {
    return this.ttlSeconds;
  }

  issue(clientId: string): { token: string; expiresIn: number } {
    this.issued++;
    const token = base64url(hmacSha256(this.secret, `${this.flow}:${clientId}:${this.issued}`));
    if (this.issued % 256 === 0) this.sweep();
    let held = this.byClient.get(clientId);
    if (!held) {
      held = new Set();
      this.byClient.set(clientId, held);
    }
    while (held.size >= this.maxPerClient) this.forget(held.values().next().value as string);
    held.add(token);
    this.tokens.set(token, { clientId, expiresAt: this.clock() + this.ttlSeconds * 1000 });
    return { token, expiresIn: this.ttlSeconds };
  }

  check(token: string | undefined, clientId?: string): TokenCheck {
    if (!token) return 'missing';
    if (this.revoked.has(token)) return 'revoked';
    const entry = this.tokens.get(token);
    if (!entry) return 'unknown';
    if (this.clock() >= entry.expiresAt) {
      this.forget(token);
      return 'expired';
    }
    if (clientId !== undefined && clientId !== entry.clientId) return 'wrong-client';
    return 'ok';
  }

  /** Revokes every live token: calls with one answer 403 from now on; new tokens work. */
  revokeAll(): void {
    for (const token of this.tokens.keys()) {
      if (this.revoked.size >= this.maxPerClient)
        this.revoked.delete(this.revoked.values().next().value as string);
      this.revoked.add(token);
    }
    this.tokens.clear();
    this.byClient.clear();
  }

  get size(): number {
    return this.tokens.size;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [token, entry] of this.tokens) if (now >= entry.expiresAt) this.forget(token);
  }

  private forget(token: string): void {
    const entry = this.tokens.get(token);
    if (!entry) return;
    this.tokens.delete(token);
    const held = this.byClient.get(entry.clientId);
    held?.delete(token);
    if (held?.size === 0) this.byClient.delete(entry.clientId);
  }
}
