import { describe, expect, expectTypeOf, it } from 'vitest';
import { createTokenManager } from '../auth/flow-a.js';
import { createDocumentClient, type DocumentClientOptions } from '../client/create-document-client.js';
import { FeedError, ForbiddenError, InvalidRequestError, NotFoundError } from '../errors/errors.js';
import { LIST, setupClient } from '../test-support/client.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  errorBody,
  type FakeFeedOptions,
  type FundListRecord,
  fundCode,
  json,
  meta,
  type paths,
  type SeriesRecord,
} from '../test-support/fixtures.js';
import type { Page, PageItem, PaginateArgs, PaginatedPath } from './paginate.js';

function setup(feedOptions: FakeFeedOptions = {}, options: Partial<DocumentClientOptions> = {}) {
  const { feed, client } = setupClient(feedOptions, options);
  const listCalls = () => feed.feedRequests.map((r) => Object.fromEntries(r.url.searchParams));
  return { feed, client, listCalls };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const codes = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => fundCode(from + k));

describe('paginate', () => {
  it('yields every record once, in order, at the maximum page size, stopping at total_pages', async () => {
    const { client, listCalls } = setup({ funds: 2500 });
    const funds = await collect(client.paginate(LIST));
    expect(funds.map((f) => f.codigo_fundo)).toEqual(codes(0, 2500));
    // Three pages of up to 1000; no fourth request, since total_pages said 3.
    expect(listCalls()).toEqual([
      { page: '0', size: '1000' },
      { page: '1', size: '1000' },
      { page: '2', size: '1000' },
    ]);
  });

  it('keeps the caller query, size and start page', async () => {
    const { client, listCalls } = setup({ funds: 25 });
    const funds = await collect(
      client.paginate(LIST, { params: { query: { page: 1, size: 10, 'tipo-fundo': 'FIF' } } }),
    );
    expect(funds.map((f) => f.codigo_fundo)).toEqual(codes(10, 25));
    expect(listCalls()).toEqual([
      { page: '1', size: '10', 'tipo-fundo': 'FIF' },
      { page: '2', size: '10', 'tipo-fundo': 'FIF' },
    ]);
  });

  it.each([
    [25, ['0', '1', '2']],
    [20, ['0', '1', '2']],
  ])(
    'without totals, %i records end at a short page or the 404 after a full one, not an error',
    async (n, asked) => {
      const { client, listCalls } = setup({ funds: n, withTotals: false });
      const funds = await collect(client.paginate(LIST, { params: { query: { size: 10 } } }));
      expect(funds).toHaveLength(n);
      expect(listCalls().map((q) => q.page)).toEqual(asked);
    },
  );

  it('ends at the 404 in throwing mode as well', async () => {
    const { client } = setup({ funds: 25, withTotals: false }, { throwOnError: true });
    expect(await collect(client.paginate(LIST, { params: { query: { size: 10 } } }))).toHaveLength(25);
  });

  it('without totals, an empty page also ends the list', async () => {
    const { client, listCalls } = setup({
      handler: (r) =>
        r.url.pathname === LIST
          ? json(200, { content: r.url.searchParams.get('page') === '0' ? [{ codigo_fundo: 'F1' }] : [] })
          : undefined,
    });
    expect(await collect(client.paginate(LIST, { params: { query: { size: 1 } } }))).toHaveLength(1);
    expect(listCalls()).toHaveLength(2);
  });

  it('a 404 on the first page is an empty list by default', async () => {
    const { client } = setup({ funds: 0 });
    expect(await collect(client.paginate(LIST))).toEqual([]);
    expect(await collect(client.pages(LIST))).toEqual([]);
  });

  it("a 404 on the first page throws NotFoundError with firstPageNotFound: 'throw'", async () => {
    const { client } = setup({ funds: 0 });
    await expect(collect(client.paginate(LIST, { firstPageNotFound: 'throw' }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('an empty list with totals yields one empty page and no record', async () => {
    const { client } = setup({
      handler: (r) =>
        r.url.pathname === LIST
          ? json(200, { content: [], page: 0, size: 1000, total_elements: 0, total_pages: 0 })
          : undefined,
    });
    expect(await collect(client.pages(LIST))).toEqual([
      { page: 0, items: [], totalElements: 0, totalPages: 0 },
    ]);
  });

  it('other errors throw their typed error, even in the default (non-throwing) mode', async () => {
    const { client } = setup({
      handler: (r) =>
        r.url.pathname === LIST && r.url.searchParams.get('page') === '1'
          ? json(403, errorBody(403, 'access not authorized', 'plan'))
          : undefined,
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const fund of client.paginate(LIST)) seen.push(fund.codigo_fundo);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(seen).toHaveLength(1000);
  });

  it('refuses a path that is not a paginated list, naming the ones that are', () => {
    const { client } = setup();
    // @ts-expect-error the types only offer paginated paths
    expect(() => client.paginate('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}')).toThrow(
      InvalidRequestError,
    );
    // @ts-expect-error likewise
    expect(() => client.pages('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}')).toThrow(
      /not a paginated list.*Paginated paths of fixture: \/feed\/fundos\/v2\/fundos, \/feed\/fundos\/v2\/fundos\/dados-cadastrais\/lote/s,
    );
  });

  it('validates like any call: a size above the maximum is refused before sending', async () => {
    const { client, feed } = setup();
    await expect(collect(client.paginate(LIST, { params: { query: { size: 2000 } } }))).rejects.toThrow(
      /size must be at most 1000/,
    );
    expect(feed.requests).toHaveLength(0);
  });

  it('passes required parameters along on every page', async () => {
    const { client, listCalls } = setup({
      handler: (r) =>
        r.url.pathname === '/feed/fundos/v2/fundos/dados-cadastrais/lote'
          ? json(200, {
              content:
                Number(r.url.searchParams.get('page')) < 2
                  ? [{ codigo: `x${r.url.searchParams.get('page')}` }]
                  : [],
              totalSize: 2,
              pageable: { page: Number(r.url.searchParams.get('page')), size: 1 },
            })
          : undefined,
    });
    const rows = await collect(
      client.paginate('/feed/fundos/v2/fundos/dados-cadastrais/lote', {
        params: { query: { 'data-atualizacao': '2026-01-02T03:04:05.678', size: 1 } },
      }),
    );
    expect(rows.map((r) => r.codigo)).toEqual(['x0', 'x1']);
    expect(listCalls().every((q) => q['data-atualizacao'] === '2026-01-02T03:04:05.678')).toBe(true);
  });
});

describe('the v2 envelope (totalSize, no total of pages)', () => {
  const BATCH = '/feed/fundos/v2/fundos/dados-cadastrais/lote';
  const v2 = (total: number) => ({
    handler: (r: { url: URL }) => {
      if (r.url.pathname !== BATCH) return undefined;
      const page = Number(r.url.searchParams.get('page'));
      const size = Number(r.url.searchParams.get('size'));
      if (page * size >= total && page > 0)
        return json(404, errorBody(404, 'not found', 'past the last page'));
      const count = Math.max(0, Math.min(size, total - page * size));
      const content = Array.from({ length: count }, (_, k) => ({ codigo: `r${page * size + k}` }));
      return json(200, { content, totalSize: total, pageable: { page, size } });
    },
  });
  const query = (size: number) => ({
    params: { query: { 'data-atualizacao': '2026-01-02T03:04:05.678', size } },
  });

  it.each([
    [25, 10, [10, 10, 5]],
    [20, 10, [10, 10]],
    [3, 10, [3]],
    [0, 10, [0]],
  ])(
    '%i records at size %i: pages of %j, computed from totalSize; only a full last page is followed by a request',
    async (total, size, lengths) => {
      const { client, listCalls } = setup(v2(total));
      const pages = await collect(client.pages(BATCH, query(size)));
      expect(pages.map((p) => p.items.length)).toEqual(lengths);
      expect(pages.every((p) => p.totalElements === total && p.totalPages === Math.ceil(total / size))).toBe(
        true,
      );
      // A full last page is never trusted as the end: the page after it (a 404 here) proves it.
      const full = total > 0 && total % size === 0;
      expect(listCalls()).toHaveLength(lengths.length + (full ? 1 : 0));
    },
  );
});

describe('cursor paging (E8)', () => {
  const SERIES = '/feed/fundos/v2/fundos/serie-historica/lote';
  const query = (size?: number) => ({
    params: { query: { 'data-atualizacao': '2026-11-20T00:00:00.000', ...(size ? { size } : {}) } },
  });

  it.each([
    [2500, undefined, 3],
    [7231, 1000, 8],
    [10, 3, 4],
    [1000, 1000, 1],
  ])('%i records at size %s: every record once, in order, in %i requests', async (total, size, requests) => {
    const { client, listCalls } = setup({ series: total });
    const rows = await collect(client.paginate(SERIES, query(size)));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.codigo_classe)).size).toBe(total);
    expect(rows.at(-1)?.codigo_classe).toBe(`C${String(total - 1).padStart(10, '0')}`);
    const calls = listCalls();
    expect(calls).toHaveLength(requests);
    // The first request carries no cursor; each later one the cursor of the answer before it.
    expect(calls[0]?.cursor).toBeUndefined();
    expect(calls.slice(1).every((q) => typeof q.cursor === 'string' && q.cursor.length > 0)).toBe(true);
    expect(calls.every((q) => q.size === String(size ?? 1000))).toBe(true);
  });

  it('pages() numbers the answers and carries totalSize and the next cursor', async () => {
    const { client } = setup({ series: 25 });
    const pages = await collect(client.pages(SERIES, query(10)));
    expect(pages.map((p) => [p.page, p.items.length, p.totalElements, typeof p.nextCursor])).toEqual([
      [0, 10, 25, 'string'],
      [1, 10, 25, 'string'],
      [2, 5, 25, 'undefined'],
    ]);
  });

  it('prefetch: requests the next answer while one is consumed, none after the last', async () => {
    const { client, feed } = setup({ series: 30 });
    const seen: number[] = [];
    for await (const _ of client.pages(SERIES, { ...query(10), prefetch: true })) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(feed.feedRequests.length);
    }
    expect(seen).toEqual([2, 3, 3]);
  });

  it('resumes from a cursor the caller passes', async () => {
    const { client } = setup({ series: 25 });
    const [first] = await collect(client.pages(SERIES, query(10)));
    const rest = await collect(
      client.paginate(SERIES, {
        params: {
          query: { 'data-atualizacao': '2026-11-20T00:00:00.000', size: 10, cursor: first?.nextCursor },
        },
      }),
    );
    expect(rest.map((r) => r.codigo_classe)[0]).toBe('C0000000010');
    expect(rest).toHaveLength(15);
  });

  it("a cursor the service does not know throws the service's 400 (the client never reads a cursor)", async () => {
    const { client } = setup({ series: 25 });
    const run = collect(
      client.paginate(SERIES, {
        params: { query: { 'data-atualizacao': '2026-11-20T00:00:00.000', cursor: 'bm90LWEtY3Vyc29y' } },
      }),
    );
    await expect(run).rejects.toMatchObject({ code: 'bad_request', status: 400 });
  });
});

describe('pages', () => {
  it('yields each page with its totals', async () => {
    const { client } = setup({ funds: 25 });
    const pages = await collect(client.pages(LIST, { params: { query: { size: 10 } } }));
    expect(pages.map((p) => [p.page, p.items.length, p.totalElements, p.totalPages])).toEqual([
      [0, 10, 25, 3],
      [1, 10, 25, 3],
      [2, 5, 25, 3],
    ]);
  });

  it('prefetch: requests page n+1 while page n is being consumed', async () => {
    const { client, feed } = setup({ funds: 30 });
    const seenWhenYielded: number[] = [];
    for await (const page of client.pages(LIST, { params: { query: { size: 10 } }, prefetch: true })) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seenWhenYielded.push(feed.feedRequests.length);
      expect(page.items).toHaveLength(10);
    }
    // While page 0 was consumed, page 1 had been requested already (2 requests), and so on; the last page is
    // full, so the page after it (the 404 that proves the end) is requested too.
    expect(seenWhenYielded).toEqual([2, 3, 4]);
  });

  it('without prefetch, page n+1 is requested only after page n is consumed', async () => {
    const { client, feed } = setup({ funds: 30 });
    const seenWhenYielded: number[] = [];
    for await (const _ of client.pages(LIST, { params: { query: { size: 10 } } }))
      seenWhenYielded.push(feed.feedRequests.length);
    expect(seenWhenYielded).toEqual([1, 2, 3]);
  });

  it('prefetch: breaking early abandons the prefetched page quietly', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client } = setup({
      funds: 30,
      handler: async (r) => {
        if (r.url.pathname === LIST && r.url.searchParams.get('page') === '1') await gate;
        return undefined;
      },
    });
    for await (const page of client.pages(LIST, { params: { query: { size: 10 } }, prefetch: true })) {
      expect(page.page).toBe(0);
      break;
    }
    release();
    await new Promise((resolve) => setTimeout(resolve, 10)); // an unhandled rejection would fail the run here
  });
});

