// Document 3's release days of the index portfolios, through HTTP on an injected clock (Brasília time):
// carteira-teorica-ima twice a month (1st business day and day 15, from 20:00), the ETF portfolio previews on
// their own days (IRF-M P2 on the penultimate business day, the IMA-B family two business days before day 15,
// from 11:00) and no earlier, and data_inicio_proxima/data_fim_proxima describing the portfolio that follows the
// preview. Before a release the sandbox answers as for any date without data: 404.
//
// The calendar of the cases: 2026-10-01 and 2026-11-03 are the 1st business days (Nov 2 is a holiday);
// day 15 is 2026-10-15 and, a Sunday in November, 2026-11-16; 2026-12-01 and 2026-12-15 are December's days.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

let clock = Date.parse('2026-11-19T21:00:00-03:00');
let sandbox: InProcessSandbox;
let call: SandboxFetch;

beforeAll(async () => {
  sandbox = startInProcess({ now: () => clock, tokenTtlSeconds: 315_360_000 });
  call = inProcessFetch(sandbox);
});

interface Portfolio {
  indice: string;
  data_inicio: string;
  data_fim: string;
}
interface Preview {
  indice: string;
  data_divulgacao_carteira_teorica: string;
  data_inicio_proxima: string;
  data_fim_proxima: string;
}

/** GET at a Brasília wall-clock moment: the status and, per index, the distinct values of `pick`. */
async function at<T extends { indice: string }>(moment: string, path: string, pick: (r: T) => string) {
  clock = Date.parse(`${moment}-03:00`);
  const { status, body } = await call.json<T[]>(path);
  const byIndex: Record<string, string> = {};
  if (status === 200)
    for (const r of body)
      byIndex[r.indice] = [...new Set([byIndex[r.indice], pick(r)])].filter(Boolean).join(' | ');
  return { status, byIndex };
}

const IMA = '/feed/precos-indices/v1/indices/carteira-teorica-ima';
const IMA_MAIS = '/feed/precos-indices/v1/indices-mais/carteira-teorica-ima';
const period = (r: Portfolio) => `${r.data_inicio}..${r.data_fim}`;
const first = { 'IRF-M': 1, 'IRF-M 1': 1, 'IRF-M 1+': 1, 'IMA-S': 1, 'IMA-GERAL': 1 };
const imaB = { 'IMA-B': 1, 'IMA-B 5': 1, 'IMA-B 5+': 1 };
const each = (names: Record<string, number>, value: string) =>
  Object.fromEntries(Object.keys(names).map((n) => [n, value]));

describe('carteira-teorica-ima: two releases a month (1st business day and day 15, from 20:00)', () => {
  it.each([IMA, IMA_MAIS])(
    '%s with mes/ano answers every portfolio released in that month, once out',
    async (path) => {
      // October 2026 (both released): the 1st-business-day portfolios and the IMA-B family's from day 15.
      expect(await at<Portfolio>('2026-11-19T21:00:00', `${path}?mes=10&ano=2026`, period)).toEqual({
        status: 200,
        byIndex: { ...each(first, '2026-10-01..2026-10-30'), ...each(imaB, '2026-10-15..2026-11-13') },
      });
      // November 2026 on day 15's release day: before 20:00 only the 1st business day's release is out.
      expect(await at<Portfolio>('2026-11-16T19:59:00', `${path}?mes=11&ano=2026`, period)).toEqual({
        status: 200,
        byIndex: each(first, '2026-11-03..2026-11-30'),
      });
      expect(await at<Portfolio>('2026-11-16T20:00:00', `${path}?mes=11&ano=2026`, period)).toEqual({
        status: 200,
        byIndex: { ...each(first, '2026-11-03..2026-11-30'), ...each(imaB, '2026-11-16..2026-12-14') },
      });
      // Before the month's first release: 404, as for any month without data.
      expect((await at<Portfolio>('2026-11-03T19:59:00', `${path}?mes=11&ano=2026`, period)).status).toBe(
        404,
      );
    },
  );

  it('without mes/ano: each index its newest released portfolio', async () => {
    expect(await at<Portfolio>('2026-11-10T12:00:00', IMA, period)).toEqual({
      status: 200,
      byIndex: { ...each(first, '2026-11-03..2026-11-30'), ...each(imaB, '2026-10-15..2026-11-13') },
    });
    expect(await at<Portfolio>('2026-11-03T19:59:00', IMA, period)).toEqual({
      status: 200,
      byIndex: { ...each(first, '2026-10-01..2026-10-30'), ...each(imaB, '2026-10-15..2026-11-13') },
    });
  });
});

