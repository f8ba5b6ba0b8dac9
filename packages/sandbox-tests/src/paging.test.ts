// Paging against the sandbox through the typed clients: paginate() returns each fund exactly once, a client that
// pages "until 404" ends (with the totals, and without them), every paginated list of the three documents ends with
// each record once, and V7's history helper reads a long period window by window. The universe is 2,345 funds, not
// the default 7,231: paging works the same at any size (full pages and a last one with the rest), and the sandbox's
// own paging test pages the default universe (packages/sandbox, paging.test.ts). The sandbox answers in this
// process, the clients' `fetch` pointed at it: paging is under test here, not the server (typed-clients.test.ts
// and exact-numbers.test.ts call one on a port).
import { fetchStructuredFundHistory } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Clients,
  clientsFor,
  documents,
  NOW,
  paramsFor,
  type SampleCodes,
  sampleCodes,
} from './harness.js';

const FUNDS = 2345;
let sandbox: ReturnType<typeof createInProcessSandbox>;
let clients: Clients;
let codes: SampleCodes;

beforeAll(async () => {
  sandbox = createInProcessSandbox({ now: () => NOW, funds: FUNDS });
  clients = clientsFor(sandbox, { fetch: sandbox.fetch });
  codes = await sampleCodes(clients);
});

function expectEachOnce(list: string[], count: number): void {
  expect(list).toHaveLength(count);
  expect(new Set(list).size).toBe(count);
}

describe('the v2 funds (E1)', () => {
  it('paginate() returns each fund exactly once, in code order, in 3 pages of at most 1,000', async () => {
    const v2 = clients['fundos-v2'];
    const seen: string[] = [];
    for await (const fund of v2.paginate('/feed/fundos/v2/fundos')) seen.push(fund.codigo_fundo);
    expectEachOnce(seen, FUNDS);
    expect([...seen].sort()).toEqual(seen);
    const pages: number[] = [];
    for await (const page of v2.pages('/feed/fundos/v2/fundos')) {
      pages.push(page.items.length);
      expect(page).toMatchObject({ totalElements: FUNDS, totalPages: 3 });
    }
    expect(pages).toEqual([1000, 1000, 345]);
  });

  it.each([1000, 777, 250])('at size %i too, with prefetch', async (size) => {
    const seen: string[] = [];
    const all = clients['fundos-v2'].paginate('/feed/fundos/v2/fundos', {
      params: { query: { size } },
      prefetch: true,
    });
    for await (const fund of all) seen.push(fund.codigo_fundo);
    expectEachOnce(seen, FUNDS);
  });

  it('a client that pages "until 404" with the typed GET ends after the last page', async () => {
    const v2 = clients['fundos-v2'];
    const seen: string[] = [];
    let page = 0;
    // The bound only turns a regression (a server that never says 404) into a failure instead of a hang.
    for (; page < 100; page++) {
      const { data, response } = await v2.GET('/feed/fundos/v2/fundos', {
        params: { query: { page, size: 1000 } },
      });
      if (response.status === 404) break;
      expect(response.status).toBe(200);
      for (const fund of data?.content ?? []) seen.push(fund.codigo_fundo);
    }
    expect(page).toBe(3);
    expectEachOnce(seen, FUNDS);
  });

  it('paginate() ends at the short last page when the answers carry no totals', async () => {
    let requests = 0;
    // A proxy that drops the totals from every page: the pager has nothing but the answers' own sizes to stop at.
    const withoutTotals = createFundosV2Client({
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      baseUrl: sandbox.url,
      retry: false,
      fetch: async (request: Request) => {
        const response = await sandbox.fetch(request);
        if (!new URL(request.url).pathname.startsWith('/feed/')) return response;
        requests++;
        if (response.status !== 200) return response;
        const { totalSize, ...rest } = (await response.json()) as Record<string, unknown>;
        expect(typeof totalSize).toBe('number');
        return Response.json(rest, { status: 200 });
      },
    });
    const seen: string[] = [];
    for await (const fund of withoutTotals.paginate('/feed/fundos/v2/fundos')) seen.push(fund.codigo_fundo);
    expectEachOnce(seen, FUNDS);
    expect(requests).toBe(3); // 3 pages, the last one short: nothing asked past it
  });

  it('a filter pages to its own total (tipo-fundo=FII)', async () => {
    const v2 = clients['fundos-v2'];
    const first = await v2.GET('/feed/fundos/v2/fundos', {
      params: { query: { 'tipo-fundo': 'FII', size: 1 } },
    });
    const total = first.data?.totalSize as number;
    const seen: string[] = [];
    const all = v2.paginate('/feed/fundos/v2/fundos', {
      params: { query: { 'tipo-fundo': 'FII', size: 100 } },
    });
    for await (const fund of all) {
      expect(fund.tipo_fundo).toBe('FII');
      seen.push(fund.codigo_fundo);
    }
    expect(total).toBeGreaterThan(100);
    expectEachOnce(seen, total);
  });
});

