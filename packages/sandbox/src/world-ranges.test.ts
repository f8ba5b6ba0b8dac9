// The ranges a reader relies on, over the seeded world (seed 1, the first 300 funds, on Monday 2026-11-23 at noon
// in Brasília) on three business days: a maximum fee at least the fee, weights adding to 100, an index's points
// adding to its level, durations and terms within the bond's life, business days where an operation publishes
// business days, and net assets of a market of Brazil's size.
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDaysBetween, isBusinessDay } from './calendar.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';
import { Reader, type Row } from './test-support/shared-facts.js';

const DAYS = ['2026-11-19', '2026-10-15', '2026-07-01'];
const PI = '/feed/precos-indices';
const num = (v: unknown) => Number(v);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

let sandbox: InProcessSandbox;
let read: Reader;
beforeAll(async () => {
  sandbox = startInProcess({ seed: 1, funds: 300, now: () => Date.parse('2026-11-23T12:00:00-03:00') });
  read = new Reader(inProcessFetch(sandbox));
});

async function list<T = Row>(path: string): Promise<T[]> {
  return (await read.json<T[]>(path)) ?? [];
}

describe('ranges a reader relies on', () => {
  it('v1 fees: the maximum administration fee is at least the fee, in every period (structured and offshore)', async () => {
    type Detail = { taxas: Row; historico_taxas: Row[] };
    const records: [string, Row][] = [];
    const structured = (await read.json<{ content: Row[] }>('/feed/fundos/v1/fundos-estruturados?size=300'))
      ?.content;
    for (const { cnpj_fundo } of structured ?? []) {
      const d = (await read.json<Detail>(`/feed/fundos/v1/fundos-estruturados/${cnpj_fundo}`)) as Detail;
      for (const t of [d.taxas, ...d.historico_taxas]) records.push([String(cnpj_fundo), t]);
    }
    const offshore = (await read.json<{ content: Row[] }>('/feed/fundos/v1/fundos-offshore?size=1000'))
      ?.content;
    for (const { codigo_fundo } of offshore ?? []) {
      const d = (await read.json<Detail>(`/feed/fundos/v1/fundos-offshore/${codigo_fundo}`)) as Detail;
      for (const t of [d.taxas, ...d.historico_taxas]) records.push([String(codigo_fundo), t]);
    }
    const withMax = records.filter(([, t]) => t.taxa_maxima !== undefined);
    expect(withMax.length).toBeGreaterThan(50);
    for (const [fund, t] of withMax)
      expect(num(t.taxa_maxima), fund).toBeGreaterThanOrEqual(num(t.taxa_administracao));
  });

  it.each(DAYS)(
    'weights add to 100: IHFA (portfolio and the day’s components) and each IMA portfolio, on %s',
    async (day) => {
      const [y, m] = day.split('-');
      const ihfa = (
        await list<Row & { componentes: Row[] }>(`${PI}/v1/indices-mais/resultados-ihfa?data=${day}`)
      )[0];
      expect(ihfa?.componentes.length).toBeGreaterThan(5);
      expect(sum(ihfa?.componentes.map((c) => num(c.peso)) ?? [])).toBeCloseTo(100, 1);
      const ima = await list<Row & { referencias: Row[] }>(
        `${PI}/v1/indices/carteira-teorica-ima?mes=${m}&ano=${y}`,
      );
      expect(ima.length).toBeGreaterThan(3);
      for (const { indice, referencias } of ima)
        expect(sum(referencias.map((r) => num(r.peso_indice))), indice).toBeCloseTo(100, 4);
    },
  );

  it.each(DAYS)('an ETF index’s points add up to its level on %s', async (day) => {
    const composition = await list(`${PI}/v2/ima-etf/composicao-diaria?data=${day}`);
    const results = await list(`${PI}/v2/ima-etf/resultado-diario?data=${day}`);
    expect(results.length).toBeGreaterThan(2);
    for (const r of results) {
      const points = sum(composition.filter((c) => c.indice === r.indice).map((c) => num(c.pontos_indice)));
      expect(points / num(r.valor_indice), String(r.indice)).toBeCloseTo(1, 8);
    }
  });

  it.each(DAYS)(
    'a bond’s term, duration and repricing term within its life on %s (ETF composition)',
    async (day) => {
      const composition = await list(`${PI}/v2/ima-etf/composicao-diaria?data=${day}`);
      expect(composition.length).toBeGreaterThan(20);
      for (const c of composition) {
        const life = businessDaysBetween(day, String(c.data_vencimento));
        const where = `${c.indice} ${c.codigo_isin}`;
        expect(num(c.prazo), where).toBe(life);
        expect(num(c.duration), where).toBeLessThanOrEqual(life);
        expect(num(c.prazo_medio_repactuacao), where).toBeLessThanOrEqual(life);
        expect(num(c.convexidade), where).toBeGreaterThanOrEqual(0);
        // A convexity in years squared: at most (life in years + 1) squared.
        expect(num(c.convexidade), where).toBeLessThanOrEqual((life / 252 + 1) ** 2);
      }
    },
  );

  it('business days only: the v1 details’ last quota, closed funds included', async () => {
    const days: [string, string][] = [];
    for (const kind of ['fundos', 'fundos-offshore']) {
      const funds = (await read.json<{ content: Row[] }>(`/feed/fundos/v1/${kind}?size=1000`))?.content ?? [];
      for (const { codigo_fundo } of funds) {
        const d = await read.json<{ serie_historica: Row }>(`/feed/fundos/v1/${kind}/${codigo_fundo}`);
        days.push([String(codigo_fundo), String(d?.serie_historica.data_referencia).slice(0, 10)]);
      }
    }
    expect(days.length).toBeGreaterThan(40);
    for (const [fund, day] of days) expect(isBusinessDay(day), `${fund} ${day}`).toBe(true);
  });

  it('net assets of a market of Brazil’s size: about R$ 1 billion a class on average, few above R$ 10 billion (E8)', async () => {
    const values: number[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ 'data-atualizacao': '2026-11-23T00:00:00.000', size: '1000' });
      if (cursor) query.set('cursor', cursor);
      const page = (await read.json<{ content: Row[]; nextCursor: string | null }>(
        `/feed/fundos/v2/fundos/serie-historica/lote?${query}`,
      )) as { content: Row[]; nextCursor: string | null };
      for (const r of page.content) values.push(num(r.valor_patrimonio_liquido));
      cursor = page.nextCursor;
    } while (cursor);
    expect(values.length).toBeGreaterThan(300);
    const mean = sum(values) / values.length;
    expect(mean).toBeGreaterThan(0.3e9);
    expect(mean).toBeLessThan(3e9);
    expect(values.filter((v) => v > 10e9).length / values.length).toBeLessThan(0.05);
  });
});
