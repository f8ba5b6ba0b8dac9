// What wraps the network round trip of every call, after the middleware has validated it and set the auth
// headers: retries (retry.ts), one 401 renew-and-replay and the 403 token drop, around the user's fetch. The
// deadline is set further out (timeout.ts), around the whole call; its signal arrives here as `signal`.
//
// The signal goes to fetch as `init.signal`, not on the Request: a signal on a Request costs undici a second
// Request or an abort-following registration per call (10-20 µs on Node 20), which is most of what this layer
// may cost. It is made when fetch reads it (CallAbort), so a fetch that ignores it costs none. A body-less Request is sent as is on every attempt (the replay only changes its `access_token`
// header); a Request with a body is read into memory first and rebuilt per attempt, so a POST replayed after a
// 401 sends the same body.

import { FeedError, NetworkError } from './errors.js';
import type { TokenManager } from './flow-a.js';
import { type FetchFn, pathOf } from './http.js';
import { fetchWithRetry, type RetryOptions } from './retry.js';
import { type CallAbort, raceAbort } from './signals.js';

/** Flow A feed headers (document 1, Authentication, step 4). */
export const CLIENT_ID_HEADER = 'client_id';
export const ACCESS_TOKEN_HEADER = 'access_token';

export interface PipelineOptions {
  fetch: FetchFn;
  retry: RetryOptions;
  /**
   * When set, a 401 on a request that carried `access_token` renews the token and replays once; a 403 drops the
   * cached token (it may have been revoked) without a replay.
   */
  tokenManager?: TokenManager | undefined;
}

/** Sends `request` with retries (and the 401 replay); `abort` cancels it, and stops retrying. */
export type Pipeline = (request: Request, abort: CallAbort | undefined) => Promise<Response>;

export function createPipelineFetch(options: PipelineOptions): Pipeline {
  return async function pipelineFetch(request, abort) {
    const method = request.method;
    const body = request.body === null ? null : await request.clone().arrayBuffer();
    // Getters: read only by a fetch that takes a signal, and by the retry loop on its failure paths.
    const init = {
      get signal() {
        return abort?.canAbort ? abort.signal : undefined;
      },
    };
    const send = () =>
      fetchWithRetry(
        async () => {
          try {
            return await options.fetch(body === null ? request : new Request(request, { body }), init);
          } catch (error) {
            // An abort (caller or deadline) is the deadline's business; anything else is the network.
            if (abort?.aborted || error instanceof FeedError) throw error;
            throw new NetworkError(
              `${method} ${pathOf(request.url)} failed before an answer (${describe(error)}). Check connectivity ` +
                'and baseUrl; the call was retried as the retry options allow.',
              { method, path: pathOf(request.url), cause: error },
            );
          }
        },
        options.retry,
        {
          method,
          get signal() {
            return abort?.signal;
          },
        },
      );

    const response = await send();
    const manager = options.tokenManager;
    if ((response.status !== 401 && response.status !== 403) || !manager) return response;
    const sentToken = request.headers.get(ACCESS_TOKEN_HEADER);
    if (sentToken === null) return response;
    if (response.status === 403) {
      // Document 1: a 403 may mean the token was revoked, and a new token is the only remedy for a revoked one.
      // A replay cannot help (missing permission and the plan need the operator), so the 403 is the answer; the
      // token is dropped so the next call starts from a new one.
      manager.invalidate(sentToken);
      return response;
    }

    // The token died under us (expired early, revoked, server restarted): renew once and replay once.
    // invalidate() only drops the cache if it still holds this token, so a burst of 401s renews once.
    await response.body?.cancel().catch(() => {});
    manager.invalidate(sentToken);
    const fresh = await raceAbort(manager.getToken(), abort?.signal);
    // On the request itself: the replay sends it, and the response middleware reads it to know what to redact.
    request.headers.set(ACCESS_TOKEN_HEADER, fresh);
    return send();
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici wraps the system error: "fetch failed" + cause { code: 'ECONNREFUSED' }.
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}
