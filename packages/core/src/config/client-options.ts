// The options every document client takes (and the all-documents client, which hands them to each).

import type { TokenManager } from '../auth/flow-a.js';
import type { ResponseIssue, ValidatorsModule } from '../body/response-types.js';
import type { EnvironmentName } from '../environments/environments.js';
import type { ClientHooks, Logger, LogLevel } from '../observe/observe.js';
import type { FetchFn } from '../transport/http.js';
import type { RetryOptionsInput } from '../transport/retry.js';

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
   * ResponseValidationError. Default 'off'. Needs `responseValidators`.
   */
  validateResponses?: 'off' | 'warn' | 'throw';
  /**
   * The validators `validateResponses` checks with, compiled at build time: `responseValidators` from the
   * document package's `./validators` entry (e.g. `@assoc-feed/fundos-v2/validators`), or from
   * `@assoc-feed/client/validators` for all three. Passed in, not loaded by the client, so a bundle that does not
   * validate carries none of them.
   */
  responseValidators?: ValidatorsModule;
  /** Where 'warn' reports the differences (operation, JSON pointer, expected, found). */
  onResponseIssues?: (issues: readonly ResponseIssue[]) => void;
  /** Observers of each request, answer, retry and token renewal (never a secret or token in an event). */
  hooks?: ClientHooks;
  /** Gets request lines (debug), token renewals (info), retries (warn). FEED_LOG=debug|info|warn logs to stderr. */
  logger?: Logger;
  /** The lowest level `logger` gets (default info). */
  logLevel?: LogLevel;
}