describe('token expiry mid-iteration', () => {
  it('server-side expiry: one 401, one renewal, the page replayed, no record lost or repeated', async () => {
    const { client, feed } = setup({
      funds: 45,
      handler: (r, f) => {
        // The service drops the first token when page 2 is asked for.
        if (r.url.searchParams.get('page') === '2') f.rejected.add(f.issued[0] as string);
        return undefined;
      },
    });
    const funds = await collect(client.paginate(LIST, { params: { query: { size: 10 } } }));
    expect(funds.map((f) => f.codigo_fundo)).toEqual(codes(0, 45));
    expect(feed.tokenRequests).toHaveLength(2);
    expect(feed.feedRequests.map((r) => r.url.searchParams.get('page'))).toEqual([
      '0',
      '1',
      '2',
      '2',
      '3',
      '4',
    ]);
  });

  it('client-side expiry (clock passes expires_in - margin): renewed before the next page, once', async () => {
    let clock = 0;
    const feed = createFakeFeed({ funds: 45, expiresIn: 3600 });
    const tokenManager = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: feed.fetch,
      now: () => clock,
    });
    const client = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        fetch: feed.fetch,
        tokenManager,
      },
      meta,
    );
    const seen: string[] = [];
    for await (const fund of client.paginate(LIST, { params: { query: { size: 10 } } })) {
      seen.push(fund.codigo_fundo);
      if (seen.length === 25) {
        clock = 3600_000 - 59_000; // inside the 60 s renewal margin
        feed.rejected.add(feed.issued[0] as string); // and the server agrees it is gone
      }
    }
    expect(seen).toEqual(codes(0, 45));
    expect(feed.tokenRequests).toHaveLength(2);
    expect(feed.feedRequests.filter((r) => r.headers.get('access_token') === feed.issued[0]).length).toBe(3);
    expect(feed.feedRequests).toHaveLength(5); // renewed ahead of time: no 401, no replay
  });
});

