// One document's typed client: openapi-fetch's `Client<Paths>` with the core plugged in.
//
//   client.GET(path, init)
//     -> check:           params against the spec (InvalidRequestError: nothing is built or sent)
//     -> deadline:        one deadline for the whole call, the caller's signal wins (timeout.ts)
//     -> openapi-fetch:   builds the Request (and runs any middleware a user added), then calls `send`:
//     -> send:            flow A headers `client_id` and `access_token`
//        -> pipeline:     retries, one 401 renew-and-replay, redirects checked, the 2xx body read (bounded by
//                         maxResponseBytes) and parsed, inside the retries (fetch-pipeline.ts)
//        -> non-2xx:      typed error (thrown in throwing mode, else the redacted answer, kept for toFeedError)
//
// openapi-fetch is asked for the body as a stream (which it hands back unread) and the data the pipeline read
// replaces it in the result: so a body cut short is retried, and a parse failure is a ResponseParseError.
//
// Results stay openapi-fetch's `{ data, error, response }` unless `throwOnError: true`. What is thrown in
// both modes, because there is no response to return: InvalidRequestError (bad input), InvalidCredentialsError
// and TokenResponseError (the token request failed), NetworkError, ResponseTruncatedError, ResponseTooLargeError,
// ResponseParseError (a 2xx body that is not JSON, or empty, where the operation promises JSON), RedirectError,
// TimeoutError, and the caller's abort reason.
//
// Every call runs through here, so the common case is kept cheap (see the client benchmarks in tools/bench):
// - the core is openapi-fetch's fetch, not a middleware: with no middleware openapi-fetch skips its middleware
//   round (an id, a frozen options object and two awaited hooks per call). A user's middleware still runs, and
//   sees the Request before the flow A headers are set and after they are taken off again (no token or client_id
//   reaches it), and the answer after the error mapping (its body redacted);
// - on the default fetch, with no middleware of the user's, openapi-fetch builds a CallRequest, not a Request
//   (call-request.ts), which the default fetch sends as a URL and an init;
// - the caller's signal is not handed to openapi-fetch (a signal on its Request costs undici ~12 µs on Node 20);
//   the call's own signal travels beside the Request instead, under an init key openapi-fetch copies onto it.

import createClient, { type Client } from 'openapi-fetch';
import { basicAuthorization } from './base64.js';
import { type BodyMode, DEFAULT_MAX_RESPONSE_BYTES, readErrorText } from './body.js';
import { CallRequest, isPlainCall } from './call-request.js';
import type { CallMethod, ExactOptions, ExtraQueryValue, ThrowsOn } from './call-types.js';
import { checkCredential } from './credentials.js';
import { type EnvironmentName, placeholderFetch, resolveService } from './environments.js';
import { resultError } from './error-body.js';
import { type ErrorContext, errorFromResponse } from './error-from-response.js';
import { ConfigurationError } from './errors.js';
import { ACCESS_TOKEN_HEADER, CLIENT_ID_HEADER, createPipelineFetch } from './fetch-pipeline.js';
import { createTokenManager, FLOW_A_TOKEN_PATH, type TokenManager } from './flow-a.js';
import { type FetchFn, globalFetch, pathOf } from './http.js';
import type { DocumentMeta, OperationMeta } from './meta.js';
import { type ClientHooks, type Logger, type LogLevel, observedFetch, resolveHooks } from './observe.js';
import { createPaginator, type Paginator } from './paginate.js';
import { redact } from './redact.js';
import type { BodyReader, DocumentExtras, ResponseIssue } from './response-types.js';
import { rememberResponse } from './result.js';
import { type RetryOptions, type RetryOptionsInput, resolveRetryOptions } from './retry.js';
import type { RetryBudget } from './retry-budget.js';
import type { CallAbort } from './signals.js';
import { checkTimeoutMs, DEFAULT_TIMEOUT_MS, withTimeout } from './timeout.js';
import { freshToken } from './token-source.js';
import { validateRequest } from './validate.js';

