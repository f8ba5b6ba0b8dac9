import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../errors/errors.js';
import type { CallAbort } from './signals.js';
import { checkTimeoutMs, withTimeout } from './timeout.js';

const context = { method: 'GET', path: '/feed/fundos/v2/fundos' };
const never = () => new Promise<never>(() => {});

describe('withTimeout', () => {
  it('gives TimeoutError when the deadline passes, even if the work ignores its signal', async () => {
    const error = await withTimeout(never, { ...context, timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 10, method: 'GET', path: context.path });
    expect((error as Error).message).toMatch(/within 10 ms.*Raise timeoutMs/);
  });

  it('aborts the signal it hands to the work', async () => {
    let seen: AbortSignal | undefined;
    const work = (abort: CallAbort) => {
      seen = abort.signal;
      return never();
    };
    await withTimeout(work, { ...context, timeoutMs: 5 }).catch(() => {});
    expect(seen?.aborted).toBe(true);
  });

  it('makes the signal only when read: one read after the deadline is already aborted with the TimeoutError', async () => {
    let state: CallAbort | undefined;
    const error = await withTimeout(
      (abort) => {
        state = abort;
        return never();
      },
      { ...context, timeoutMs: 5 },
    ).catch((e: unknown) => e);
    expect(state?.aborted).toBe(true);
    expect(state?.reason).toBe(error);
    expect(state?.signal.aborted).toBe(true);
    expect(state?.signal.reason).toBe(error);
  });

  it("propagates the caller's abort reason, not a TimeoutError", async () => {
    const controller = new AbortController();
    const reason = new Error('navigated away');
    setTimeout(() => controller.abort(reason), 5);
    await expect(
      withTimeout(never, { ...context, timeoutMs: 10_000, signal: controller.signal }),
    ).rejects.toBe(reason);
  });

  it('lets the caller win when both fired', async () => {
    const controller = new AbortController();
    const reason = new Error('mine');
    const work = ({ signal }: CallAbort) =>
      new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => {
          controller.abort(reason);
          reject(signal.reason);
        });
      });
    await expect(withTimeout(work, { ...context, timeoutMs: 5, signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('rejects at once with the reason of an already aborted signal', async () => {
    let ran = false;
    const signal = AbortSignal.abort(new Error('before'));
    await expect(
      withTimeout(
        async () => {
          ran = true;
          return 1;
        },
        { ...context, timeoutMs: 1000, signal },
      ),
    ).rejects.toThrow('before');
    expect(ran).toBe(false);
  });

  it('returns the result and passes other errors through', async () => {
    expect(await withTimeout(async () => 42, { ...context, timeoutMs: 1000 })).toBe(42);
    await expect(
      withTimeout(async () => Promise.reject(new RangeError('x')), { ...context, timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('Infinity means no deadline', async () => {
    expect(await withTimeout(async () => 'ok', { ...context, timeoutMs: Number.POSITIVE_INFINITY })).toBe(
      'ok',
    );
  });
});

it.each([0, -1, Number.NaN, '100', null])('checkTimeoutMs rejects %j', (value) => {
  expect(() => checkTimeoutMs(value, 'timeoutMs')).toThrow(/timeoutMs must be a positive number/);
});