describe('ETF portfolio previews: on their own days, from 11:00, describing the portfolio that follows', () => {
  const PREVIEW = '/feed/precos-indices/v2/ima-etf/previa-carteira-teorica';
  const next = (r: Preview) =>
    `${r.data_divulgacao_carteira_teorica}: ${r.data_inicio_proxima}..${r.data_fim_proxima}`;
  // Document 3 names the preview of IMA-B, IMA-B 5+ and IMA-B 5 P2 (and IRF-M P2), not of IMA-B 5.
  const family = { 'IMA-B': 1, 'IMA-B 5+': 1, 'IMA-B 5 P2': 1 };

  it('the IMA-B family two business days before day 15: the next portfolio starts on day 15', async () => {
    expect((await at<Preview>('2026-11-12T10:59:00', `${PREVIEW}?mes=11&ano=2026`, next)).status).toBe(404);
    expect(await at<Preview>('2026-11-12T11:00:00', `${PREVIEW}?mes=11&ano=2026`, next)).toEqual({
      status: 200,
      byIndex: each(family, '2026-11-12: 2026-11-16..2026-12-14'),
    });
  });

  it('IRF-M P2 on the penultimate business day, no earlier: the next portfolio starts next month', async () => {
    const irf = `${PREVIEW}?etf=IRF_M_P2&mes=10&ano=2026`;
    expect((await at<Preview>('2026-10-15T12:00:00', irf, next)).status).toBe(404);
    expect((await at<Preview>('2026-10-29T10:59:00', irf, next)).status).toBe(404);
    expect(await at<Preview>('2026-10-29T11:00:00', irf, next)).toEqual({
      status: 200,
      byIndex: { 'IRF-M P2': '2026-10-29: 2026-11-03..2026-11-30' },
    });
  });

  it('IMA-B 5 has no preview (the document names none for it): asked alone, 404', async () => {
    const imaB5 = `${PREVIEW}?etf=IMA_B5&mes=11&ano=2026`;
    expect((await at<Preview>('2026-11-19T21:00:00', imaB5, next)).status).toBe(404);
  });

  it('without mes/ano: each index its newest released preview', async () => {
    expect(await at<Preview>('2026-11-19T21:00:00', PREVIEW, next)).toEqual({
      status: 200,
      byIndex: {
        ...each(family, '2026-11-12: 2026-11-16..2026-12-14'),
        'IRF-M P2': '2026-10-29: 2026-11-03..2026-11-30',
      },
    });
  });
});

describe('ETF portfolios: IRF-M P2 from the 1st business day, the others from day 15, from 20:00', () => {
  const ETF = '/feed/precos-indices/v2/ima-etf/carteira-teorica?mes=11&ano=2026';
  it('before day 15 at 20:00 only IRF-M P2 is out for the month', async () => {
    expect(Object.keys((await at<Portfolio>('2026-11-16T19:59:00', ETF, period)).byIndex)).toEqual([
      'IRF-M P2',
    ]);
    expect(Object.keys((await at<Portfolio>('2026-11-16T20:00:00', ETF, period)).byIndex).sort()).toEqual(
      ['IMA-B', 'IMA-B 5', 'IMA-B 5 P2', 'IMA-B 5+', 'IRF-M P2'].sort(),
    );
  });
});
