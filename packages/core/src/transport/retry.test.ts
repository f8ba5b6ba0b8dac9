import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, NetworkError } from '../errors/errors.js';
import { recordingSleep } from '../test-support/fixtures.js';
import { backoffDelay, fetchWithRetry, type RetryOptions, resolveRetryOptions } from './retry.js';
import { createRetryBudget } from './retry-budget.js';

function setup(answers: (Response | Error)[], patch: Partial<RetryOptions> = {}) {
  const { waits, sleep } = recordingSleep();
  const options = resolveRetryOptions({ sleep, random: () => 0.5, now: () => 1_000_000, ...patch });
  let attempts = 0;
  const send = async () => {
    const answer = answers[Math.min(attempts++, answers.length - 1)] as Response | Error;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  const run = (signal?: AbortSignal) => fetchWithRetry(send, options, { method: 'GET', signal });
  return { waits, run, attempts: () => attempts };
}
const status = (code: number, headers: Record<string, string> = {}) =>
  new Response(null, { status: code, headers });
const network = () =>
  new NetworkError('GET /x failed', { method: 'GET', path: '/x', cause: new TypeError('fetch failed') });

describe('fetchWithRetry', () => {
  it.each([500, 502, 503, 504, 599, 429])(
    'retries %i up to maxRetries with jittered backoff, then returns it',
    async (code) => {
      const { waits, run, attempts } = setup([status(code)]);
      expect((await run()).status).toBe(code);
      expect(attempts()).toBe(3); // 1 + maxRetries (2)
      expect(waits).toEqual([0.5 * 500, 0.5 * 1000]);
    },
  );

  it.each([400, 401, 403, 404, 405, 409, 422])('never retries %i', async (code) => {
    const { waits, run, attempts } = setup([status(code), status(200)]);
    expect((await run()).status).toBe(code);
    expect(attempts()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('stops retrying at the first success', async () => {
    const { run, attempts } = setup([status(503), status(200)]);
    expect((await run()).status).toBe(200);
    expect(attempts()).toBe(2);
  });

  it('retries a network error, then rethrows it', async () => {
    const { run, attempts, waits } = setup([network()]);
    await expect(run()).rejects.toBeInstanceOf(NetworkError);
    expect(attempts()).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry other thrown errors by default', async () => {
    const { run, attempts } = setup([new RangeError('bug')]);
    await expect(run()).rejects.toBeInstanceOf(RangeError);
    expect(attempts()).toBe(1);
  });

  it.each([
    ['seconds', '3', 3000],
    ['an HTTP date', new Date(1_000_000 + 4000).toUTCString(), 4000],
  ])('waits for Retry-After given as %s', async (_, header, wait) => {
    const { run, waits } = setup([status(429, { 'retry-after': header }), status(200)]);
    expect((await run()).status).toBe(200);
    expect(waits).toEqual([wait]);
  });

  it.each(['-5', '-1', 'soon', '1.5', ''])(
    'falls back to the normal backoff for a Retry-After of %j (negative or unreadable)',
    async (header) => {
      const { run, waits } = setup([status(503, { 'retry-after': header }), status(200)]);
      expect((await run()).status).toBe(200);
      expect(waits).toEqual([0.5 * 500]);
    },
  );

  it('does not wait for a Retry-After above the cap: the 429 comes back at once', async () => {
    const { run, waits, attempts } = setup([status(429, { 'retry-after': '120' }), status(200)]);
    expect((await run()).status).toBe(429);
    expect(waits).toEqual([]);
    expect(attempts()).toBe(1);
  });

  it('honours a custom retryOn and maxRetries', async () => {
    const { run, attempts } = setup([status(404), status(200)], {
      retryOn: ({ response }) => response?.status === 404,
      maxRetries: 5,
    });
    expect((await run()).status).toBe(200);
    expect(attempts()).toBe(2);
  });

  it('retry: false means one attempt', async () => {
    expect(resolveRetryOptions(false).maxRetries).toBe(0);
  });

  it("rejects with the caller's reason when aborted during a wait", async () => {
    const controller = new AbortController();
    const options = resolveRetryOptions({ random: () => 1, baseDelayMs: 10_000 });
    const send = async () => status(503);
    const pending = fetchWithRetry(send, options, { method: 'GET', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 5);
    await expect(pending).rejects.toThrow('user gave up');
  });
});

describe('the retry budget', () => {
  const failing = (calls: number, budget = createRetryBudget()) => {
    const { sleep } = recordingSleep();
    const options = resolveRetryOptions({ sleep, budget });
    let requests = 0;
    const send = async () => {
      requests++;
      return status(503);
    };
    const all = Promise.all(
      Array.from({ length: calls }, () => fetchWithRetry(send, options, { method: 'GET' })),
    );
    return { all, requests: () => requests, budget };
  };

  it('lets 100 calls failing together make at most 150 requests, not 300', async () => {
    const run = failing(100);
    const answers = await run.all;
    expect(answers.every((r) => r.status === 503)).toBe(true);
    expect(run.requests()).toBeLessThanOrEqual(150);
    expect(run.requests()).toBeGreaterThan(100); // some retries were still allowed
  });

  it('is refilled by successes: a retried success gives its cost back, a first-time success one token', () => {
    const budget = createRetryBudget({ capacity: 30, retryCost: 10, successRefund: 1 });
    expect([budget.tryAcquire(), budget.tryAcquire(), budget.tryAcquire(), budget.tryAcquire()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    budget.recordSuccess(true);
    expect(budget.available).toBe(10);
    for (let i = 0; i < 9; i++) budget.recordSuccess(false);
    expect(budget.available).toBe(19);
    for (let i = 0; i < 50; i++) budget.recordSuccess(true);
    expect(budget.available).toBe(30); // never above capacity
  });

  it('is not used with budget: false (only maxRetries bounds the retries)', async () => {
    const { sleep } = recordingSleep();
    const options = resolveRetryOptions({ sleep, budget: false });
    let requests = 0;
    const send = async () => {
      requests++;
      return status(503);
    };
    await Promise.all(Array.from({ length: 100 }, () => fetchWithRetry(send, options, { method: 'GET' })));
    expect(requests).toBe(300);
  });

  it.each([
    ['capacity', -1],
    ['retryCost', Number.NaN],
  ])('rejects a bad %s, naming retry.budget.%s', (key, value) => {
    expect(() => createRetryBudget({ [key]: value })).toThrow(`retry.budget.${key}`);
  });
});

describe('backoffDelay', () => {
  it('stays within [0, min(maxDelayMs, baseDelayMs * 2^attempt)) for any random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const delay = backoffDelay(attempt, { baseDelayMs: 500, maxDelayMs: 8000, random: () => r });
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.min(8000, 500 * 2 ** attempt) + 1e-9);
        },
      ),
    );
  });

  it('uses the full range (full jitter, not equal jitter)', () => {
    expect(backoffDelay(3, { baseDelayMs: 500, maxDelayMs: 8000, random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { baseDelayMs: 500, maxDelayMs: 8000, random: () => 0.999 })).toBeCloseTo(3996);
    expect(backoffDelay(10, { baseDelayMs: 500, maxDelayMs: 8000, random: () => 0.5 })).toBe(4000);
  });
});

describe('resolveRetryOptions', () => {
  it.each([
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['baseDelayMs', { baseDelayMs: Number.NaN }],
  ])('rejects a bad %s', (option, patch) => {
    expect(() => resolveRetryOptions(patch)).toThrow(ConfigurationError);
    expect(() => resolveRetryOptions(patch)).toThrow(`retry.${option}`);
  });

  it('keeps defaults for what is not given', () => {
    expect(resolveRetryOptions({ maxRetries: 4 })).toMatchObject({
      maxRetries: 4,
      baseDelayMs: 500,
      maxDelayMs: 8000,
      maxRetryAfterMs: 60_000,
    });
  });
});