export interface DocumentClientOptions {
  /**
   * The application's client_id (flow A), sent as the `client_id` header of every feed call. Default:
   * FEED_CLIENT_ID, where there is a process environment (Node, Bun, Deno, workerd with nodejs_compat).
   */
  clientId?: string | undefined;
  /**
   * The application's client_secret. Default: FEED_CLIENT_SECRET, where there is a process environment.
   * Server-side only: never ship it to a browser.
   */
  clientSecret?: string | undefined;
  /** Required unless `baseUrl` is given. */
  environment?: EnvironmentName;
  /** Any deployment (the mock, a proxy); wins over `environment`. HTTPS only, except loopback. */
  baseUrl?: string;
  /**
   * The real host of each environment: the documents name none, so ours are placeholders. Also
   * FEED_BASE_URL / FEED_SANDBOX_BASE_URL in the environment; this option wins over them.
   */
  hosts?: Partial<Record<EnvironmentName, string>>;
  /**
   * Where flow A tokens are requested (default: `${baseUrl}/oauth/access-token`, as document 1 gives it for both
   * production and the sandbox). For a deployment that issues tokens elsewhere, e.g. sandbox calls with tokens
   * from the production host, as some teams' clients do. HTTPS only, except loopback. Ignored with `tokenManager`.
   */
  tokenUrl?: string;
  /** Default: the global fetch, looked up at call time. */
  fetch?: FetchFn;
  /**
   * Retry options, or `false` for none. Default: 2 retries, 500 ms base, 8 s ceiling, full jitter, and a retry
   * budget (token bucket) shared by all the client's calls.
   */
  retry?: RetryOptionsInput | false;
  /**
   * Largest answer body read, in bytes, counted as it streams in (default 64 MiB): a larger one is a
   * ResponseTooLargeError, and the rest is not downloaded.
   */
  maxResponseBytes?: number;
  /** Deadline of each call, retries and waits included (default 30 000 ms; Infinity for none). Per call: `init.timeoutMs`. */
  timeoutMs?: number;
  /** Throw the typed FeedError for any non-2xx answer instead of returning `{ error }` (default false). */
  throwOnError?: boolean;
  /** A flow A manager shared by several document clients (the all-documents client): one token for all. */
  tokenManager?: TokenManager;
  /**
   * 'exact': every decimal field documented with more than 15 significant digits (quota values, index weights,
   * 19-digit quantities) arrives as a string of the digits the service sent, and the types say `string`.
   * Default 'number': JSON numbers, which round such values to what a double holds.
   */
  numbers?: 'number' | 'exact';
  /**
   * Check each 2xx answer against the spec (types, required fields, formats, decimal notation). 'warn' reports
   * the differences (to `onResponseIssues`, else console.warn) and returns the data; 'throw' throws a
   * ResponseValidationError. Default 'off'. The validators are compiled at build time and loaded on first use.
   */
  validateResponses?: 'off' | 'warn' | 'throw';
  /** Where 'warn' reports the differences (operation, JSON pointer, expected, found). */
  onResponseIssues?: (issues: readonly ResponseIssue[]) => void;
  /** Observers of each request, answer, retry and token renewal (never a secret or token in an event). */
  hooks?: ClientHooks;
  /** Gets request lines (debug), token renewals (info), retries (warn). FEED_LOG=debug|info|warn logs to stderr. */
  logger?: Logger;
  /** The lowest level `logger` gets (default info). */
  logLevel?: LogLevel;
}

/**
 * openapi-fetch's client with typed calls (CallMethod: the operation's init plus CallOptions, nothing else) and,
 * when `Throw` (the client was made with `throwOnError: true`), results narrowed to their success branch.
 */
export type DocumentClient<Paths extends {}, Throw extends boolean = false> = Omit<
  Client<Paths>,
  'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE'
