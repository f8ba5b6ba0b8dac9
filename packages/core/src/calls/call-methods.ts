// The client's methods (GET, POST, …, request) wrapped: each call is checked against the spec before anything
// is built, gets its deadline (the client's `timeoutMs` or the call's own), and keeps its own `retry`, `signal`
// and `extraQuery` from openapi-fetch, which gets the rest of the init.

import type { BodyMode } from '../body/body.js';
import { resultError } from '../errors/error-body.js';
import { ConfigurationError } from '../errors/errors.js';
import type { KnownOperation, OperationIndex, OperationMeta } from '../input/meta.js';
import { validateRequest } from '../input/validate.js';
import { CallRequest, isPlainCall } from '../transport/call-request.js';
import { pathOf } from '../transport/http.js';
import { type RetryOptions, resolveRetryOptions } from '../transport/retry.js';
import { checkTimeoutMs, withTimeout } from '../transport/timeout.js';
import { CALL, type CallState, KNOWN_OPERATION } from './call-state.js';
import type { ExtraQueryValue } from './call-types.js';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
type LooseSend = (url: string, init?: Record<string, unknown>) => Promise<unknown>;

/**
 * Puts every method of `client` (and `request`) under a deadline: `timeoutMs`, or the call's own `init.timeoutMs`;
 * and takes the call's own `retry` and `extraQuery` out of the init openapi-fetch sees.
 */
export function withDeadlines(
  client: object,
  operations: OperationIndex,
  timeoutMs: number,
  retry: RetryOptions,
  defaultFetch: boolean,
): void {
  const methods = client as Record<string, unknown>;
  // A CallRequest instead of a Request while only the default fetch and the core see each call (call-request.ts).
  const middleware = new Set<unknown>();
  const use = (methods.use as (...m: unknown[]) => void).bind(client);
  const eject = (methods.eject as (...m: unknown[]) => void).bind(client);
  methods.use = (...added: unknown[]) => {
    for (const m of added) middleware.add(m);
    use(...added);
  };
  methods.eject = (...removed: unknown[]) => {
    for (const m of removed) middleware.delete(m);
    eject(...removed);
  };
  const run = (send: LooseSend, method: string, url: string, init: Record<string, unknown> | undefined) => {
    let ms = timeoutMs;
    const given = init?.[KNOWN_OPERATION as unknown as string] as KnownOperation | undefined;
    const known = given ?? operations.get(method)?.get(url);
    const op = known?.op;
    const state = {
      request: undefined,
      operation: known?.key,
      // An operation missing from meta still gets flow A: every feed call needs it, and a 401 is worse than a header.
      flowA: !op || op.auth === 'flowA',
      read: undefined,
      data: undefined,
      stream: false,
      parse: undefined,
    } as unknown as CallState;
    // The caller's signal, timeoutMs, retry and extraQuery stay here; openapi-fetch gets the rest (a rest copy:
    // spreading into a literal with extra keys is slower on every call).
    const {
      signal,
      timeoutMs: callTimeout,
      retry: callRetry,
      extraQuery,
      [KNOWN_OPERATION as unknown as string]: _known,
      ...forwarded
    } = init ?? {};
    try {
      if (callTimeout !== undefined) ms = checkTimeoutMs(callTimeout, 'timeoutMs');
      if (callRetry !== undefined) state.retry = callRetryOptions(retry, callRetry);
      if (extraQuery !== undefined) {
        state.extraQuery = checkExtraQuery(extraQuery);
        const params = (forwarded.params ?? {}) as { query?: Record<string, unknown> };
        forwarded.params = { ...params, query: { ...params.query, ...state.extraQuery } };
      }
      // Checked before anything is built or sent: a bad call throws InvalidRequestError and nothing goes out.
      const params = (forwarded.params ?? {}) as { query?: Record<string, unknown> };
      if (op) validateRequest(op, state.extraQuery ? withoutExtra(op, params, state.extraQuery) : params);
    } catch (error) {
      return Promise.reject(error);
    }
    if (defaultFetch && middleware.size === 0 && isPlainCall(forwarded, CALL))
      forwarded.Request = CallRequest;
    forwarded[CALL] = state;
    const stream = forwarded.parseAs === 'stream';
    state.stream = stream;
    if (!stream) {
      // The pipeline reads the body (inside the retries); openapi-fetch hands back the stream, left unread.
      state.read = (forwarded.parseAs as BodyMode | undefined) ?? 'json';
      forwarded.parseAs = 'stream';
    }
    return withTimeout(
      async (abort) => {
        state.abort = abort;
        const result = (await send(url, forwarded)) as {
          data?: unknown;
          error?: unknown;
          response: Response;
        };
        if (state.read !== undefined && result.response.ok) result.data = state.data;
        else if (!result.response.ok) result.error = resultError(result.error, result.response.status);
        return result;
      },
      {
        timeoutMs: ms,
        signal: signal as AbortSignal | null | undefined,
        // A streamed body is read after the call returns: the caller's abort must still reach it.
        followCallerAfter: stream,
        method,
        path: () => (state.request ? pathOf(state.request.url) : url),
      },
    );
  };
  for (const method of METHODS) {
    const send = (methods[method] as LooseSend).bind(client);
    methods[method] = (url: string, init?: Record<string, unknown>) => run(send, method, url, init);
  }
  const request = (methods.request as (m: string, u: string, i?: unknown) => Promise<unknown>).bind(client);
  methods.request = (method: string, url: string, init?: Record<string, unknown>) =>
    run((u, i) => request(method, u, i), method.toUpperCase(), url, init);
}

/** `init.retry`: false for none, or options laid over the client's. */
function callRetryOptions(client: RetryOptions, value: unknown): RetryOptions {
  if (value === false) return { ...client, maxRetries: 0 };
  if (!value || typeof value !== 'object') {
    throw new ConfigurationError(
      'retry',
      `retry (per call) must be false or an object such as { maxRetries: 0 } (got ${String(value)}).`,
    );
  }
  return resolveRetryOptions({ ...client, ...(value as Partial<RetryOptions>) });
}

function checkExtraQuery(value: unknown): Record<string, ExtraQueryValue> {
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigurationError(
      'extraQuery',
      "extraQuery must be an object of query parameters, such as { 'novo-filtro': 'x' }.",
    );
  }
  for (const [name, v] of Object.entries(value)) {
    if (!scalar(v) && !(Array.isArray(v) && v.every(scalar))) {
      throw new ConfigurationError(
        'extraQuery',
        `extraQuery.${name} must be a string, number, boolean or a list of them (got ${typeof v}).`,
      );
    }
  }
  return value as Record<string, ExtraQueryValue>;
}

/**
 * The params to check: the call's without its extra query names. A name the spec knows is refused there: it
 * belongs in `params.query`, where its rules are checked.
 */
function withoutExtra(
  op: OperationMeta,
  params: { query?: Record<string, unknown> },
  extra: Record<string, ExtraQueryValue>,
): { query?: Record<string, unknown> } {
  const query = { ...params.query };
  for (const name of Object.keys(extra)) {
    if (op.parameters.some((p) => p.in === 'query' && p.name === name)) {
      throw new ConfigurationError(
        'extraQuery',
        `extraQuery.${name}: ${op.method.toUpperCase()} ${op.path} documents ${name}; pass it in params.query, ` +
          'where it is checked. extraQuery is for parameters the spec does not know.',
      );
    }
    delete query[name];
  }
  return { ...params, query };
}
