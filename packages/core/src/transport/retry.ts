// Bounded retries. Only what can succeed on a second try is retried: network failures, 429 and 5xx. 400, 401,
// 403 and 404 are answers about the request itself and never change on repeat (the 401 renew-and-replay is a
// separate, single step in the pipeline). Waits use exponential backoff with full jitter, so many clients
// failing together do not retry together, and honour Retry-After up to a cap.
//
// The feed is read-only, so every method is retried; the token POST is safe to repeat too. All the calls of a
// client share one retry budget (retry-budget.ts), so a failing service is not hit (1 + maxRetries) times over.

import { ConfigurationError, NetworkError, ResponseTruncatedError } from '../errors/errors.js';
import { parseRetryAfter } from '../errors/retry-after.js';
import { releaseBody } from './release-body.js';
import { createRetryBudget, type RetryBudget, type RetryBudgetOptions } from './retry-budget.js';
import { sleep as abortableSleep } from './signals.js';

export interface RetryContext {
  /** 0 for the first attempt. */
  attempt: number;
  method: string;
  /** Set when the attempt got an answer. */
  response?: Response;
  /** Set when the attempt failed without a complete answer (a NetworkError, a ResponseTruncatedError). */
  error?: unknown;
}

export interface RetryOptions {
  /** Retries after the first attempt (default 2, so at most 3 attempts). */
  maxRetries: number;
  /** Backoff base (default 500 ms): the cap of retry n is min(maxDelayMs, baseDelayMs * 2^n). */
  baseDelayMs: number;
  /** Backoff ceiling (default 8000 ms). */
  maxDelayMs: number;
  /**
   * Longest Retry-After the client waits (default 60 s). A longer one, or one at least as long as the time left
   * before the call's deadline, is not waited for: the 429 (or 503) is returned at once, as a RateLimitedError
   * carrying `retryAfterMs`.
   */
  maxRetryAfterMs: number;
  /** Which failures to retry; replaces `defaultRetryOn`, which it may call. */
  retryOn: (context: RetryContext) => boolean;
  /** Injectable for tests: a number in [0, 1). */
  random: () => number;
  /** Injectable for tests; must reject with `signal.reason` when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for HTTP-date Retry-After values. */
  now: () => number;
  /**
   * The retry budget shared by the client's calls (token bucket: 500 tokens, 10 a retry, 1 back per success).
   * Options make a new one; a RetryBudget from createRetryBudget() can be shared by several clients; `false`:
   * no budget, only maxRetries. Absent when options were not resolved (then no budget).
   */
  budget?: RetryBudget | false;
}

/** What the `retry` client option takes: the options above, with the budget as an object or its settings. */
export type RetryOptionsInput = Partial<Omit<RetryOptions, 'budget'>> & {
  budget?: RetryBudget | RetryBudgetOptions | false;
};

/** What fetchWithRetry tells before a retry's wait. */
export interface RetryNotice {
  /** 1 for the first retry. */
  retry: number;
  maxRetries: number;
  delayMs: number;
  /** The answer retried; absent when the attempt threw (`error`). */
  status?: number;
  error?: unknown;
}

/** Network errors, bodies cut short, 429 and every 5xx; nothing else. */
export function defaultRetryOn(context: RetryContext): boolean {
  if (context.response) return isRetryableStatus(context.response.status);
  return context.error instanceof NetworkError || context.error instanceof ResponseTruncatedError;
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

export const defaultRetryOptions: Readonly<RetryOptions> = Object.freeze({
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
  retryOn: defaultRetryOn,
  random: Math.random,
  sleep: abortableSleep,
  now: Date.now,
});

/** Client option → full options, with a budget of the client's own unless one is given. `false`: no retries. */
export function resolveRetryOptions(option: RetryOptionsInput | false | undefined): RetryOptions {
  if (option === false) return { ...defaultRetryOptions, maxRetries: 0, budget: false };
  const merged: RetryOptions = { ...defaultRetryOptions };
  for (const [key, value] of Object.entries(option ?? {})) {
    if (value !== undefined && key !== 'budget') (merged as unknown as Record<string, unknown>)[key] = value;
  }
  const budget = option?.budget;
  merged.budget =
    budget === false ? false : isBudget(budget) ? budget : createRetryBudget(budget ?? undefined);
  for (const key of ['maxRetries', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const value = merged[key];
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new ConfigurationError(
        `retry.${key}`,
        `retry.${key} must be a number ≥ 0 (got ${String(value)}).`,
      );
    }
  }
  if (!Number.isInteger(merged.maxRetries)) {
    throw new ConfigurationError(
      'retry.maxRetries',
      `retry.maxRetries must be a whole number (got ${merged.maxRetries}).`,
    );
  }
  return merged;
}

function isBudget(value: unknown): value is RetryBudget {
  return typeof (value as RetryBudget | undefined)?.tryAcquire === 'function';
}

/** Full jitter: uniform in [0, min(maxDelayMs, baseDelayMs * 2^attempt)). */
export function backoffDelay(
  attempt: number,
  options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return options.random() * cap;
}

/**
 * Calls `send(attempt)` until it answers with something not worth retrying or the retries run out, and returns
 * the last response (a non-2xx one included: mapping it to an error is the caller's business). Thrown errors are
 * retried when `retryOn` says so, else rethrown. Once `signal` has aborted nothing is retried. Each retry is paid
 * from `options.budget`; when it cannot pay, the failure is handed back as if the retries had run out.
 */
export async function fetchWithRetry(
  send: (attempt: number) => Promise<Response>,
  options: RetryOptions,
  context: {
    method: string;
    signal?: AbortSignal | undefined;
    /** When the call's deadline passes (a Date.now() time): a Retry-After reaching it is not waited for. */
    deadlineAt?: number | undefined;
    /** Told before each retry's wait (the observe hooks); absent, nothing is done for it. */
    onRetry?: ((retry: RetryNotice) => void) | undefined;
  },
): Promise<Response> {
  const budget = options.budget || undefined;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await send(attempt);
    } catch (error) {
      if (context.signal?.aborted || attempt >= options.maxRetries) throw error;
      if (!options.retryOn({ attempt, method: context.method, error })) throw error;
      if (budget && !budget.tryAcquire()) throw error;
      const delayMs = backoffDelay(attempt, options);
      context.onRetry?.({ retry: attempt + 1, maxRetries: options.maxRetries, delayMs, error });
      await options.sleep(delayMs, context.signal);
      continue;
    }
    if (attempt >= options.maxRetries || !options.retryOn({ attempt, method: context.method, response })) {
      if (budget && response.ok) budget.recordSuccess(attempt > 0);
      return response;
    }
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), options.now());
    // A wait longer than the cap is not worth holding the caller for, nor one that reaches the call's deadline
    // (it would end in a TimeoutError with nothing learnt): hand back the answer now.
    if (
      retryAfter !== undefined &&
      (retryAfter > options.maxRetryAfterMs || retryAfter >= (context.deadlineAt ?? Infinity) - Date.now())
    ) {
      return response;
    }
    if (budget && !budget.tryAcquire()) return response;
    // Release the connection of the answer we are discarding (not awaited: see releaseBody).
    releaseBody(response);
    const delayMs = retryAfter ?? backoffDelay(attempt, options);
    context.onRetry?.({
      retry: attempt + 1,
      maxRetries: options.maxRetries,
      delayMs,
      status: response.status,
    });
    await options.sleep(delayMs, context.signal);
  }
}