> & {
  GET: CallMethod<Paths, 'get', Throw>;
  PUT: CallMethod<Paths, 'put', Throw>;
  POST: CallMethod<Paths, 'post', Throw>;
  DELETE: CallMethod<Paths, 'delete', Throw>;
  OPTIONS: CallMethod<Paths, 'options', Throw>;
  HEAD: CallMethod<Paths, 'head', Throw>;
  PATCH: CallMethod<Paths, 'patch', Throw>;
  TRACE: CallMethod<Paths, 'trace', Throw>;
} & Paginator<Paths> & {
    /** The flow A token manager this client uses (shared when one was passed in). */
    readonly tokenManager: TokenManager;
    /** The resolved base URL. */
    readonly baseUrl: string;
    /** The retry budget this client's calls share (pass it as `retry.budget` to share it further). */
    readonly retryBudget: RetryBudget | undefined;
  };

export function createDocumentClient<
  Paths extends {},
  Options extends DocumentClientOptions = DocumentClientOptions,
>(
  options: ExactOptions<Options, DocumentClientOptions>,
  meta: DocumentMeta,
  loaders: DocumentExtras = {},
): DocumentClient<Paths, ThrowsOn<Options>> {
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError(
      'options',
      'createDocumentClient needs an options object with clientId, clientSecret and environment or baseUrl.',
    );
  }
  const clientId = checkCredential(options.clientId, 'clientId');
  const clientSecret = checkCredential(options.clientSecret, 'clientSecret');
  const { baseUrl, placeholder } = resolveService(options);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch', 'fetch must be a function (input: Request) => Promise<Response>.');
  }
  // A placeholder host is never called, whatever fetch was given: the first call fails with how to set it.
  const given = placeholder ? placeholderFetch(placeholder) : (options.fetch ?? globalFetch);
  // Unwrapped unless someone observes: logging off costs the call nothing.
  const hooks = resolveHooks(options);
  const fetch = hooks ? observedFetch(given, hooks, FLOW_A_TOKEN_PATH) : given;
  const onRetry = hooks?.onRetry;
  const retry = resolveRetryOptions(options.retry);
  const timeoutMs =
    options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : checkTimeoutMs(options.timeoutMs, 'timeoutMs');
  if (options.tokenManager !== undefined && options.tokenManager?.flow !== 'A') {
    throw new ConfigurationError(
      'tokenManager',
      'tokenManager must be a flow A manager from createTokenManager(); flow B (input family) tokens are refused by the feed.',
    );
  }
  const throwOnError = options.throwOnError === true;
  const readBody = bodyReaderOf(options, loaders);
  const maxResponseBytes =
    options.maxResponseBytes === undefined
      ? DEFAULT_MAX_RESPONSE_BYTES
      : checkMaxResponseBytes(options.maxResponseBytes);

  // The token request gets the same deadline and retries as feed calls, but no renew-and-replay.
  const tokenPipeline = createPipelineFetch({ fetch, retry, maxResponseBytes, tokenCall: true, onRetry });
  const tokenManager =
    options.tokenManager ??
    createTokenManager({
      clientId,
      clientSecret,
      tokenUrl: options.tokenUrl ?? `${baseUrl}${FLOW_A_TOKEN_PATH}`,
      fetch: (request) =>
        withTimeout((abort) => tokenPipeline(request, abort), {
          timeoutMs,
          method: request.method,
          path: new URL(request.url).pathname,
        }),
      onToken: hooks?.onToken,
    });
  const basic = basicAuthorization(clientId, clientSecret);
  const secretsOf = (request: Request) => [
    clientSecret,
    basic,
    basic.slice('Basic '.length),
    request.headers.get(ACCESS_TOKEN_HEADER) ?? undefined,
  ];

  const pipeline = createPipelineFetch({ fetch, retry, tokenManager, maxResponseBytes, onRetry });

  /** A non-2xx answer: its typed error (throwing mode), else the answer with its body redacted. */
  async function failed(request: Request, response: Response): Promise<Response> {
    const secrets = secretsOf(request);
    const context: ErrorContext = {
      method: request.method,
      path: pathOf(request.url),
      secrets,
      now: retry.now,
    };
    // Read once, bounded as a 2xx body is (past the limit: ResponseTooLargeError), then handed on rebuilt, so
    // openapi-fetch's `result.error` gets the redacted text.
    const text = await readErrorText(response, {
      method: context.method,
      path: context.path,
      maxResponseBytes,
    });
    const clean = redact(text, secrets);
    if (throwOnError) throw errorFromResponse(response, parse(clean), context);
    // A server that echoes a secret in its error body must not hand it to `result.error` either.
    const safe = rebuild(response, clean);
    rememberResponse(safe, context);
    return safe;
  }

  /**
   * What openapi-fetch calls as its fetch, once it has built the Request (and run any middleware a user added):
   * the flow A headers, the pipeline, and a non-2xx answer made a typed error.
   */
  async function send(request: Request): Promise<Response> {
    const call = callOf(request);
    if (call) call.request = request;
    // Without the call's state (a user's middleware replaced the Request), still flow A: every feed call needs it.
    if (call?.flowA !== false) {
      // Not raced against the call's abort: the deadline already settles the call on time, and a race would
      // make an AbortSignal for every call. A call given up while it waited goes no further.
      const token = freshToken(tokenManager) ?? (await tokenManager.getToken());
      if (call?.abort.aborted) throw call.abort.reason;
      request.headers.set(CLIENT_ID_HEADER, clientId);
      request.headers.set(ACCESS_TOKEN_HEADER, token);
    }
    if (call && readBody && call.operation !== undefined) {
      const operation = call.operation;
      call.parse = async (text: string, status: number) =>
        (await readBody()).parse(text, status, operation, pathOf(request.url));
    }
    if (request instanceof CallRequest) {
      // Nobody but the core sees a CallRequest (no middleware of the user's): nothing to take back.
      const response = await pipeline(request, call?.abort, call);
      return response.ok ? response : failed(request, response);
    }
    try {
      const response = await pipeline(request, call?.abort, call);
      return response.ok ? response : await failed(request, response);
    } finally {
      // openapi-fetch hands this same Request to the user's onResponse/onError: the flow A headers leave it first.
      request.headers.delete(ACCESS_TOKEN_HEADER);
      request.headers.delete(CLIENT_ID_HEADER);
    }
  }

  const client = createClient<Paths>({
    baseUrl,
    // Redirects are the pipeline's to decide (redirect.ts): fetch would follow them with the credentials on.
    redirect: 'manual',
    fetch: send,
  });
  withDeadlines(client, meta, timeoutMs, retry, fetch === globalFetch);

  const extras = {
    tokenManager,
    baseUrl,
    retryBudget: retry.budget || undefined,
    ...createPaginator<Paths>(client, meta),
  };
  return Object.assign(client, extras) as unknown as DocumentClient<Paths, ThrowsOn<Options>>;
}

