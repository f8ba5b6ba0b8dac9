// A retry budget shared by every call of a client: a token bucket, the scheme of the AWS SDKs' "standard" retry
// mode. Per-call limits (maxRetries) alone let a failing service get (1 + maxRetries) times the load exactly when
// it can least take it; the bucket caps the retries of all calls together, and refills as calls succeed.
//
// It starts full (`capacity`); each retry takes `retryCost`; when the bucket cannot pay, the failure is returned
// (or thrown) at once instead of retried. A success gives back `retryCost` if it came from a retry, else
// `successRefund`, up to `capacity`. The AWS SDKs take 5 per retry (10 after a timeout) from 500; here a retry
// costs 10, so 100 calls failing together make at most 150 requests (50 retries), not 300.

import { ConfigurationError } from '../errors/errors.js';

export interface RetryBudgetOptions {
  /** Tokens when full, and at the start (default 500). */
  capacity?: number;
  /** Tokens one retry takes (default 10). */
  retryCost?: number;
  /** Tokens a call that succeeded at its first attempt gives back (default 1). */
  successRefund?: number;
}

export interface RetryBudget {
  /** Takes the cost of one retry; false (and takes nothing) when the bucket cannot pay. */
  tryAcquire(): boolean;
  /** A call succeeded; `retried` when it took retries to get there. */
  recordSuccess(retried: boolean): void;
  /** Tokens left. */
  readonly available: number;
}

export const DEFAULT_RETRY_BUDGET: Readonly<Required<RetryBudgetOptions>> = Object.freeze({
  capacity: 500,
  retryCost: 10,
  successRefund: 1,
});

export function createRetryBudget(options: RetryBudgetOptions = {}): RetryBudget {
  const settings = { ...DEFAULT_RETRY_BUDGET };
  for (const key of ['capacity', 'retryCost', 'successRefund'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new ConfigurationError(
        `retry.budget.${key}`,
        `retry.budget.${key} must be a finite number ≥ 0 (got ${String(value)}).`,
      );
    }
    settings[key] = value;
  }
  const { capacity, retryCost, successRefund } = settings;
  let available = capacity;
  return {
    tryAcquire() {
      if (available < retryCost) return false;
      available -= retryCost;
      return true;
    },
    recordSuccess(retried) {
      available = Math.min(capacity, available + (retried ? retryCost : successRefund));
    },
    get available() {
      return available;
    },
  };
}
