// Paging and filters: totals in the envelope, every fund exactly once, 404 past the last page, size limits,
// tipo-fundo, classe-assoc (repeatable), data-atualizacao; E8's cursor paging serves every record once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { loadSpec } from './spec-reader/load.js';
import { readOperations } from './spec-reader/operations.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

const NOW = Date.parse('2026-11-19T21:00:00-03:00');

/** The v2 lists' envelope (E1, E3, E6, E7). */
interface Page<T> {
  content: T[];
  totalSize: number;
  pageable: { page: number; size: number };
}
/** The v1 lists' envelope. */
interface PageV1<T> {
  content: T[];
  page: number;
  size: number;
  total_elements: number;
  total_pages: number;
}
/** E8's envelope: paged by cursor. */
interface CursorPage<T> {
  content: T[];
  totalSize: number;
  nextCursor: string | null;
}
interface FundRecord {
  codigo_fundo: string;
  tipo_fundo: string;
  data_atualizacao: string;
  classes: { codigo_classe: string }[];
  subclases: { codigo: string }[];
}
interface RegistryRecord {
  content: { codigo_fundo: string; tipo_fundo: string; data_atualizacao: string };
}
interface SeriesRecord {
  codigo_fundo: string;
  codigo_classe: string;
  codigo_subclasse: string | null;
  data_competencia: string;
  data_atualizacao: string;
}

let sandbox: InProcessSandbox;
let call: SandboxFetch;

beforeAll(async () => {
  sandbox = startInProcess({ now: () => NOW });
  call = inProcessFetch(sandbox);
});

/** Pages a list until the service answers 404 (at most `limit` pages), collecting every record. */
async function pageUntil404<T>(
  path: string,
  size: number,
  limit = 100,
  get: SandboxFetch = call,
): Promise<{ records: T[]; pages: number }> {
  const records: T[] = [];
  for (let page = 0; page < limit; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${sep}page=${page}&size=${size}`);
    if (res.status === 404) return { records, pages: page };
    expect(res.status).toBe(200);
    records.push(...((await res.json()) as Page<T>).content);
  }
  throw new Error(`${path} did not end within ${limit} pages`);
}

describe('E1 fund list', () => {
  it('answers the first 1,000 funds by code without page and size, with the totals', async () => {
    const { status, body } = await call.json<Page<FundRecord>>('/feed/fundos/v2/fundos');
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalSize: 7231, pageable: { page: 0, size: 1000 } });
    expect(body.content).toHaveLength(1000);
    const codes = body.content.map((r) => r.codigo_fundo);
    expect([...codes].sort()).toEqual(codes);
  });

  it('pages all 7,231 funds, each exactly once, in code order', async () => {
    const codes: string[] = [];
    for (let page = 0; page < 8; page++) {
      const { body } = await call.json<Page<FundRecord>>(`/feed/fundos/v2/fundos?page=${page}&size=1000`);
      expect(body.totalSize).toBe(7231);
      expect(body.pageable).toEqual({ page, size: 1000 });
      codes.push(...body.content.map((r) => r.codigo_fundo));
    }
    expect(codes).toHaveLength(7231);
    expect(new Set(codes).size).toBe(7231);
    expect([...codes].sort()).toEqual(codes);
    expect((await call('/feed/fundos/v2/fundos?page=8&size=1000')).status).toBe(404);
  });

  // Walking every page at these sizes is the typed clients' test (packages/sandbox-tests, paging.test.ts:
  // paginate() at 777 and 250, and a pager that GETs "until 404"); here, the pages a pager ends on.
  it.each([1000, 777, 250])(
    'at size %i, the last page holds the rest and the page after it answers 404',
    async (size) => {
      const pages = Math.ceil(7231 / size);
      const last = await call.json<Page<FundRecord>>(`/feed/fundos/v2/fundos?page=${pages - 1}&size=${size}`);
      expect(last.status).toBe(200);
      expect(last.body.content).toHaveLength(7231 - (pages - 1) * size);
      expect((await call(`/feed/fundos/v2/fundos?page=${pages}&size=${size}`)).status).toBe(404);
    },
  );

  it('rejects sizes outside 1..1000 and bad pages with 400 naming the rule', async () => {
    for (const [query, rule] of [
      ['size=1001', 'at most 1000'],
      ['size=0', 'at least 1'],
      ['page=-1', 'at least 0'],
      ['page=abc', 'integer'],
      ['size=1.5', 'integer'],
      ['page=1&page=2', 'sent once (it was sent 2 times)'],
    ] as const) {
      const { status, body } = await call.json<{ details: { parameter: string; rule: string }[] }>(
        `/feed/fundos/v2/fundos?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body.details[0]?.rule).toBe(rule);
    }
  });

  it('filters by tipo-fundo; the types add up to the whole list', async () => {
    let sum = 0;
    for (const tipo of ['ETF', 'FIDC', 'FII', 'FIP', 'FIF', 'OFFSHORE', 'FIAGRO']) {
      const { records } = await pageUntil404<FundRecord>(`/feed/fundos/v2/fundos?tipo-fundo=${tipo}`, 1000);
      expect(records.length, tipo).toBeGreaterThan(0);
      expect(records.every((r) => r.tipo_fundo === tipo)).toBe(true);
      const { body } = await call.json<Page<FundRecord>>(`/feed/fundos/v2/fundos?tipo-fundo=${tipo}&size=1`);
      expect(body.totalSize).toBe(records.length);
      sum += records.length;
    }
    expect(sum).toBe(7231);
    expect((await call('/feed/fundos/v2/fundos?tipo-fundo=XYZ')).status).toBe(400);
  });

  it('the beta list has no FIAGRO and rejects it as a filter value', async () => {
    const { body } = await call.json<Page<FundRecord>>('/beta/feed/fundos/v2/fundos?tipo-fundo=FIAGRO');
    expect(body).toMatchObject({ details: [{ parameter: 'tipo-fundo' }] });
    const fiagro = (await call.json<Page<FundRecord>>('/feed/fundos/v2/fundos?tipo-fundo=FIAGRO&size=1')).body
      .totalSize;
    const beta = (await call.json<Page<FundRecord>>('/beta/feed/fundos/v2/fundos?size=1')).body.totalSize;
    expect(beta).toBe(7231 - fiagro);
    expect(beta).toBe(7087); // the figure the spec's beta example gives
  });
});

