// Records are computed on demand (record i = f(seed, i)): a universe of 1,000,000 funds takes the memory of one of
// 7,231, answering its last page computes what answering its first computes, and paging across all of it does
// not grow the heap. Checked by behaviour (heap after GC, records computed per answer), never by a stopwatch:
// speed is measured in `pnpm bench`.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxFetch } from './client.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';
import { FundUniverse } from './universe/funds.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const NOW = () => Date.parse('2026-11-19T21:00:00-03:00');
const MB = 1024 * 1024;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

let sandbox: InProcessSandbox;
let call: SandboxFetch;

beforeAll(async () => {
  // No record cache: these tests count the records each answer computes (the cache is json-cache.test.ts's).
  sandbox = startInProcess({ funds: 1_000_000, now: NOW, cacheBytes: 0 });
  call = inProcessFetch(sandbox);
  await call('/feed/fundos/v2/fundos?size=10');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Heap held by a started sandbox of `funds` funds that has answered a first page (the sandbox stays referenced). */
async function heapOfSandbox(funds: number): Promise<number> {
  const before = heapAfterGc();
  const s = startInProcess({ funds, now: NOW });
  const { status } = await inProcessFetch(s).json(
    `/feed/fundos/v2/fundos?size=1000&page=${funds >= 2000 ? 1 : 0}`,
  );
  expect(status).toBe(200);
  const held = heapAfterGc() - before;
  // Read after the measure, so the sandbox is still held while it is taken.
  expect(s.funds).toBe(funds);
  return held;
}

describe("document 1's beta database, read literally: 7,231,000 funds", () => {
  it('pages to its last page (7,230) and answers 404 past it; a class code of the last page finds its fund', async () => {
    const literal = startInProcess({ funds: 7_231_000, now: NOW });
    const get = inProcessFetch(literal);
    // The batch registry (E7) lists every fund with its contexts: content and classes.
    const batch =
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2000-01-01T00:00:00.000&size=1000';
    const last = await get.json<{
      content: { content: { codigo_fundo: string }; classes: { codigo_classe: string }[] }[];
    }>(`${batch}&page=7230`);
    expect(last.status).toBe(200);
    expect(last.body.content).toHaveLength(1000);
    expect((await get(`${batch}&page=7231`)).status).toBe(404);
    const fund = last.body.content.at(-1);
    const detail = await get.json<{ codigo_fundo: string }>(
      `/feed/fundos/v2/fundos/${fund?.classes.at(-1)?.codigo_classe}`,
    );
    expect(detail.body.codigo_fundo).toBe(fund?.content.codigo_fundo);
  });
});

describe('a universe of 1,000,000 funds', () => {
  it('has 1,000 pages of 1,000; page 999 is full and page 1000 answers 404', async () => {
    const { body } = await call.json<{ content: unknown[]; totalSize: number; pageable: { page: number } }>(
      '/feed/fundos/v2/fundos?page=999&size=1000',
    );
    expect(body.totalSize).toBe(1_000_000);
    expect(body.pageable.page).toBe(999);
    expect(body.content).toHaveLength(1000);
    expect((await call('/feed/fundos/v2/fundos?page=1000&size=1000')).status).toBe(404);
  });

  it('holds no more memory than a universe of 7,231 funds (nor does one of 5,000,000)', async () => {
    await heapOfSandbox(7231); // warm-up: code and the spec's caches loaded once
    const small = Math.max(await heapOfSandbox(7231), 0);
    const million = await heapOfSandbox(1_000_000);
    const max = await heapOfSandbox(5_000_000);
    // Storing even 4 bytes per fund would add 4 MB at 1,000,000 funds and 20 MB at 5,000,000.
    expect(million - small).toBeLessThan(2 * MB);
    expect(max - small).toBeLessThan(2 * MB);
  });

  it.each([
    ['the first page', '/feed/fundos/v2/fundos?page=0&size=1000', 1000],
    ['the last page', '/feed/fundos/v2/fundos?page=999&size=1000', 1000],
    [
      'a middle page of the batch registry',
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=1990-01-01T00:00:00.000&page=1234&size=250',
      250,
    ],
    ['the last fund, found by its code', '/feed/fundos/v2/fundos/{last}', 1],
  ])('answering %s computes only the funds it returns', async (_, path, returned) => {
    const lastPage = await call.json<{ content: { codigo_fundo: string }[] }>(
      '/feed/fundos/v2/fundos?page=999999&size=1',
    );
    const last = lastPage.body.content[0]?.codigo_fundo as string;
    const computed = vi.spyOn(FundUniverse.prototype, 'fund');
    const res = await call(path.replace('{last}', last));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(computed.mock.calls.length).toBe(returned);
  });

  it('the last page of a filtered list computes only its own funds, not the funds before it', async () => {
    const { body } = await call.json<{ totalSize: number }>(
      '/feed/fundos/v2/fundos?tipo-fundo=FII&size=1000',
    );
    expect(body.totalSize).toBeGreaterThan(50_000);
    const lastPage = Math.ceil(body.totalSize / 1000) - 1;
    const computed = vi.spyOn(FundUniverse.prototype, 'fund');
    const last = await call.json<{ content: { tipo_fundo: string }[] }>(
      `/feed/fundos/v2/fundos?tipo-fundo=FII&size=1000&page=${lastPage}`,
    );
    expect(last.body.content.length).toBe(body.totalSize - lastPage * 1000);
    expect(last.body.content.every((r) => r.tipo_fundo === 'FII')).toBe(true);
    expect(computed.mock.calls.length).toBe(last.body.content.length);
  });

  it('paging across the whole universe leaves the heap where it was', async () => {
    const page = async (n: number) => {
      const res = await call(`/feed/fundos/v2/fundos?page=${n}&size=1000`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    };
    for (let n = 0; n < 1000; n += 97) await page(n);
    const before = heapAfterGc();
    for (let n = 1; n < 1000; n += 31) await page(n);
    // 33 pages spread across the universe, 33,000 records (about 1 MB of JSON a page): holding even a third of
    // them, or 1% of the universe's records, would take far more than this.
    expect(heapAfterGc() - before).toBeLessThan(8 * MB);
  }, 60_000);
});
