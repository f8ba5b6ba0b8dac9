// Records are computed on demand (record i = f(seed, i)): with 1,000,000 funds, start-up stays fast, the last
// page costs what the first costs, and paging across the whole universe does not grow the heap.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFetch, sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let sandbox: RunningSandbox;
let call: SandboxFetch;
let startMs: number;

beforeAll(async () => {
  const started = performance.now();
  sandbox = await startSandbox({ funds: 1_000_000, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  startMs = performance.now() - started;
  call = sandboxFetch(sandbox);
  await call('/feed/fundos/v2/fundos?size=10');
});
afterAll(() => sandbox.stop());

async function timePage(path: string): Promise<number> {
  const t = performance.now();
  const res = await call(path);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

describe('a universe of 1,000,000 funds', () => {
  it('starts in well under 0.5 s', () => {
    expect(startMs).toBeLessThan(500);
  });

  it('has 1,000 pages of 1,000; page 999 is full and page 1000 answers 404', async () => {
    const { body } = await call.json<{ content: unknown[]; total_elements: number; total_pages: number }>(
      '/feed/fundos/v2/fundos?page=999&size=1000',
    );
    expect(body.total_elements).toBe(1_000_000);
    expect(body.total_pages).toBe(1000);
    expect(body.content).toHaveLength(1000);
    expect((await call('/feed/fundos/v2/fundos?page=1000&size=1000')).status).toBe(404);
  });

  it('page 999 answers as fast as page 0 (medians of 7, generous bound)', async () => {
    const first: number[] = [];
    const last: number[] = [];
    for (let i = 0; i < 7; i++) {
      first.push(await timePage('/feed/fundos/v2/fundos?page=0&size=1000'));
      last.push(await timePage('/feed/fundos/v2/fundos?page=999&size=1000'));
    }
    expect(median(last)).toBeLessThan(median(first) * 2 + 25);
    // The filtered views too: the last page of a type filter costs no scan of the universe.
    const { body } = await call.json<{ total_pages: number }>(
      '/feed/fundos/v2/fundos?tipo-fundo=FII&size=1000',
    );
    const lastFiltered = await timePage(
      `/feed/fundos/v2/fundos?tipo-fundo=FII&size=1000&page=${body.total_pages - 1}`,
    );
    expect(lastFiltered).toBeLessThan(median(first) * 2 + 25);
  });

  it('paging across the whole universe leaves the heap where it was', async () => {
    for (let page = 0; page < 1000; page += 97)
      await timePage(`/feed/fundos/v2/fundos?page=${page}&size=1000`);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let round = 0; round < 3; round++) {
      for (let page = round; page < 1000; page += 31)
        await timePage(`/feed/fundos/v2/fundos?page=${page}&size=1000`);
    }
    gc();
    const after = process.memoryUsage().heapUsed;
    // Holding even 1% of the universe's records would take far more than this.
    expect(after - before).toBeLessThan(24 * 1024 * 1024);
  }, 60_000);
});
