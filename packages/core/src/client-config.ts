// A document client's options, checked and resolved once, when the client is made: a bad option is a
// ConfigurationError at construction, never at the first call.

import { DEFAULT_MAX_RESPONSE_BYTES } from './body.js';
import type { DocumentClientOptions } from './client-options.js';
import { checkCredential } from './credentials.js';
import { placeholderFetch, resolveService } from './environments.js';
import { ConfigurationError } from './errors.js';
import { FLOW_A_TOKEN_PATH } from './flow-a.js';
import { type FetchFn, globalFetch } from './http.js';
import { type ClientHooks, observedFetch, resolveHooks } from './observe.js';
import type { BodyReader, DocumentExtras } from './response-types.js';
import { type RetryOptions, resolveRetryOptions } from './retry.js';
import { checkTimeoutMs, DEFAULT_TIMEOUT_MS } from './timeout.js';

export interface ClientConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  /** What `tokenUrl` gives, else the flow A path on `baseUrl`. */
  tokenUrl: string;
  /** The fetch every request goes through (observed when someone observes). */
  fetch: FetchFn;
  /** Whether `fetch` is the global fetch, unwrapped (then a call may be a CallRequest). */
  defaultFetch: boolean;
  hooks: ClientHooks | undefined;
  retry: RetryOptions;
  timeoutMs: number;
  maxResponseBytes: number;
  throwOnError: boolean;
  /** The 2xx body reader the options ask for, loaded on first use; undefined for openapi-fetch's JSON.parse. */
  readBody: (() => Promise<BodyReader>) | undefined;
}

export function resolveClientConfig(
  options: DocumentClientOptions | undefined,
  loaders: DocumentExtras = {},
): ClientConfig {
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
  const retry = resolveRetryOptions(options.retry);
  const timeoutMs =
    options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : checkTimeoutMs(options.timeoutMs, 'timeoutMs');
  if (options.tokenManager !== undefined && options.tokenManager?.flow !== 'A') {
    throw new ConfigurationError(
      'tokenManager',
      'tokenManager must be a flow A manager from createTokenManager(); flow B (input family) tokens are refused by the feed.',
    );
  }
  return {
    clientId,
    clientSecret,
    baseUrl,
    tokenUrl: options.tokenUrl ?? `${baseUrl}${FLOW_A_TOKEN_PATH}`,
    fetch,
    defaultFetch: fetch === globalFetch,
    hooks,
    retry,
    timeoutMs,
    maxResponseBytes:
      options.maxResponseBytes === undefined
        ? DEFAULT_MAX_RESPONSE_BYTES
        : checkMaxResponseBytes(options.maxResponseBytes),
    throwOnError: options.throwOnError === true,
    readBody: bodyReaderOf(options, loaders),
  };
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

function checkMaxResponseBytes(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ConfigurationError(
    'maxResponseBytes',
    `maxResponseBytes must be a whole number of bytes above 0, e.g. 64 * 1024 * 1024 (got ${String(value)}).`,
  );
}
