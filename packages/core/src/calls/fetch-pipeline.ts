// What wraps the network round trip of every call, once the document client has set the auth headers: retries
// (retry.ts), one 401 renew-and-replay and the 403 token drop, around the user's fetch. The deadline is set
// further out (timeout.ts), around the whole call; its abort state arrives here as `abort`.
//
// The signal goes to fetch as `init.signal`, not on the Request: a signal on a Request costs undici a second
// Request or an abort-following registration per call, which is most of what this layer may cost. No init at
// all when nothing can abort the call. A body-less Request is sent as is on every attempt (the replay only
// changes its `access_token` header); a Request with a body is read into memory first and rebuilt per attempt,
// so a POST replayed after a 401 sends the same body.
//
// Two things happen inside each attempt, so that the retries cover them: a redirect is checked (redirect.ts:
// followed only on the same origin, else a RedirectError), and a 2xx body the call wants parsed is read here,
// bounded by maxResponseBytes (body.ts), so a body cut short is retried like a network error.

import type { TokenManager } from '../auth/flow-a.js';
import { type BodyMode, DEFAULT_MAX_RESPONSE_BYTES, limitStream, readBodyAs } from '../body/body.js';
import { FeedError, NetworkError } from '../errors/errors.js';
import type { RetryEvent } from '../observe/observe.js';
import { type FetchFn, type FetchInit, pathOf } from '../transport/http.js';
import { isRedirect, redirectTarget } from '../transport/redirect.js';
import { releaseBody } from '../transport/release-body.js';
import { fetchWithRetry, type RetryNotice, type RetryOptions } from '../transport/retry.js';
import { type CallAbort, raceAbort } from '../transport/signals.js';

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
  /** Largest body read (bytes; default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number | undefined;
  /** The token request's pipeline: no redirect is ever followed. */
  tokenCall?: boolean;
  /** Told before each retry (observe.ts); absent unless the client has hooks or a logger. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/**
 * What one call asks of the pipeline beyond the request. `read` says how a 2xx body is read here (openapi-fetch's
 * parseAs) and `data` receives it; without `read`, the response comes back unread. `retry`: the call's own retry
 * options, instead of the pipeline's.
 */
export interface CallTarget {
  read?: BodyMode | undefined;
  data?: unknown;
  /** The caller reads the body as a stream: it gets one bounded by maxResponseBytes. */
  stream?: boolean | undefined;
  retry?: RetryOptions | undefined;
  /** Parses a 2xx JSON body instead of JSON.parse (set per call by the document client). */
  parse?: ((text: string, status: number) => unknown) | undefined;
  /** `METHOD /path` of a documented operation: its 2xx answers promise JSON, so an empty one is an error. */
  operation?: string | undefined;
}

/** Sends `request` with retries (and the 401 replay); `abort` cancels it, and stops retrying. */
export type Pipeline = (
  request: Request,
  abort: CallAbort | undefined,
  target?: CallTarget | undefined,
) => Promise<Response>;

export function createPipelineFetch(options: PipelineOptions): Pipeline {
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return async function pipelineFetch(request, abort, target) {
    const body = request.body === null ? null : await request.clone().arrayBuffer();
    const call = new PipelineCall(options, maxResponseBytes, request, body, abort, target);
    const response = await call.send();
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
    releaseBody(response);
    manager.invalidate(sentToken);
    const fresh = await raceAbort(manager.getToken(), abort?.signal);
    // On the request itself: the replay sends it, and the document client reads it to know what to redact from an error body.
    request.headers.set(ACCESS_TOKEN_HEADER, fresh);
    return call.send();
  };
}

/**
 * One call's attempts. What they share is kept as fields of one object, not as closures: this runs for every
 * call, and each closure or context object is an allocation the garbage collector pays for (measured with
 * `pnpm bench client-http`). It is also the body reader's context (method, path, limit, abort, parse) and
 * fetchWithRetry's (method, signal, onRetry).
 */
class PipelineCall {
  readonly method: string;
  /** fetch's second argument: the call's signal, or none when nothing can abort the call (see the top). */
  readonly #init: FetchInit | undefined;
  readonly onRetry: ((notice: RetryNotice) => void) | undefined;
  readonly #attempt = () => this.#once();

  constructor(
    readonly options: PipelineOptions,
    readonly maxResponseBytes: number,
    readonly request: Request,
    readonly body: ArrayBuffer | null,
    readonly abort: CallAbort | undefined,
    readonly target: CallTarget | undefined,
  ) {
    this.method = request.method;
    // An own data property (a wrapper that spreads init keeps it). No init at all when nothing can abort the
    // call: an init with a `signal` key, even undefined, makes undici rebuild the Request's header list.
    this.#init = abort?.canAbort ? { signal: abort.signal } : undefined;
    this.onRetry = options.onRetry && retryReporter(options.onRetry, this.method, request.url);
  }

  /** What errors name; only worked out when one is made. */
  get path(): string {
    return pathOf(this.request.url);
  }

  get signal(): AbortSignal | undefined {
    return this.abort?.signal;
  }

  get deadlineAt(): number | undefined {
    return this.abort?.deadlineAt;
  }

  get parse(): ((text: string, status: number) => unknown) | undefined {
    return this.target?.parse;
  }

  get jsonPromised(): boolean {
    return this.target?.operation !== undefined;
  }

  /** Every attempt the retry options allow. */
  send(): Promise<Response> {
    return fetchWithRetry(this.#attempt, this.target?.retry ?? this.options.retry, this);
  }

  /** One attempt: the request, any same-origin redirect, and the 2xx body read when the call wants it. */
  async #once(): Promise<Response> {
    const request = this.request;
    let response = await this.#fetch(
      this.body === null ? request : new Request(request, { body: this.body }),
    );
    for (let hops = 0; isRedirect(response); hops++) {
      const { method } = this;
      const url = response.url || request.url;
      const next = redirectTarget(response, {
        method,
        url,
        path: this.path,
        hops,
        tokenCall: this.options.tokenCall,
      });
      releaseBody(response); // not awaited: see releaseBody
      response = await this.#fetch(
        new Request(next, { method, headers: request.headers, redirect: 'manual' }),
      );
    }
    const target = this.target;
    const mode = target?.read;
    if (target && mode !== undefined && response.ok && response.status !== 204 && this.method !== 'HEAD') {
      target.data = await readBodyAs(response, mode, this);
    } else if (target?.stream && response.ok) {
      response = limitStream(response, this);
    }
    return response;
  }

  async #fetch(sent: Request): Promise<Response> {
    try {
      return await this.options.fetch(sent, this.#init);
    } catch (error) {
      // An abort (caller or deadline) is the deadline's business; anything else is the network.
      if (this.abort?.aborted || error instanceof FeedError) throw error;
      const { method, path } = this;
      throw new NetworkError(
        `${method} ${path} failed before an answer (${describe(error)}). Check connectivity ` +
          'and baseUrl; the call was retried as the retry options allow.',
        { method, path, cause: error },
      );
    }
  }
}

function retryReporter(report: (event: RetryEvent) => void, method: string, url: string) {
  return ({ retry, maxRetries, delayMs, status, error }: RetryNotice) => {
    const event: RetryEvent = { method, path: pathOf(url), retry, maxRetries, delayMs };
    if (status !== undefined) event.status = status;
    if (error !== undefined) event.error = error instanceof Error ? error.name : 'error';
    report(event);
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici wraps the system error: "fetch failed" + cause { code: 'ECONNREFUSED' }.
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}