describe('every paginated list of the three documents ends, each record once', () => {
  type LoosePaginate = (path: string, init: object) => AsyncIterable<unknown>;
  const paginated = documents.flatMap(({ name, meta }) =>
    Object.values(meta.operations)
      .filter((op) => op.pagination && op.auth === 'flowA')
      .map((op) => [op.path, name, op] as const),
  );

  it('there are paginated lists in documents 1 and 2', () => {
    expect(paginated.length).toBeGreaterThanOrEqual(8);
  });

  it.each(paginated)('%s', async (_, document, op) => {
    const params = paramsFor(op, codes);
    const client = clients[document];
    const first = (await (client.GET as unknown as (p: string, i: object) => Promise<{ data?: unknown }>)(
      op.path,
      { params },
    )) as { data?: Record<string, unknown> };
    const total = first.data?.[op.pagination?.totalElementsField as string] as number;
    const records: string[] = [];
    // At most ~21 pages a list, within the list's maximum page size.
    const size = Math.min(op.pagination?.maxSize ?? 1000, Math.max(50, Math.ceil(total / 20)));
    const query = { ...params.query, [op.pagination?.sizeParam as string]: size };
    for await (const record of (client.paginate as unknown as LoosePaginate)(op.path, {
      params: { ...params, query },
    }))
      records.push(JSON.stringify(record));
    expect(total).toBeGreaterThan(0);
    expectEachOnce(records, total);
  });
});

describe('the batch series (E8) by cursor', () => {
  it('pages() yields every record of the funds once, and the total agrees', async () => {
    const v2 = clients['fundos-v2'];
    const query = { 'data-atualizacao': '2026-11-18T09:00:00.000' };
    const seen: string[] = [];
    const funds = new Set<string>();
    const totals = new Set<number | undefined>();
    let answers = 0;
    for await (const page of v2.pages('/feed/fundos/v2/fundos/serie-historica/lote', {
      params: { query },
      prefetch: true,
    })) {
      answers++;
      totals.add(page.totalElements);
      for (const r of page.items) {
        seen.push(`${r.codigo_classe}|${r.codigo_subclasse}|${r.data_competencia}`);
        funds.add(r.codigo_fundo);
      }
    }
    expect(seen.length).toBeGreaterThan(FUNDS);
    expect(totals).toEqual(new Set([seen.length]));
    expectEachOnce(seen, seen.length);
    expect(answers).toBe(Math.ceil(seen.length / 1000));
    // paginate() over E8 is checked with every paginated list above.
    const listed = new Set<string>();
    for await (const f of v2.paginate('/feed/fundos/v2/fundos')) listed.add(f.codigo_fundo);
    expect(listed.size).toBe(FUNDS);
    expect([...funds].every((code) => listed.has(code))).toBe(true);
  });
});

describe('V7 through fetchStructuredFundHistory', () => {
  it('reads more than ten years (three or more five-year windows) in date order, each business day once', async () => {
    const v1 = clients['fundos-v1'];
    // An old fund whose classes are all active: its history covers the whole period.
    const list = await v1.GET('/feed/fundos/v1/fundos-estruturados', { params: { query: { size: 300 } } });
    const old = list.data?.content
      ?.map((f) => ({
        cnpj: f.cnpj_fundo,
        start: f.classes_serie_cota?.map((c) => c.data_inicio_divulgacao_cota).sort()[0] ?? '9999',
        active: f.classes_serie_cota?.every((c) => c.situacao_atual === 'A') ?? false,
      }))
      .filter((f) => f.active && f.start < '2016-01-01')
      .sort((a, b) => a.start.localeCompare(b.start))[0];
    expect(old).toBeDefined();
    const windows: string[] = [];
    const days: string[] = [];
    let classes = 0;
    for await (const row of fetchStructuredFundHistory(v1, old?.cnpj as string, {
      start: old?.start as string,
      end: '2026-11-18',
      onWindow: (w) => windows.push(`${w.start}..${w.end}`),
    })) {
      if (days[days.length - 1] !== row.data_referencia) days.push(row.data_referencia);
      if (days.length === 1) classes++;
    }
    expect(windows.length).toBeGreaterThanOrEqual(3);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    expect(days[days.length - 1]).toBe('2026-11-18');
    // No weekends among the days.
    expect(days.filter((d) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toEqual([]);
    expect(classes).toBeGreaterThan(0);
  });
});
