// One document's typed client: openapi-fetch's `Client<Paths>` with the core plugged in.
//
//   client.GET(path, init)
//     -> middleware onRequest:  validate params against the spec (throws InvalidRequestError, nothing sent)
//                               + flow A headers `client_id` and `access_token`
//     -> pipeline fetch:        deadline, retries, one 401 renew-and-replay (fetch-pipeline.ts)
//     -> middleware onResponse: non-2xx -> typed error (thrown in throwing mode, else kept for toFeedError)
//
// Results stay openapi-fetch's `{ data, error, response }` unless `throwOnError: true`. What is thrown in
// both modes, because there is no response to return: InvalidRequestError (bad input), InvalidCredentialsError
// and TokenResponseError (the token request failed), NetworkError, TimeoutError, and the caller's abort reason.

import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { basicAuthorization } from './base64.js';
import { checkCredential } from './credentials.js';
import { type EnvironmentName, resolveBaseUrl } from './environments.js';
import { ConfigurationError, type ErrorContext, errorFromResponse } from './errors.js';
import { ACCESS_TOKEN_HEADER, CLIENT_ID_HEADER, createPipelineFetch } from './fetch-pipeline.js';
import { type FetchFn, globalFetch, pathOf } from './http.js';
import { type DocumentMeta, operationKey } from './meta.js';
import { createPaginator, type Paginator } from './paginate.js';
import { redact } from './redact.js';
import { rememberResponse } from './result.js';
import { type RetryOptions, resolveRetryOptions } from './retry.js';
import { raceAbort } from './signals.js';
import { checkTimeoutMs, DEFAULT_TIMEOUT_MS } from './timeout.js';
import { createTokenManager, FLOW_A_TOKEN_PATH, type TokenManager } from './token-manager.js';
import { validateRequest } from './validate.js';

export interface DocumentClientOptions {
  /** The application's client_id (flow A). Sent as the `client_id` header of every feed call. */
  clientId: string;
  /** The application's client_secret. Server-side only: never ship it to a browser. */
  clientSecret: string;
  /** Required unless `baseUrl` is given. */
  environment?: EnvironmentName;
  /** Any deployment (the mock, a proxy); wins over `environment`. HTTPS only, except loopback. */
  baseUrl?: string;
  /** Default: the global fetch, looked up at call time. */
  fetch?: FetchFn;
  /** Retry options, or `false` for none. Default: 2 retries, 500 ms base, 8 s ceiling, full jitter. */
  retry?: Partial<RetryOptions> | false;
  /** Deadline of each call, retries and waits included (default 30 000 ms; Infinity for none). Per call: `init.timeoutMs`. */
  timeoutMs?: number;
  /** Throw the typed FeedError for any non-2xx answer instead of returning `{ error }` (default false). */
  throwOnError?: boolean;
  /** A flow A manager shared by several document clients (the all-documents client): one token for all. */
  tokenManager?: TokenManager;
}

export type DocumentClient<Paths extends {}> = Client<Paths> &
  Paginator<Paths> & {
    /** The flow A token manager this client uses (shared when one was passed in). */
    readonly tokenManager: TokenManager;
    /** The resolved base URL. */
    readonly baseUrl: string;
  };

export function createDocumentClient<Paths extends {}>(
  options: DocumentClientOptions,
  meta: DocumentMeta,
): DocumentClient<Paths> {
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError(
      'options',
      'createDocumentClient needs an options object with clientId, clientSecret and environment or baseUrl.',
    );
  }
  const clientId = checkCredential(options.clientId, 'clientId');
  const clientSecret = checkCredential(options.clientSecret, 'clientSecret');
  const baseUrl = resolveBaseUrl(options);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch', 'fetch must be a function (input: Request) => Promise<Response>.');
  }
  const fetch = options.fetch ?? globalFetch;
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

  // The token request gets the same deadline and retries as feed calls, but no renew-and-replay.
  const tokenManager =
    options.tokenManager ??
    createTokenManager({
      clientId,
      clientSecret,
      tokenUrl: `${baseUrl}${FLOW_A_TOKEN_PATH}`,
      fetch: createPipelineFetch({ fetch, retry, timeoutMs }),
    });
  const basic = basicAuthorization(clientId, clientSecret);
  const secretsOf = (request: Request) => [
    clientSecret,
    basic,
    basic.slice('Basic '.length),
    request.headers.get(ACCESS_TOKEN_HEADER) ?? undefined,
  ];

  const client = createClient<Paths>({
    baseUrl,
    fetch: createPipelineFetch({ fetch, retry, timeoutMs, tokenManager }),
  });

  const core: Middleware = {
    async onRequest({ request, schemaPath, params }) {
      const op = meta.operations[operationKey(request.method, schemaPath)];
      if (op) validateRequest(op, params);
      // An operation missing from meta still gets flow A: every feed call needs it, and a 401 is worse than a header.
      if (!op || op.auth === 'flowA') {
        const token = await raceAbort(tokenManager.getToken(), request.signal);
        request.headers.set(CLIENT_ID_HEADER, clientId);
        request.headers.set(ACCESS_TOKEN_HEADER, token);
      }
      return request;
    },
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const secrets = secretsOf(request);
      const context: ErrorContext = {
        method: request.method,
        path: pathOf(request.url),
        secrets,
        now: retry.now,
      };
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      const clean = redact(text, secrets);
      if (throwOnError) throw errorFromResponse(response, parse(clean), context);
      // A server that echoes a secret in its error body must not hand it to `result.error` either.
      const safe = clean === text ? response : rebuild(response, clean);
      rememberResponse(safe, context);
      return safe;
    },
  };
  client.use(core);

  const extras = { tokenManager, baseUrl, ...createPaginator<Paths>(client, meta) };
  return Object.assign(client, extras);
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