describe('lists whose document gives no default size (E3, E6, E7, the single-fund series)', () => {
  const operations = readOperations(loadSpec());
  it.each([
    ['E3', '/feed/fundos/v2/fundos/instituicoes'],
    ['E6', '/feed/fundos/v2/fundos/C0000100007/notas-explicativas'],
    ['E7', '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=1990-01-01T00:00:00.000'],
    ['E2-serie-historica', '/feed/fundos/v2/fundos/C0000100007/serie-historica?data-inicio=2020-01-01'],
  ])(
    '%s without size answers pages of the size the spec declares as its default (1,000)',
    async (id, path) => {
      const size = operations
        .find((o) => o.documentId === id)
        ?.params.find((p) => p.in === 'query' && p.name === 'size');
      expect(size?.schema.default).toBe(1000);
      const { status, body } = await call.json<Page<unknown>>(path);
      expect(status).toBe(200);
      expect(body.pageable).toEqual({ page: 0, size: 1000 });
      expect(body.content.length).toBe(Math.min(1000, body.totalSize));
    },
  );
});

describe('other lists', () => {
  it('institutions (E3) page to 404 and each detail (E4) finds its record', async () => {
    const { records } = await pageUntil404<{ identificador: string; razao_social: string }>(
      '/feed/fundos/v2/fundos/instituicoes',
      100,
    );
    expect(records.length).toBe(Math.round(7231 / 18));
    expect(new Set(records.map((r) => r.identificador)).size).toBe(records.length);
    const one = records[17] as { identificador: string; razao_social: string };
    const { body } = await call.json<{ content: { razao_social: string } }>(
      `/feed/fundos/v2/fundos/instituicoes/${one.identificador}`,
    );
    expect(body.content.razao_social).toBe(one.razao_social);
  });

  it('v1 structured list (V5) takes classe-assoc repeated, capped at 300 a page', async () => {
    const total = async (q: string) =>
      (await call.json<PageV1<unknown>>(`/feed/fundos/v1/fundos-estruturados?size=1${q}`)).body
        .total_elements;
    const fii = await total('&classe-assoc=FII');
    const fidc = await total('&classe-assoc=FIDC');
    const fip = await total('&classe-assoc=FIP');
    expect(await total('&classe-assoc=FII&classe-assoc=FIDC')).toBe(fii + fidc);
    expect(await total('')).toBe(fii + fidc + fip);
    const page = await call.json<PageV1<{ classe_assoc: string }>>(
      '/feed/fundos/v1/fundos-estruturados?classe-assoc=FII&classe-assoc=FIDC',
    );
    expect(page.body.size).toBe(300);
    expect(page.body.content.every((r) => r.classe_assoc === 'FII' || r.classe_assoc === 'FIDC')).toBe(true);
    expect((await call('/feed/fundos/v1/fundos-estruturados?size=301')).status).toBe(400);
    expect((await call('/feed/fundos/v1/fundos-estruturados?classe-assoc=FIF')).status).toBe(400);
  });

  it('v1 lists hold the migrated funds of the v2 universe', async () => {
    const { records } = await pageUntil404<{ codigo_fundo: string; cnpj_fundo: string }>(
      '/feed/fundos/v1/fundos',
      1000,
    );
    expect(records.length).toBeGreaterThan(3000);
    const sample = records[123] as { codigo_fundo: string; cnpj_fundo: string };
    const { body } = await call.json<{ identificador_fundo: string }>(
      `/feed/fundos/v2/fundos/F0000${sample.codigo_fundo}`,
    );
    expect(body.identificador_fundo).toBe(sample.cnpj_fundo);
  });

  it('the batch registry (E7) answers the funds updated since data-atualizacao', async () => {
    const since = async (ts: string) =>
      pageUntil404<RegistryRecord>(
        `/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=${ts}`,
        250,
      );
    const week = await since('2026-11-12T00:00:00.000');
    const day = await since('2026-11-18T12:00:00.000');
    expect(week.records.length).toBeGreaterThan(day.records.length);
    expect(day.records.length).toBeGreaterThan(0);
    for (const r of day.records) expect(r.content.data_atualizacao >= '2026-11-18T12:00:00.000').toBe(true);
    const all = await call.json<Page<RegistryRecord>>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=1990-01-01T00:00:00.000&size=1',
    );
    expect(all.body.totalSize).toBe(7231);
    const future = await call.json<Page<RegistryRecord>>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2027-01-01T00:00:00.000',
    );
    expect(future.body).toMatchObject({ totalSize: 0, content: [] });
    const fii = await call.json<Page<RegistryRecord>>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2026-11-12T00:00:00.000&tipo-fundo=FII&size=1000',
    );
    expect(fii.body.content.every((r) => r.content.tipo_fundo === 'FII')).toBe(true);
    const bad = await call.json<{ details: { parameter: string }[] }>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2026-02-30T00:00:00.000',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]?.parameter).toBe('data-atualizacao');
    expect((await call('/feed/fundos/v2/fundos/dados-cadastrais/lote')).status).toBe(400);
  });

  const SERIES = '/feed/fundos/v2/fundos/serie-historica/lote';
  /** Follows nextCursor from the first answer to the last, collecting every record. */
  async function walkCursor(
    query: string,
    get: SandboxFetch = call,
  ): Promise<{ records: SeriesRecord[]; totals: number[]; answers: number }> {
    const records: SeriesRecord[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    let answers = 0;
    do {
      const url: string = `${SERIES}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body }: { status: number; body: CursorPage<SeriesRecord> } =
        await get.json<CursorPage<SeriesRecord>>(url);
      expect(status).toBe(200);
      records.push(...body.content);
      totals.push(body.totalSize);
      cursor = body.nextCursor;
      answers++;
      if (answers > 200) throw new Error('the cursor never ended');
    } while (cursor !== null);
    return { records, totals, answers };
  }
  const key = (r: SeriesRecord) => `${r.codigo_classe}|${r.codigo_subclasse}|${r.data_competencia}`;

  it('the batch series (E8) serves every record once by cursor, in publication order, and its total agrees', async () => {
    // Published since 2026-11-18 09:00: the series of 11-18 (published 11-19 08:00); 11-19's is published 11-23.
    const { records, totals, answers } = await walkCursor('data-atualizacao=2026-11-18T09:00:00.000');
    expect(records.length).toBeGreaterThan(7000);
    expect(new Set(totals)).toEqual(new Set([records.length]));
    expect(new Set(records.map(key)).size).toBe(records.length);
    expect(answers).toBe(Math.ceil(records.length / 1000));
    expect(records.every((r) => r.data_competencia === '2026-11-18')).toBe(true);
    // The series of the 7,231 funds' classes and subclasses active that day (closed ones have none).
    const funds = new Set(records.map((r) => r.codigo_fundo));
    expect(funds.size).toBeGreaterThan(6000);
    expect(funds.size).toBeLessThanOrEqual(7231);
  });

  it('E8: several days, any size, and tipo-fundo, each served whole (in a universe of 700 funds)', async () => {
    // What is checked here does not depend on the universe's size; a week of the default one is 50,000 records.
    await severalDays(inProcessFetch(startInProcess({ now: () => NOW, funds: 700 })));
  });

  async function severalDays(call: SandboxFetch): Promise<void> {
    const week = await walkCursor('data-atualizacao=2026-11-12T00:00:00.000&size=97', call);
    expect(new Set(week.totals)).toEqual(new Set([week.records.length]));
    expect(new Set(week.records.map(key)).size).toBe(week.records.length);
    const days = week.records.map((r) => r.data_competencia);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBeGreaterThan(3);
    const fii = await walkCursor('data-atualizacao=2026-11-18T09:00:00.000&tipo-fundo=FII&size=50', call);
    expect(fii.records.length).toBeGreaterThan(0);
    expect(fii.answers).toBeGreaterThan(1);
    expect(new Set(fii.totals)).toEqual(new Set([fii.records.length]));
    const fiiFunds = new Set(fii.records.map((r) => r.codigo_fundo));
    const { records: listed } = await pageUntil404<FundRecord>(
      '/feed/fundos/v2/fundos?tipo-fundo=FII',
      1000,
      100,
      call,
    );
    expect([...fiiFunds].every((code) => listed.some((f) => f.codigo_fundo === code))).toBe(true);
  }

  it('E8: a page asked again is the same bytes, whether the record cache holds it, only its records, or nothing', async () => {
    const query = `${SERIES}?data-atualizacao=2026-11-12T00:00:00.000&size=700`;
    /** The first two pages, each asked twice (the second time from the cache when it holds them). */
    const twoPagesTwice = async (get: SandboxFetch) => {
      const bodies: string[] = [];
      for (let round = 0; round < 2; round++) {
        const first = await (await get(query)).text();
        const cursor = (JSON.parse(first) as CursorPage<SeriesRecord>).nextCursor as string;
        bodies.push(first, await (await get(`${query}&cursor=${encodeURIComponent(cursor)}`)).text());
      }
      return bodies;
    };
    const expected = await twoPagesTwice(call);
    expect(expected[2]).toBe(expected[0]);
    expect(expected[3]).toBe(expected[1]);
    // 64 KiB: each record fits, a page of 700 (about 0.3 MB) does not, so it is built from the records each time.
    for (const cacheBytes of [0, 64 * 1024]) {
      const other = startInProcess({ now: () => NOW, cacheBytes });
      expect(await twoPagesTwice(inProcessFetch(other)), `cacheBytes ${cacheBytes}`).toEqual(expected);
    }
  });

  it('E8: an unknown or stale cursor answers 400 naming the parameter', async () => {
    const first = await call.json<CursorPage<SeriesRecord>>(
      `${SERIES}?data-atualizacao=2026-11-18T09:00:00.000`,
    );
    const cursor = first.body.nextCursor as string;
    for (const [query, why] of [
      ['data-atualizacao=2026-11-18T09:00:00.000&cursor=not-a-cursor', 'not a cursor this batch gave'],
      [`data-atualizacao=2026-11-12T00:00:00.000&cursor=${cursor}`, 'belongs to another query'],
      [
        `data-atualizacao=2026-11-18T09:00:00.000&tipo-fundo=FII&cursor=${cursor}`,
        'belongs to another query',
      ],
    ] as const) {
      const { status, body } = await call.json<{ message: string; details: { parameter: string }[] }>(
        `${SERIES}?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body.details[0]?.parameter).toBe('cursor');
      expect(body.message).toContain(why);
    }
  });
});
