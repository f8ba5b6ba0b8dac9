// The sandbox without a server: the same seeded world, tokens and pipeline as startSandbox() (sandbox-core.ts),
// answering fetch Requests in this process. Reaches no Node built-in: the spec comes in as an object. Its fetch
// answers only requests for its own URL: another is refused as an unreachable host would be, so a client pointed
// at the wrong place fails in a test as it would against the service.
import { REQUEST_TIMEOUT_MS } from './http/exchange.js';
import { fetchAdapter } from './http/fetch-adapter.js';
import { createSandboxCore, type SandboxBehaviour } from './sandbox-core.js';
import type { Json } from './spec-reader/check-spec.js';

/** Where the in-process sandbox answers unless told otherwise (a name that never reaches a network). */
export const IN_PROCESS_BASE_URL = 'https://sandbox.assoc-feed.test';

export interface InProcessSandboxOptions extends SandboxBehaviour {
  /** The base URL it answers on; clients use it as `baseUrl`. Default https://sandbox.assoc-feed.test */
  baseUrl?: string;
  /**
   * A request's body must have arrived within this many ms of the call, else 408, as `startSandbox()`'s
   * `requestTimeoutMs` on a port. Default 30 s.
   */
  requestTimeoutMs?: number;
}

export interface InProcessSandbox {
  /** Base URL for a client. */
  url: string;
  clientId: string;
  clientSecret: string;
  seed: number;
  funds: number;
  tokenTtlSeconds: number;
  /**
   * Answers a Request as the sandbox server would (a `fetch` to give a client, or an MSW resolver). A request for
   * another origin (or outside `url`'s path) rejects with a TypeError, as `fetch` does when it reaches no server.
   */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Whether a request is for this sandbox (its origin and base path). */
  owns: (request: Request) => boolean;
  /** Revokes every issued token: calls with them answer 403 (document 1: token revoked); new tokens work. */
  revokeTokens: () => void;
}

export function createInProcessSandbox(spec: Json, options: InProcessSandboxOptions = {}): InProcessSandbox {
  const base = new URL(options.baseUrl ?? IN_PROCESS_BASE_URL);
  const basePath = base.pathname.replace(/\/+$/, '');
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 1) {
    throw new RangeError(`requestTimeoutMs must be a whole number of ms from 1, got ${requestTimeoutMs}`);
  }
  const core = createSandboxCore(spec, options);
  const answer = fetchAdapter(core.pipeline, { basePath, requestTimeoutMs });
  const url = `${base.origin}${basePath}`;
  const owns = (request: Request) => {
    const asked = new URL(request.url);
    return asked.origin === base.origin && (basePath === '' || asked.pathname.startsWith(`${basePath}/`));
  };
  const refuse = (request: Request) => {
    const asked = new URL(request.url);
    const where = asked.origin === base.origin ? `${asked.origin}, outside ${basePath}/` : asked.origin;
    return new TypeError(
      `fetch failed: the in-process sandbox answers only ${url}, not ${where}; give the client baseUrl: sandbox.url (${url})`,
    );
  };
  return {
    url,
    clientId: core.clientId,
    clientSecret: core.clientSecret,
    seed: core.seed,
    funds: core.funds,
    tokenTtlSeconds: core.tokenTtlSeconds,
    fetch: async (input, init) => {
      const request = input instanceof Request && !init ? input : new Request(input, init);
      if (!owns(request)) throw refuse(request);
      return answer(request);
    },
    owns,
    revokeTokens: core.revokeTokens,
  };
}
