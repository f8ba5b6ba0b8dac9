// The fetch handed to openapi-fetch's createClient: every call goes through it after the middleware has
// validated it and set the auth headers. It adds what must wrap the network round trip itself:
//
//   deadline (timeout.ts)  >  retries (retry.ts)  >  one 401 renew-and-replay  >  the user's fetch
//
// A Request body can be read only once, so it is read into memory before the first attempt and every attempt
// (retries and the replay) is rebuilt from those bytes: a POST replayed after a 401 sends the same body.

import { FeedError, NetworkError } from './errors.js';
import { type FetchFn, pathOf } from './http.js';
import { fetchWithRetry, type RetryOptions } from './retry.js';
import { raceAbort } from './signals.js';
import { checkTimeoutMs, withTimeout } from './timeout.js';
import type { TokenManager } from './token-manager.js';

/** Flow A feed headers (document 1, Authentication, step 4). */
export const CLIENT_ID_HEADER = 'client_id';
export const ACCESS_TOKEN_HEADER = 'access_token';

export interface PipelineOptions {
  fetch: FetchFn;
  retry: RetryOptions;
  /** Default deadline of a call; a call may pass its own `timeoutMs` in the openapi-fetch init. */
  timeoutMs: number;
  /** When set, a 401 on a request that carried `access_token` renews the token and replays once. */
  tokenManager?: TokenManager | undefined;
}

export function createPipelineFetch(options: PipelineOptions): FetchFn {
  return async function pipelineFetch(request: Request): Promise<Response> {
    const method = request.method;
    const path = pathOf(request.url);
    // openapi-fetch copies unknown init keys onto the Request, so `client.GET(path, { timeoutMs })` lands here.
    const perCall = (request as Request & { timeoutMs?: unknown }).timeoutMs;
    const timeoutMs = perCall === undefined ? options.timeoutMs : checkTimeoutMs(perCall, 'timeoutMs');
    const body = request.body === null ? null : await request.clone().arrayBuffer();

    return withTimeout(
      async (signal) => {
        const send = (headers: Headers) =>
          fetchWithRetry(
            async () => {
              try {
                return await options.fetch(new Request(request, { headers, body, signal }));
              } catch (error) {
                // An abort (caller or deadline) is classified by withTimeout; anything else is the network.
                if (signal.aborted || error instanceof FeedError) throw error;
                throw new NetworkError(
                  `${method} ${path} failed before an answer (${describe(error)}). Check connectivity and baseUrl; ` +
                    'the call was retried as the retry options allow.',
                  { method, path, cause: error },
                );
              }
            },
            options.retry,
            { method, signal },
          );

        const response = await send(new Headers(request.headers));
        const manager = options.tokenManager;
        const sentToken = request.headers.get(ACCESS_TOKEN_HEADER);
        if (response.status !== 401 || !manager || sentToken === null) return response;

        // The token died under us (expired early, revoked, server restarted): renew once and replay once.
        // invalidate() only drops the cache if it still holds this token, so a burst of 401s renews once.
        await response.body?.cancel().catch(() => {});
        manager.invalidate(sentToken);
        const fresh = await raceAbort(manager.getToken(), signal);
        // Set on the original too: the response middleware reads it to know which token to redact.
        request.headers.set(ACCESS_TOKEN_HEADER, fresh);
        return send(new Headers(request.headers));
      },
      { timeoutMs, signal: request.signal, method, path },
    );
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici wraps the system error: "fetch failed" + cause { code: 'ECONNREFUSED' }.
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}
