import { describe, expect, it } from 'vitest';
import { runOrdered } from './ordered.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runOrdered', () => {
  it('commits in order whatever order the work finishes in, with at most `concurrency` in flight', async () => {
    const delays = [30, 5, 20, 1, 15, 2, 8, 0, 12, 3];
    let inFlight = 0;
    let most = 0;
    const committed: number[] = [];
    await runOrdered(
      delays,
      { concurrency: 3 },
      async (ms, i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(ms);
        inFlight--;
        return i;
      },
      (i) => {
        committed.push(i);
      },
    );
    expect(committed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
  });

  it('commits every unit before a failed one, none after, and rejects with its error', async () => {
    const committed: number[] = [];
    const batches: number[][] = [];
    const run = runOrdered(
      [0, 1, 2, 3, 4, 5, 6, 7],
      { concurrency: 4 },
      async (i) => {
        await sleep(i === 3 ? 1 : 10);
        if (i === 3) throw new Error('unit 3 failed');
        return i;
      },
      (i) => {
        committed.push(i);
      },
      () => batches.push([...committed]),
    );
    await expect(run).rejects.toThrow('unit 3 failed');
    expect(committed).toEqual([0, 1, 2]);
    expect(batches.at(-1)).toEqual([0, 1, 2]);
  });

  it('stops on abort and rejects with its reason, after the in-flight work settles', async () => {
    const controller = new AbortController();
    const committed: number[] = [];
    const run = runOrdered(
      Array.from({ length: 50 }, (_, i) => i),
      { concurrency: 2, signal: controller.signal },
      (i, _index, signal) =>
        new Promise<number>((resolve, reject) => {
          const t = setTimeout(() => resolve(i), 5);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(signal.reason);
          });
        }),
      (i) => {
        committed.push(i);
        if (i === 4) controller.abort(new Error('interrupted'));
      },
    );
    await expect(run).rejects.toThrow('interrupted');
    expect(committed).toEqual([0, 1, 2, 3, 4]);
  });

  it('does nothing for no units', async () => {
    await expect(
      runOrdered(
        [],
        { concurrency: 8 },
        async () => 1,
        () => {},
      ),
    ).resolves.toBeUndefined();
  });
});