describe('types', () => {
  it('infers the record type of each paginated path and refuses the others', () => {
    expectTypeOf<PaginatedPath<paths>>().toEqualTypeOf<
      | '/feed/fundos/v2/fundos'
      | '/feed/fundos/v2/fundos/dados-cadastrais/lote'
      | '/feed/fundos/v2/fundos/serie-historica/lote'
    >();
    expectTypeOf<
      PageItem<paths, '/feed/fundos/v2/fundos/serie-historica/lote'>
    >().toEqualTypeOf<SeriesRecord>();
    expectTypeOf<PageItem<paths, '/feed/fundos/v2/fundos'>>().toEqualTypeOf<FundListRecord>();
    expectTypeOf<PageItem<paths, '/feed/fundos/v2/fundos/dados-cadastrais/lote'>>().toEqualTypeOf<{
      codigo: string;
      atualizado_em: string;
    }>();
    expectTypeOf<
      PageItem<paths, '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}'>
    >().toBeNever();
    expectTypeOf<PageItem<paths, '/feed/exemplo/v1/consultas'>>().toBeNever();
  });

  it('types what paginate and pages yield', () => {
    const { client } = setup();
    expectTypeOf(client.paginate(LIST)).toEqualTypeOf<AsyncIterableIterator<FundListRecord>>();
    expectTypeOf(client.pages(LIST)).toEqualTypeOf<AsyncIterableIterator<Page<FundListRecord>>>();
  });

  it('makes init required exactly when the operation has required parameters', () => {
    expectTypeOf<PaginateArgs<paths, '/feed/fundos/v2/fundos'>>().toExtend<[unknown?]>();
    expectTypeOf<[]>().toExtend<PaginateArgs<paths, '/feed/fundos/v2/fundos'>>();
    expectTypeOf<[]>().not.toExtend<PaginateArgs<paths, '/feed/fundos/v2/fundos/dados-cadastrais/lote'>>();
    const { client } = setup();
    // @ts-expect-error data-atualizacao is required by the operation
    void (() => client.paginate('/feed/fundos/v2/fundos/dados-cadastrais/lote'));
    // @ts-expect-error tipo-fundo is an enum
    void (() => client.paginate(LIST, { params: { query: { 'tipo-fundo': 'HEDGE' } } }));
  });
});

