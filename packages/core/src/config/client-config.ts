// A document client's options, checked and resolved once, when the client is made: a bad option is a
// ConfigurationError at construction, never at the first call.

import { checkCredential } from '../auth/credentials.js';
import { FLOW_A_TOKEN_PATH } from '../auth/flow-a.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../body/body.js';
import type { BodyReader, DocumentExtras, ValidatorsModule } from '../body/response-types.js';
import { placeholderFetch, resolveService } from '../environments/environments.js';
import { ConfigurationError } from '../errors/errors.js';
import { type ClientHooks, observedFetch, resolveHooks } from '../observe/observe.js';
import { type FetchFn, globalFetch } from '../transport/http.js';
import { type RetryOptions, resolveRetryOptions } from '../transport/retry.js';
import { checkTimeoutMs, DEFAULT_TIMEOUT_MS } from '../transport/timeout.js';
import type { DocumentClientOptions } from './client-options.js';

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
}

/** `options` checked and resolved (what a session needs too; the body reader is resolveBodyReader's). */
export function resolveClientConfig(options: DocumentClientOptions | undefined): ClientConfig {
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
  };
}

/**
 * The 2xx body reader the options ask for, loaded on first use; undefined by default (openapi-fetch's JSON.parse).
 * `validatorsFrom`: the entry that exports the document's `responseValidators`, named in the error when
 * validation is asked for without them.
 */
export function resolveBodyReader(
  options: DocumentClientOptions,
  loaders: DocumentExtras,
  validatorsFrom: string,
): (() => Promise<BodyReader>) | undefined {
  // 'lossless' only through withLosslessNumbers (internal: the command line's).
  const numbers = (options.numbers ?? 'number') as 'number' | 'exact' | 'lossless';
  const validate = options.validateResponses ?? 'off';
  const report = options.onResponseIssues;
  if (numbers === 'number' && validate === 'off') return undefined;
  if (!loaders.reader || !/^(exact|lossless|number)-(off|warn|throw)$/.test(`${numbers}-${validate}`)) {
    throw new ConfigurationError(
      loaders.reader && numbers === 'exact' ? 'validateResponses' : 'numbers',
      "numbers: 'number'|'exact', validateResponses: 'off'|'warn'|'throw'.",
    );
  }
  const validators = checkResponseValidators(options, validatorsFrom);
  const extras: DocumentExtras = validators
    ? { ...loaders, validators: () => Promise.resolve(validators) }
    : loaders;
  const load = loaders.reader as NonNullable<DocumentExtras['reader']>;
  let reader: Promise<BodyReader> | undefined;
  return () => (reader ??= load().then((m) => m.createBodyReader({ numbers, validate, extras, report })));
}

/**
 * The validators `validateResponses` asks for (undefined when it is off), which the caller passes in: the default
 * bundle has none. `from`: the entry that exports them, named in the error.
 */
export function checkResponseValidators(
  options: DocumentClientOptions,
  from: string,
): ValidatorsModule | undefined {
  const validate = options.validateResponses;
  // Off, or a value the option check refuses with its own message.
  if (validate !== 'warn' && validate !== 'throw') return undefined;
  const value = options.responseValidators;
  const table = (value as { validators?: unknown } | undefined)?.validators;
  if (value && table && typeof table === 'object') return value;
  throw new ConfigurationError(
    'responseValidators',
    `validateResponses: '${validate}' needs the compiled validators, which the client does not load by itself ` +
      `(so a bundle that does not validate carries none): import { responseValidators } from '${from}' and pass ` +
      `{ validateResponses: '${validate}', responseValidators }.`,
  );
}

function checkMaxResponseBytes(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ConfigurationError(
    'maxResponseBytes',
    `maxResponseBytes must be a whole number of bytes above 0, e.g. 64 * 1024 * 1024 (got ${String(value)}).`,
  );
}
