// A Retry-After at least as long as the time left before the call's deadline is not waited out (the call would
// end in a TimeoutError at its deadline, with nothing learnt): the 429 comes back at once, a RateLimitedError.
// The waits are recorded, not slept, so nothing here depends on the machine's speed.

import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../errors/errors.js';
import { setupClient } from '../test-support/client.js';
import { errorBody, type FakeFeedOptions, json } from '../test-support/fixtures.js';

function setup(retryAfter: string, timeoutMs: number, throwOnError = true) {
  const tooMany: FakeFeedOptions['handler'] = (r) =>
    r.url.pathname.startsWith('/feed/')
      ? json(429, errorBody(429, 'too many requests', 'Slow down.'), { 'retry-after': retryAfter })
      : undefined;
  const { feed, waits, getOne } = setupClient({ handler: tooMany }, { timeoutMs, throwOnError });
  return { feed, waits, get: getOne };
}

describe('Retry-After against the time left', () => {
  it.each([
    ['equal to the whole deadline', '10', 10_000],
    ['longer than the deadline', '30', 10_000],
    ['an HTTP date past the deadline', new Date(Date.now() + 30_000).toUTCString(), 10_000],
  ])('%s: a RateLimitedError at once, no wait, one request', async (_, header, timeoutMs) => {
    const { feed, waits, get } = setup(header, timeoutMs);
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(timeoutMs - 1000);
    expect(feed.feedRequests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('in the default mode too: the 429 is the result, at once', async () => {
    const { feed, waits, get } = setup('10', 10_000, false);
    const result = await get();
    expect(result.response.status).toBe(429);
    expect(feed.feedRequests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each([
    ['a deadline far longer than the wait', 600_000],
    ['no deadline', Number.POSITIVE_INFINITY],
  ])('%s: the Retry-After is waited for, as before', async (_, timeoutMs) => {
    const { feed, waits, get } = setup('2', timeoutMs);
    await expect(get()).rejects.toBeInstanceOf(RateLimitedError);
    expect(waits).toEqual([2000, 2000]);
    expect(feed.feedRequests).toHaveLength(3);
  });
});