describe('a list that does not advance stops with pagination_stalled', () => {
  const SERIES = '/feed/fundos/v2/fundos/serie-historica/lote';
  const BATCH = '/feed/fundos/v2/fundos/dados-cadastrais/lote';
  const seriesQuery = { params: { query: { 'data-atualizacao': '2026-11-20T00:00:00.000' } } };
  const batchQuery = { params: { query: { 'data-atualizacao': '2026-01-02T03:04:05.678', size: 10 } } };
  // A client that never stops would loop here for ever: the fake answers 400 past this many requests instead.
  const CUT_OFF = 50;
  const cutOff = () => json(400, errorBody(400, 'cut off', 'The test stopped a client that did not stop.'));
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, k) => ({ codigo_classe: `C${from + k}`, data_competencia: '2026-11-19' }));

  /** E8 answers: each cursor sent (none for the first) maps to the next cursor answered. */
  function cursors(next: Record<string, string>) {
    let served = 0;
    return {
      handler: (r: { url: URL }) => {
        if (r.url.pathname !== SERIES) return undefined;
        if (served / 2 >= CUT_OFF) return cutOff();
        const sent = r.url.searchParams.get('cursor') ?? '';
        const content = rows(served, 2);
        served += 2;
        return json(200, { content, totalSize: 1_000_000, nextCursor: next[sent] ?? null });
      },
    };
  }

  it.each([
    ['the same cursor again', { '': 'A', A: 'A' }, 2, 4],
    ['a cycle of cursors', { '': 'A', A: 'B', B: 'A' }, 3, 6],
    ['(control) an empty next cursor, which is the end', { '': '' }, 1, 2],
  ])('%s: stops at the first repeated cursor, every record read once', async (_, next, requests, records) => {
    for (const prefetch of [false, true]) {
      const { client, listCalls } = setup(cursors(next));
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const row of client.paginate(SERIES, { ...seriesQuery, prefetch })) seen.push(row);
      })().catch((e: unknown) => e);
      if (next[''] === '') {
        // An empty next cursor is the end (as null), not a repeat.
        expect(error).toBeUndefined();
      } else {
        expect(error).toBeInstanceOf(FeedError);
        expect(error).toMatchObject({ code: 'pagination_stalled', method: 'GET', path: SERIES });
        expect((error as Error).message).toContain('cursor');
      }
      expect(listCalls()).toHaveLength(requests);
      expect(seen).toHaveLength(records);
    }
  });

  it('a cursor the caller starts from, answered back, is a repeat too', async () => {
    const { client, listCalls } = setup(cursors({ A: 'A' }));
    const start = { params: { query: { ...seriesQuery.params.query, cursor: 'A' } } };
    await expect(collect(client.paginate(SERIES, start))).rejects.toMatchObject({
      code: 'pagination_stalled',
    });
    expect(listCalls()).toHaveLength(1);
  });

  /** v2 answers (totalSize): `lengths[page]` records on each page, empty beyond; the total claims far more. */
  function totals(lengths: number[], total = 1_000_000) {
    return {
      handler: (r: { url: URL }) => {
        if (r.url.pathname !== BATCH) return undefined;
        if (Number(r.url.searchParams.get('page')) >= CUT_OFF) return cutOff();
        const page = Number(r.url.searchParams.get('page'));
        const content = Array.from({ length: lengths[page] ?? 0 }, (_, k) => ({ codigo: `r${page}-${k}` }));
        return json(200, { content, totalSize: total, pageable: { page, size: 10 } });
      },
    };
  }

  it('an empty page while totalSize says more remain is an error naming the page, not the end', async () => {
    for (const prefetch of [false, true]) {
      const { client, listCalls } = setup(totals([10, 10, 0]));
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const row of client.paginate(BATCH, { ...batchQuery, prefetch })) seen.push(row);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FeedError);
      expect(error).toMatchObject({ code: 'pagination_inconsistent', method: 'GET', path: BATCH });
      expect((error as Error).message).toMatch(/page 2 answered 0 records of 10 .*1000000 records/);
      expect(seen).toHaveLength(20);
      expect(listCalls()).toHaveLength(3);
    }
  });

  it('an empty first page with a large total is an error at once', async () => {
    const { client, listCalls } = setup(totals([]));
    await expect(collect(client.paginate(BATCH, batchQuery))).rejects.toMatchObject({
      code: 'pagination_inconsistent',
    });
    expect(listCalls()).toHaveLength(1);
  });

  it('v1 totals (total_pages) that promise more than is sent are an error the same way', async () => {
    const { client, listCalls } = setup({
      handler: (r) => {
        if (r.url.pathname !== LIST) return undefined;
        const page = Number(r.url.searchParams.get('page'));
        if (page >= CUT_OFF) return cutOff();
        const content = page === 0 ? [{ codigo_fundo: fundCode(0), nome: 'x' }] : [];
        return json(200, { content, page, size: 1000, total_elements: 9_999_000, total_pages: 9_999 });
      },
    });
    await expect(collect(client.paginate(LIST))).rejects.toMatchObject({
      code: 'pagination_inconsistent',
      message: expect.stringContaining('page 0 answered 1 records of 1000'),
    });
    expect(listCalls()).toHaveLength(1);
  });
});

describe('the meta, read once per client', () => {
  it('paginate() and its page requests find the operation without reading the meta again', async () => {
    const feed = createFakeFeed({ funds: 25 });
    let reads = 0;
    const counted = {
      name: meta.name,
      get operations() {
        reads += 1;
        return meta.operations;
      },
    };
    const client = createDocumentClient<paths>(
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL, fetch: feed.fetch },
      counted,
    );
    const atCreation = reads;
    const funds = await collect(client.paginate(LIST, { params: { query: { size: 10 } } }));
    expect(funds).toHaveLength(25);
    expect([atCreation, reads]).toEqual([1, 1]);
  });
});