/** The body reader the options ask for, loaded on first use; undefined by default (openapi-fetch's JSON.parse). */
function bodyReaderOf(options: DocumentClientOptions, extras: DocumentExtras) {
  // 'lossless' only through withLosslessNumbers (internal: the command line's).
  const numbers = (options.numbers ?? 'number') as 'number' | 'exact' | 'lossless';
  const validate = options.validateResponses ?? 'off';
  const report = options.onResponseIssues;
  if (numbers === 'number' && validate === 'off') return undefined;
  if (!extras.reader || !/^(exact|lossless|number)-(off|warn|throw)$/.test(`${numbers}-${validate}`)) {
    throw new ConfigurationError(
      extras.reader && numbers === 'exact' ? 'validateResponses' : 'numbers',
      "numbers: 'number'|'exact', validateResponses: 'off'|'warn'|'throw'.",
    );
  }
  const load = extras.reader as NonNullable<DocumentExtras['reader']>;
  let reader: Promise<BodyReader> | undefined;
  return () => (reader ??= load().then((m) => m.createBodyReader({ numbers, validate, extras, report })));
}

/** The options with every number kept exactly as sent (for writers using stringifyLossless). */
export function withLosslessNumbers<O extends DocumentClientOptions>(options: O): O {
  // Every number whose text a double would change is kept as a raw-number marker (exact-json.ts).
  return { ...options, numbers: 'lossless' as 'exact' };
}

