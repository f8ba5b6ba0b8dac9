import { describe, expect, it } from 'vitest';
import { anySignal, raceAbort, sleep } from './signals.js';

describe('signals', () => {
  it('sleep resolves after the delay and rejects with the reason on abort', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort('stop');
    await expect(pending).rejects.toBe('stop');
  });

  it('raceAbort settles with the promise, or the abort reason first', async () => {
    expect(await raceAbort(Promise.resolve(1), new AbortController().signal)).toBe(1);
    const controller = new AbortController();
    const pending = raceAbort(new Promise(() => {}), controller.signal);
    controller.abort('gone');
    await expect(pending).rejects.toBe('gone');
  });

  it('anySignal follows whichever input aborts', () => {
    const a = new AbortController();
    const b = new AbortController();
    const both = anySignal([a.signal, undefined, b.signal]);
    b.abort('b');
    expect(both.aborted).toBe(true);
    expect(both.reason).toBe('b');
  });
});
