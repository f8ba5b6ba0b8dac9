// The sandbox without a server: the same seeded world, tokens and pipeline as startSandbox() (sandbox-core.ts),
// answering fetch Requests in this process. Reaches no Node built-in: the spec comes in as an object.
import { fetchAdapter } from './http/fetch-adapter.js';
import { createSandboxCore, type SandboxBehaviour } from './sandbox-core.js';
import type { Json } from './spec/check-spec.js';

/** Where the in-process sandbox answers unless told otherwise (a name that never reaches a network). */
export const IN_PROCESS_BASE_URL = 'https://sandbox.assoc-feed.test';

export interface InProcessSandboxOptions extends SandboxBehaviour {
  /** The base URL it answers on; clients use it as `baseUrl`. Default https://sandbox.assoc-feed.test */
  baseUrl?: string;
}

export interface InProcessSandbox {
  /** Base URL for a client. */
  url: string;
  clientId: string;
  clientSecret: string;
  seed: number;
  funds: number;
  tokenTtlSeconds: number;
  /** Answers a Request as the sandbox server would (a `fetch` to give a client, or an MSW resolver). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Whether a request is for this sandbox (its origin and base path). */
  owns: (request: Request) => boolean;
  /** Revokes every issued token: calls with them answer 403 (document 1: token revoked); new tokens work. */
  revokeTokens: () => void;
}

export function createInProcessSandbox(spec: Json, options: InProcessSandboxOptions = {}): InProcessSandbox {
  const base = new URL(options.baseUrl ?? IN_PROCESS_BASE_URL);
  const basePath = base.pathname.replace(/\/+$/, '');
  const core = createSandboxCore(spec, options);
  const answer = fetchAdapter(core.pipeline, basePath);
  const owns = (request: Request) => {
    const url = new URL(request.url);
    return url.origin === base.origin && (basePath === '' || url.pathname.startsWith(`${basePath}/`));
  };
  return {
    url: `${base.origin}${basePath}`,
    clientId: core.clientId,
    clientSecret: core.clientSecret,
    seed: core.seed,
    funds: core.funds,
    tokenTtlSeconds: core.tokenTtlSeconds,
    fetch: (input, init) => answer(input instanceof Request && !init ? input : new Request(input, init)),
    owns,
    revokeTokens: core.revokeTokens,
  };
}