/** Init key under which a call's state rides on its Request (openapi-fetch copies unknown init keys onto it). */
const CALL = 'assocFeedCall';

interface CallState {
  /** Aborts at the call's deadline or on the caller's abort. */
  abort: CallAbort;
  /** The call's own retry options (`init.retry`), merged over the client's. */
  retry?: RetryOptions;
  /** The call's `init.extraQuery`: sent, never checked. */
  extraQuery?: Record<string, ExtraQueryValue>;
  /** The Request openapi-fetch built, for the path a TimeoutError names. */
  request?: Request;
  /** `METHOD /schema/path`, when the document knows the operation (what the response reader names). */
  operation?: string | undefined;
  /** Whether the call carries flow A's headers: every operation but those documented otherwise. */
  flowA: boolean;
  /** How the pipeline reads a 2xx body (the caller's parseAs); absent for a stream, which the caller reads. */
  read?: BodyMode | undefined;
  /** The body the pipeline read. */
  data?: unknown;
  /** The caller reads a stream (parseAs: 'stream'): the pipeline bounds it instead of reading it. */
  stream?: boolean;
  /** Parses the 2xx JSON body (numbers: 'exact', validateResponses): the pipeline calls it. */
  parse?: ((text: string, status: number) => Promise<unknown>) | undefined;
}

function callOf(request: Request): CallState | undefined {
  return (request as Request & { [CALL]?: CallState })[CALL];
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
type LooseSend = (url: string, init?: Record<string, unknown>) => Promise<unknown>;

/**
 * Puts every method of `client` (and `request`) under a deadline: `timeoutMs`, or the call's own `init.timeoutMs`;
 * and takes the call's own `retry` and `extraQuery` out of the init openapi-fetch sees.
 */
function withDeadlines(
  client: object,
  meta: DocumentMeta,
  timeoutMs: number,
  retry: RetryOptions,
  defaultFetch: boolean,
): void {
  const methods = client as Record<string, unknown>;
  const operations = operationsByMethod(meta);
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
    const known = operations.get(method)?.get(url);
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
    // spreading into a literal with extra keys costs ~1 µs a call).
    const { signal, timeoutMs: callTimeout, retry: callRetry, extraQuery, ...forwarded } = init ?? {};
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

/**
 * The document's operations by method, then path, each with its `METHOD /path` key: looked up on every call
 * without building that key (a new string to hash each time).
 */
function operationsByMethod(
  meta: DocumentMeta,
): Map<string, Map<string, { key: string; op: OperationMeta }>> {
  const byMethod = new Map<string, Map<string, { key: string; op: OperationMeta }>>();
  for (const [key, op] of Object.entries(meta.operations)) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const paths = byMethod.get(method) ?? new Map<string, { key: string; op: OperationMeta }>();
    byMethod.set(method, paths);
    paths.set(key.slice(space + 1), { key, op });
  }
  return byMethod;
}

function checkMaxResponseBytes(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ConfigurationError(
    'maxResponseBytes',
    `maxResponseBytes must be a whole number of bytes above 0, e.g. 64 * 1024 * 1024 (got ${String(value)}).`,
  );
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

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function rebuild(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
