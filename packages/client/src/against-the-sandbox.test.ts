// createFeedClient against the stateful sandbox (@assoc-feed/sandbox): real HTTP on 127.0.0.1, tokens that expire
// by the sandbox's clock, pagination with totals and 404 past the last page, a restricted product (403) and
// seeded faults (429 with Retry-After, 5xx). The fetch passed in only counts what goes over the wire.

import { inspect } from 'node:util';
import { type RunningSandbox, startSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFeedClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  type FeedClientOptions,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidRequestError,
  NotFoundError,
} from './index.js';

const NOW = Date.parse('2026-11-19T21:00:00-03:00');
const FUNDS = 2500;
const E1 = '/feed/fundos/v2/fundos';
const V5 = '/feed/fundos/v1/fundos-estruturados';
const E5 = '/feed/fundos/v2/fundos/segmento-investidor/{codigo_classe_ou_subclasse}/patrimonio-liquido';

let sandbox: RunningSandbox;
let clockOffsetMs = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ funds: FUNDS, tokenTtlSeconds: 3600, now: () => NOW + clockOffsetMs });
});
afterAll(() => sandbox.stop());

interface Wire {
  method: string;
  url: URL;
  status: number;
}

/** A feed client on the sandbox, and a log of every exchange it made. */
function connect(options: Partial<FeedClientOptions> = {}) {
  const wire: Wire[] = [];
  const feed = createFeedClient({
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    baseUrl: sandbox.url,
    fetch: async (request) => {
      const response = await fetch(request);
      wire.push({ method: request.method, url: new URL(request.url), status: response.status });
      return response;
    },
    ...options,
  });
  const tokenCalls = () => wire.filter((w) => w.url.pathname === '/oauth/access-token');
  const feedCalls = () => wire.filter((w) => w.url.pathname !== '/oauth/access-token');
  return { feed, wire, tokenCalls, feedCalls };
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

const fundCode = (record: { codigo_fundo: string }) => record.codigo_fundo;

describe('against the sandbox', () => {
  it('the largest documented page (E7 at size 1,000, every context) passes a quarter of the default maxResponseBytes', async () => {
    let bytes = 0;
    const { feed } = connect({
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES / 4,
      timeoutMs: 600_000, // the default 30 s deadline is not under test: 5 MB can take longer on a busy machine
      fetch: async (request) => {
        const response = await fetch(request);
        if (request.url.includes('/lote')) bytes = Number(response.headers.get('content-length'));
        return response;
      },
    });
    const { data, error } = await feed.fundosV2.GET('/feed/fundos/v2/fundos/dados-cadastrais/lote', {
      params: { query: { 'data-atualizacao': '2000-01-01T00:00:00.000', size: 1000 } },
    });
    expect(error).toBeUndefined();
    expect((data as { content: unknown[] }).content).toHaveLength(1000);
    expect(bytes).toBeGreaterThan(1_000_000); // a real test of the limit: megabytes, not a stub
    expect(bytes * 4).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES);
    // Heavy by nature (the sandbox generates and sends 5 MB, the client reads and parses it): ~1-2 s idle, 8 s seen
    // on a busy machine; the timeout is a guard against a hang, sized for a machine much slower than that.
  }, 120_000);

  it('the three documents answer with one token', async () => {
    const { feed, tokenCalls, feedCalls } = connect();
    const [v2, v1, prices] = await Promise.all([
      feed.fundosV2.GET(E1, { params: { query: { size: 5 } } }),
      feed.fundosV1.GET(V5, { params: { query: { size: 5 } } }),
      feed.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/vna', {}),
    ]);
    expect(v2.data?.content).toHaveLength(5);
    expect(v1.data?.content).toHaveLength(5);
    expect(prices.data?.length).toBeGreaterThan(0);
    expect(tokenCalls()).toHaveLength(1);
    expect(feedCalls().map((w) => w.status)).toEqual([200, 200, 200]);
  });

  it.each([false, true])(
    'paginate (prefetch %s) reads every fund once, at the maximum page size, and stops at the last page by totalSize',
    async (prefetch) => {
      const { feed, feedCalls } = connect();
      const funds = await collect(feed.fundosV2.paginate(E1, { prefetch }));
      expect(funds).toHaveLength(FUNDS);
      expect(new Set(funds.map(fundCode)).size).toBe(FUNDS);
      expect(
        feedCalls().map((w) => `${w.url.searchParams.get('page')}/${w.url.searchParams.get('size')}`),
      ).toEqual(['0/1000', '1/1000', '2/1000']);
    },
  );

  it("size defaults to each list's own maximum (300 for the structured funds, V5)", async () => {
    const { feed, feedCalls } = connect();
    const first = await feed.fundosV1.pages(V5).next();
    expect(first.value?.items.length).toBeLessThanOrEqual(300);
    expect(feedCalls()[0]?.url.searchParams.get('size')).toBe('300');
  });

  it('a page past the last one is the end of the list, not an error (or NotFoundError when asked)', async () => {
    const { feed } = connect();
    expect(await collect(feed.fundosV2.pages(E1, { params: { query: { page: 3 } } }))).toEqual([]);
    await expect(
      collect(feed.fundosV2.pages(E1, { params: { query: { page: 3 } }, firstPageNotFound: 'throw' })),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([false, true])(
    'a token that expires mid-iteration (prefetch %s): one renewal, no record lost or repeated',
    async (prefetch) => {
      const reference = (
        await collect(connect().feed.fundosV2.paginate(E1, { params: { query: { size: 250 } } }))
      ).map(fundCode);
      const { feed, tokenCalls, feedCalls } = connect();
      const seen: string[] = [];
      clockOffsetMs = 0;
      try {
        for await (const fund of feed.fundosV2.paginate(E1, { params: { query: { size: 250 } }, prefetch })) {
          seen.push(fundCode(fund));
          // Two hours pass on the service's clock: the token (expires_in 3600) dies between two pages.
          if (seen.length === 600) clockOffsetMs = 2 * 3600_000;
        }
      } finally {
        clockOffsetMs = 0;
      }
      expect(seen).toEqual(reference);
      expect(tokenCalls()).toHaveLength(2);
      expect(feedCalls().filter((w) => w.status === 401)).toHaveLength(1);
    },
  );

  it('revoked tokens answer 403 without a replay; the next call gets a new token', async () => {
    const { feed, tokenCalls, feedCalls } = connect();
    await feed.fundosV2.GET(E1, { params: { query: { size: 1 } } });
    sandbox.revokeTokens();
    const [a, b] = await Promise.all([
      feed.fundosV1.GET(V5, { params: { query: { size: 1 } } }),
      feed.fundosV2.GET(E1, { params: { query: { size: 1 } } }),
    ]);
    expect([a.response.status, b.response.status]).toEqual([403, 403]);
    expect(feedCalls()).toHaveLength(3);
    const after = await feed.fundosV1.GET(V5, { params: { query: { size: 1 } } });
    expect(after.response.status).toBe(200);
    expect(tokenCalls()).toHaveLength(2);
  });

  it('a restricted product answers 403: ForbiddenError with the plan/revoked hint, sent once', async () => {
    const { feed, feedCalls } = connect({ throwOnError: true });
    const error = await feed.fundosV2
      .GET(E5, { params: { path: { codigo_classe_ou_subclasse: 'C0000000001' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ status: 403, method: 'GET', body: { status: 403 } });
    expect((error as Error).message).toMatch(/revoked.*contracted plan.*Regularise/s);
    expect(feedCalls()).toHaveLength(1);
  });

  it('bad input is refused before anything goes over the wire', async () => {
    const { feed, wire } = connect();
    const error = await feed.fundosV1
      .GET('/feed/fundos/v1/fundos-estruturados/{CNPJ}/serie-historica', {
        params: { path: { CNPJ: '18245678000108' }, query: { 'data-inicio': '2023-02-29' } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ parameter: 'data-inicio', rule: 'format' });
    expect(wire).toEqual([]);
  });

  it('a wrong secret gives InvalidCredentialsError, which does not carry the secret', async () => {
    const secret = 'not-the-sandbox-secret-42';
    const { feed, tokenCalls } = connect({ clientSecret: secret, throwOnError: true });
    const error = await feed.precosIndices
      .GET('/feed/precos-indices/v1/titulos-publicos/vna', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect(tokenCalls().map((w) => w.status)).toEqual([401]); // a refused token request is not retried
    const basic = Buffer.from(`${sandbox.clientId}:${secret}`).toString('base64');
    for (const text of [
      String(error),
      JSON.stringify(error),
      inspect(error, { depth: 8, showHidden: true }),
    ]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(basic);
    }
  });
});

describe('against a flaky sandbox (seeded 429 with Retry-After, 5xx)', () => {
  let flaky: RunningSandbox;
  beforeAll(async () => {
    flaky = await startSandbox({ funds: FUNDS, seed: 3, failRate: 0.3, now: () => NOW });
  });
  afterAll(() => flaky.stop());

  it('every record comes through, and every 429 is retried after the time its Retry-After asks', async () => {
    const waits: number[] = [];
    const wire: Wire[] = [];
    const feed = createFeedClient({
      clientId: flaky.clientId,
      clientSecret: flaky.clientSecret,
      baseUrl: flaky.url,
      retry: { maxRetries: 8, sleep: async (ms) => void waits.push(ms) },
      fetch: async (request) => {
        const response = await fetch(request);
        wire.push({ method: request.method, url: new URL(request.url), status: response.status });
        return response;
      },
    });
    const funds = await collect(feed.fundosV2.paginate(E1, { params: { query: { size: 250 } } }));
    expect(new Set(funds.map(fundCode)).size).toBe(FUNDS);
    const rateLimited = wire.filter((w) => w.status === 429).length;
    expect(rateLimited).toBeGreaterThan(0); // the seed does produce some
    // The sandbox sends Retry-After: 1 with 429 and 2 with 503; other 5xx get the jittered backoff.
    expect(waits.filter((ms) => ms === 1000)).toHaveLength(rateLimited);
    expect(waits).toHaveLength(wire.filter((w) => w.status >= 429).length);
  });
});
