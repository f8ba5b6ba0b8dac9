import { NotFoundError, ServerError } from '@assoc-feed/core';
import { addDays } from '@assoc-feed/core/internal/calendar';
import { describe, expect, it } from 'vitest';
import { createFundosV1Client, fetchStructuredFundHistory } from './generated/index.js';

const CNPJ = '18245678000108';

/** An in-memory V7: one record per calendar day of the window asked, and a log of the windows asked. */
function fakeService(options: { failWindow?: number; failStatus?: number; emptyWindows?: number[] } = {}) {
  const windows: { start: string; end: string }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/oauth/access-token') {
      return Response.json({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
    }
    const start = url.searchParams.get('data-inicio') as string;
    const end = url.searchParams.get('data-fim') as string;
    windows.push({ start, end });
    if (windows.length === options.failWindow) {
      const status = options.failStatus ?? 500;
      return Response.json({ status, error: 'Failure', message: 'failed window' }, { status });
    }
    if (options.emptyWindows?.includes(windows.length)) {
      return Response.json(
        { status: 404, error: 'Not Found', message: 'no data in this period' },
        { status: 404 },
      );
    }
    const records = [];
    for (let day = start; day <= end; day = addDays(day, 1)) {
      records.push({
        data_referencia: day,
        patrimonio_liquido: 1,
        valor_cota: 1,
        captacao: 0,
        resgate: 0,
        numero_cotistas: 1,
        data_atualizacao: `${day} 20:00:00`,
      });
    }
    return Response.json(records);
  };
  const client = createFundosV1Client({
    clientId: 'id',
    clientSecret: 'secret',
    baseUrl: 'http://127.0.0.1:1',
    fetch,
    retry: false,
  });
  return { client, windows };
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('fetchStructuredFundHistory', () => {
  it('reads a 12-year history as three windows, in order, every day once', async () => {
    const { client, windows } = fakeService();
    const records = await collect(
      fetchStructuredFundHistory(client, CNPJ, { start: '2014-01-01', end: '2025-12-31' }),
    );
    expect(windows).toEqual([
      { start: '2014-01-01', end: '2018-12-31' },
      { start: '2019-01-01', end: '2023-12-31' },
      { start: '2024-01-01', end: '2025-12-31' },
    ]);
    const days = records.map((r) => r.data_referencia);
    expect(new Set(days).size).toBe(days.length);
    expect(days[0]).toBe('2014-01-01');
    expect(days.at(-1)).toBe('2025-12-31');
    expect(days).toEqual([...days].sort());
    // 2014-01-01..2025-12-31 has 12 years of days, three of them leap years (2016, 2020, 2024).
    expect(days).toHaveLength(12 * 365 + 3);
  });

  // Only a start resolves to start..start+60 months, both days included: one day more than a window of
  // at most five years holds, so that last day comes in a window of its own rather than risking a 400.
  it('applies the V7 rules before splitting: only a start means five years from it', async () => {
    const { client, windows } = fakeService();
    await collect(fetchStructuredFundHistory(client, CNPJ, { start: '2019-07-01' }));
    expect(windows).toEqual([
      { start: '2019-07-01', end: '2024-06-30' },
      { start: '2024-07-01', end: '2024-07-01' },
    ]);
  });

  it('reports each window before asking for it', async () => {
    const { client } = fakeService();
    const seen: string[] = [];
    await collect(
      fetchStructuredFundHistory(client, CNPJ, {
        start: '2010-01-01',
        end: '2020-12-31',
        onWindow: (w, i, n) => seen.push(`${i + 1}/${n} ${w.start}`),
      }),
    );
    expect(seen).toEqual(['1/3 2010-01-01', '2/3 2015-01-01', '3/3 2020-01-01']);
  });

  it('throws the typed error of a failed window instead of returning part of the range', async () => {
    const { client } = fakeService({ failWindow: 2, failStatus: 500 });
    await expect(
      collect(fetchStructuredFundHistory(client, CNPJ, { start: '2014-01-01', end: '2025-12-31' })),
    ).rejects.toBeInstanceOf(ServerError);
  });

  it('takes a window answered 404 as one with no data (a fund younger than the start) and goes on', async () => {
    const { client, windows } = fakeService({ emptyWindows: [1] });
    const records = await collect(
      fetchStructuredFundHistory(client, CNPJ, { start: '2014-01-01', end: '2025-12-31' }),
    );
    expect(windows).toHaveLength(3);
    expect(records[0]?.data_referencia).toBe('2019-01-01');
    expect(records.at(-1)?.data_referencia).toBe('2025-12-31');
  });

  it('throws NotFoundError when every window answers 404: the fund is unknown', async () => {
    const { client } = fakeService({ emptyWindows: [1, 2, 3] });
    await expect(
      collect(fetchStructuredFundHistory(client, CNPJ, { start: '2014-01-01', end: '2025-12-31' })),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rejects an impossible date before any request, naming the format', async () => {
    const { client, windows } = fakeService();
    await expect(collect(fetchStructuredFundHistory(client, CNPJ, { start: '2023-02-29' }))).rejects.toThrow(
      /YYYY-MM-DD/,
    );
    expect(windows).toEqual([]);
  });
});
