// Paging and filters: totals in the envelope, every fund exactly once, 404 past the last page, size limits,
// tipo-fundo, classe-assoc (repeatable), data-atualizacao.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFetch, sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';

const NOW = Date.parse('2026-11-19T21:00:00-03:00');

interface Page<T> {
  content: T[];
  page: number;
  size: number;
  total_elements: number;
  total_pages: number;
}
interface FundRecord {
  content: { codigo_fundo: string; tipo_fundo: string; data_atualizacao: string };
  classes: { codigo_classe: string }[];
  subclases: { codigo: string }[];
}

let sandbox: RunningSandbox;
let call: SandboxFetch;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW });
  call = sandboxFetch(sandbox);
});
afterAll(() => sandbox.stop());

/** Pages a list until the service answers 404 (at most `limit` pages), collecting every record. */
async function pageUntil404<T>(
  path: string,
  size: number,
  limit = 100,
): Promise<{ records: T[]; pages: number }> {
  const records: T[] = [];
  for (let page = 0; page < limit; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call(`${path}${sep}page=${page}&size=${size}`);
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
    expect(body).toMatchObject({ page: 0, size: 1000, total_elements: 7231, total_pages: 8 });
    expect(body.content).toHaveLength(1000);
    const codes = body.content.map((r) => r.content.codigo_fundo);
    expect([...codes].sort()).toEqual(codes);
  });

  it('pages all 7,231 funds, each exactly once, in code order', async () => {
    const codes: string[] = [];
    for (let page = 0; page < 8; page++) {
      const { body } = await call.json<Page<FundRecord>>(`/feed/fundos/v2/fundos?page=${page}&size=1000`);
      expect(body.total_elements).toBe(7231);
      codes.push(...body.content.map((r) => r.content.codigo_fundo));
    }
    expect(codes).toHaveLength(7231);
    expect(new Set(codes).size).toBe(7231);
    expect([...codes].sort()).toEqual(codes);
    expect((await call('/feed/fundos/v2/fundos?page=8&size=1000')).status).toBe(404);
  });

  it('a pager that pages "until 404" ends, at any page size', async () => {
    for (const size of [1000, 777, 250]) {
      const { records, pages } = await pageUntil404<FundRecord>('/feed/fundos/v2/fundos', size);
      expect(records).toHaveLength(7231);
      expect(pages).toBe(Math.ceil(7231 / size));
    }
  });

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
      expect(records.every((r) => r.content.tipo_fundo === tipo)).toBe(true);
      const { body } = await call.json<Page<FundRecord>>(`/feed/fundos/v2/fundos?tipo-fundo=${tipo}&size=1`);
      expect(body.total_elements).toBe(records.length);
      sum += records.length;
    }
    expect(sum).toBe(7231);
    expect((await call('/feed/fundos/v2/fundos?tipo-fundo=XYZ')).status).toBe(400);
  });

  it('the beta list has no FIAGRO and rejects it as a filter value', async () => {
    const { body } = await call.json<Page<FundRecord>>('/beta/feed/fundos/v2/fundos?tipo-fundo=FIAGRO');
    expect(body).toMatchObject({ details: [{ parameter: 'tipo-fundo' }] });
    const fiagro = (await call.json<Page<FundRecord>>('/feed/fundos/v2/fundos?tipo-fundo=FIAGRO&size=1')).body
      .total_elements;
    const beta = (await call.json<Page<FundRecord>>('/beta/feed/fundos/v2/fundos?size=1')).body
      .total_elements;
    expect(beta).toBe(7231 - fiagro);
  });
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
      (await call.json<Page<unknown>>(`/feed/fundos/v1/fundos-estruturados?size=1${q}`)).body.total_elements;
    const fii = await total('&classe-assoc=FII');
    const fidc = await total('&classe-assoc=FIDC');
    const fip = await total('&classe-assoc=FIP');
    expect(await total('&classe-assoc=FII&classe-assoc=FIDC')).toBe(fii + fidc);
    expect(await total('')).toBe(fii + fidc + fip);
    const page = await call.json<Page<{ classe_assoc: string }>>(
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
    const { body } = await call.json<{ content: { identificador_fundo: string } }>(
      `/feed/fundos/v2/fundos/F0000${sample.codigo_fundo}`,
    );
    expect(body.content.identificador_fundo).toBe(sample.cnpj_fundo);
  });

  it('the batch registry (E7) answers the funds updated since data-atualizacao', async () => {
    const since = async (ts: string) =>
      pageUntil404<FundRecord>(`/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=${ts}`, 250);
    const week = await since('2026-11-12T00:00:00.000');
    const day = await since('2026-11-18T12:00:00.000');
    expect(week.records.length).toBeGreaterThan(day.records.length);
    expect(day.records.length).toBeGreaterThan(0);
    for (const r of day.records) expect(r.content.data_atualizacao >= '2026-11-18T12:00:00.000').toBe(true);
    const all = await call.json<Page<FundRecord>>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=1990-01-01T00:00:00.000&size=1',
    );
    expect(all.body.total_elements).toBe(7231);
    const future = await call.json<Page<FundRecord>>(
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2027-01-01T00:00:00.000',
    );
    expect(future.body).toMatchObject({ total_elements: 0, total_pages: 0, content: [] });
    const fii = await call.json<Page<FundRecord>>(
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

  it('the batch series (E8) answers one page in publication order, with the total', async () => {
    const { body } = await call.json<
      Page<{ content: { data_competencia: string; data_atualizacao: string; codigo_fundo: string } }>
    >('/feed/fundos/v2/fundos/serie-historica/lote?data-atualizacao=2026-11-18T09:00:00.000');
    // Published since 2026-11-18 09:00: the series of 11-18 (published 11-19 08:00); 11-19's is published 11-23.
    expect(body.content.length).toBe(1000);
    expect(body.content.every((r) => r.content.data_competencia === '2026-11-18')).toBe(true);
    expect(body.total_elements).toBeGreaterThan(7000);
    expect(body.total_elements).toBeLessThan(20000);
  });
});
