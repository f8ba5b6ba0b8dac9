// Hostile cases against the client: what a service that redirects, cuts, floods, fails or lies makes the built
// client do. Two kinds: over loopback against the hostile service (redirects, truncated and huge bodies, the retry
// budget, peak memory in a child process of its own), and over an injected fetch where the hostile answer is made
// in process (tokens that are no header value, what middleware sees, lists that do not advance, empty bodies, a
// Retry-After as long as the deadline). Nothing here is timed as performance: the one duration, a Retry-After
// against the deadline, is compared with the deadline it is meant to beat.
import { spawnSync } from 'node:child_process';
import { inspect } from 'node:util';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { type LooseClient, loadFeedClient } from '../client-modules.ts';
import type { Row } from '../measure.ts';
import { hitsOf, startHostile } from './server.ts';
import { fundCode as code, countOutcomes, DETAIL, MB, outcomeOf as outcome, tally } from './support.ts';

const SERIES = '/feed/fundos/v2/fundos/serie-historica/lote';
const BATCH = '/feed/fundos/v2/fundos/dados-cadastrais/lote';
const SHORT_TOKEN = 'xshorttok123';

type Answer = (url: URL, request: Request) => Response;
type Pager = LooseClient & {
  paginate(path: string, init?: Record<string, unknown>): AsyncIterable<unknown>;
  use(middleware: Record<string, unknown>): void;
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Cases over loopback, against the hostile service in its child process. */
async function loopbackRows(): Promise<Row[]> {
  const { createFeedClient } = await loadFeedClient();
  const server = await startHostile();
  const rows: Row[] = [];
  try {
    const noWait = async () => {};
    const make = (extra: Record<string, unknown> = {}) =>
      createFeedClient({
        clientId: 'hostile-client',
        clientSecret: 'hostile-secret',
        baseUrl: server.url,
        retry: { sleep: noWait },
        ...extra,
      } as never).fundosV2 as LooseClient;
    const get = (client: LooseClient, n: number) =>
      client.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: code(n) } } });

    const client = make();
    const redirects = await tally(20, (i) => get(client, [301, 302, 303, 307, 308][i % 5] as number));
    let hits = await hitsOf(server.url);
    rows.push({
      benchmark: 'hostile client: redirect to another origin (301-308)',
      figure: `20 tried: ${redirects}; credentials at the other origin: ${hits.otherWithToken}`,
      target: 'all redirect_refused, 0 credentials',
    });

    const tokenClient = make({
      fetch: (request: Request, init?: { signal?: AbortSignal }) => {
        if (request.url.endsWith('/oauth/access-token')) request.headers.set('x-hostile', 'token-redirect');
        return fetch(request, init);
      },
    });
    const tokenRedirect = await tally(10, () => get(tokenClient, 1));
    hits = await hitsOf(server.url);
    rows.push({
      benchmark: 'hostile client: token endpoint redirects to another host',
      figure: `10 tried: ${tokenRedirect}; requests at the other host: ${hits.other}`,
      target: 'all redirect_refused, 0 requests',
    });

    rows.push({
      benchmark: 'hostile client: 200 with a body that is not JSON',
      figure: `10 tried: ${await tally(10, () => get(client, 10))}`,
      target: 'all invalid_response',
    });
    const before = (await hitsOf(server.url)).feed;
    const cut = await tally(10, () => get(client, 11));
    rows.push({
      benchmark: 'hostile client: body cut short (reset mid-body)',
      figure: `10 tried: ${cut}; requests ${(await hitsOf(server.url)).feed - before}`,
      target: 'all response_truncated, retried (≤ 30 requests)',
    });
    rows.push({
      benchmark: 'hostile client: 200 MB answer (chunked / with Content-Length)',
      figure: `2 tried: ${await tally(1, () => get(client, 12))} / ${await tally(1, () => get(client, 13))}`,
      target: 'response_too_large (default 64 MiB)',
    });

    // The retry budget: 100 calls at once against a service failing every request.
    const f503 = async (extra: Record<string, unknown>) => {
      const c = make(extra);
      const start = (await hitsOf(server.url)).f503;
      await Promise.all(Array.from({ length: 100 }, () => get(c, 14)));
      return (await hitsOf(server.url)).f503 - start;
    };
    const budgeted = await f503({});
    const unbudgeted = await f503({ retry: { sleep: noWait, budget: false } });
    rows.push({
      benchmark: 'hostile client: 100 concurrent calls, every request fails (503)',
      figure: `${budgeted} requests (retry budget)`,
      reference: `${unbudgeted} requests (budget: false)`,
      ratio: (budgeted / unbudgeted).toFixed(2),
      target: '≤ 150',
    });

    const waits: number[] = [];
    const negative = make({
      retry: { sleep: async (ms: number) => void waits.push(ms), random: () => 0.5 },
    });
    await get(negative, 15);
    rows.push({
      benchmark: 'hostile client: Retry-After: -5',
      figure: `waits ${waits.map((w) => `${w} ms`).join(', ')}`,
      target: 'the backoff (250 ms, 500 ms), not 0',
    });

    // Peak memory of the client alone, in a child process per case.
    const idle = peakRss(server.url, 1);
    const big = peakRss(server.url, 12);
    const bigError = peakRss(server.url, 16);
    const raw = peakRss(server.url, 12, true);
    rows.push({
      benchmark: 'hostile client: peak RSS on a 200 MB answer, default maxResponseBytes',
      figure: `${big.rss} MB (${big.outcome})`,
      reference: `${idle.rss} MB for a small answer; fetch + text() alone: ${raw.rss} MB`,
      ratio: (big.rss / raw.rss).toFixed(2),
      target: 'bounded by the limit (64 MiB), not by the answer',
    });
    rows.push({
      benchmark: 'hostile client: peak RSS on a 200 MB error body (503)',
      figure: `${bigError.rss} MB (${bigError.outcome})`,
      reference: `${idle.rss} MB for a small answer`,
      target: 'bounded by the limit, no copy',
    });
  } finally {
    server.child.kill();
  }
  return rows;
}

/** Max RSS (MB) of a child process that makes one call for `n` with the built client (or plain fetch). */
function peakRss(url: string, n: number, rawFetch = false): { rss: number; outcome: string } {
  const entry = `${repoRoot}packages/client/dist/index.js`;
  const script = rawFetch
    ? `const r = await fetch('${url}/feed/fundos/v2/fundos/${code(n)}'); const t = await r.text(); console.log(JSON.stringify({ outcome: 'read ' + t.length + ' chars', rss: process.resourceUsage().maxRSS }));`
    : `const { createFeedClient } = await import(${JSON.stringify(entry)});
       const c = createFeedClient({ clientId: 'x', clientSecret: 'y', baseUrl: '${url}', retry: false });
       let outcome;
       try { const r = await c.fundosV2.GET('${DETAIL}', { params: { path: { codigo_fundo_ou_classe_ou_subclasse: '${code(n)}' } } }); outcome = String(r.response.status); }
       catch (e) { outcome = e.code ?? e.name; }
       console.log(JSON.stringify({ outcome, rss: process.resourceUsage().maxRSS }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const parsed = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as {
    outcome?: string;
    rss?: number;
  };
  return {
    rss: Math.round((parsed.rss ?? 0) / 1024),
    outcome: parsed.outcome ?? `failed: ${result.stderr.slice(0, 200)}`,
  };
}

/** Cases over an injected fetch: the hostile answer is made in process. */
async function injectedFetchRows(): Promise<Row[]> {
  const { createFeedClient } = await loadFeedClient();
  let feedRequests = 0;
  const make = (answer: Answer, token = 'tok-injected-0123456789', extra: Record<string, unknown> = {}) =>
    createFeedClient({
      clientId: 'hostile-client',
      clientSecret: 'hostile-secret',
      baseUrl: 'https://feed.hostile.example',
      fetch: async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === '/oauth/access-token')
          return json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
        feedRequests++;
        return answer(url, request);
      },
      retry: { sleep: async () => {} },
      ...extra,
    } as never).fundosV2 as Pager;
  const fund = { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } };
  const ok: Answer = () => json({ content: { codigo_fundo: 'F0000000001' } });
  const rows: Row[] = [];

  // A token that is not a valid header value: the error must not quote it.
  const secret = 'SECRETPART';
  const badTokens = [
    `tok-${secret}\r\nx: 1`,
    `tok-${secret}\n`,
    `tok-${secret}\u0000`,
    `tok-${secret}\u20ac`,
  ];
  const tokenOutcomes: string[] = [];
  let quoted = 0;
  for (const token of badTokens) {
    const error = await make(ok, token)
      .GET(DETAIL, fund)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    tokenOutcomes.push((error as { code?: string })?.code ?? String(error));
    const e = error as Error;
    if ([e.message, e.stack, JSON.stringify(e), inspect(e)].some((t) => String(t).includes(secret))) quoted++;
  }
  rows.push({
    benchmark: 'hostile client: token with CR/LF, LF, NUL, past Latin-1',
    figure: `4 tried: ${countOutcomes(tokenOutcomes)}; token quoted in ${quoted} errors (message, stack, JSON, inspect)`,
    target: 'all invalid_token_response, 0 quoted',
  });

  // Middleware: what onRequest and onResponse see.
  const watched = make(ok);
  let seen = 0;
  const look = ({ request }: { request: Request }) => {
    if (request.headers.has('access_token') || request.headers.has('client_id')) seen++;
  };
  watched.use({ onRequest: look, onResponse: look });
  for (let i = 0; i < 10; i++) await watched.GET(DETAIL, fund);
  rows.push({
    benchmark: 'hostile client: middleware sees access_token / client_id',
    figure: `10 calls, 20 hooks: ${seen} saw them`,
    target: '0',
  });

  // paginate() on a cursor that repeats, and on empty pages whose total says more remain.
  const walk = async (answer: Answer, path: string, init: Record<string, unknown>) => {
    feedRequests = 0;
    let records = 0;
    const end = await outcome(
      (async () => {
        for await (const _ of make(answer).paginate(path, init)) {
          records++;
          if (feedRequests > 5000) throw new Error('did not stop');
        }
        return {};
      })(),
    );
    return `${end} after ${feedRequests} requests, ${records} records`;
  };
  const series = { params: { query: { 'data-atualizacao': '2026-11-20T00:00:00.000' } } };
  rows.push({
    benchmark: 'hostile client: paginate() on E8 answering the same nextCursor',
    figure: await walk(
      () => json({ content: [{ codigo_classe: 'C1' }], totalSize: 1e6, nextCursor: 'again' }),
      SERIES,
      series,
    ),
    target: 'pagination_stalled at the first repeat (2 requests)',
  });
  rows.push({
    benchmark: 'hostile client: paginate() on empty pages, totalSize 1,000,000',
    figure: await walk(
      (url) =>
        json({
          content: [],
          totalSize: 1e6,
          pageable: { page: Number(url.searchParams.get('page')), size: 1000 },
        }),
      BATCH,
      { params: { query: { 'data-atualizacao': '2026-01-02T03:04:05.678' } } },
    ),
    target: 'pagination_stalled after 2 tolerated empty pages (3 requests)',
  });

  // A 2xx body that is not JSON and echoes a short token: the cause must not quote it.
  const parse = await make(() => json(SHORT_TOKEN))
    .GET(DETAIL, fund)
    .catch((e: unknown) => e);
  rows.push({
    benchmark: 'hostile client: 200 body "xshorttok123" (not JSON)',
    figure: `${(parse as { code?: string }).code}; token in inspect(error): ${inspect(parse, { depth: 10 }).includes(SHORT_TOKEN) ? 'yes' : 'no'}`,
    target: 'invalid_response, no',
  });

  // An empty 200 body, with and without throwOnError.
  const empty: Answer = () => json('');
  rows.push({
    benchmark: 'hostile client: empty 200 body (throwOnError / default)',
    figure: `${await outcome(make(empty, undefined, { throwOnError: true }).GET(DETAIL, fund))} / ${await outcome(make(empty).GET(DETAIL, fund))}`,
    target: 'invalid_response / invalid_response',
  });

  // Retry-After as long as the whole deadline: fail at once, not at the deadline.
  feedRequests = 0;
  const limited = make(
    () =>
      json({ status: 429, error: 'too many requests', message: 'Slow down.' }, 429, { 'retry-after': '10' }),
    undefined,
    { timeoutMs: 10_000, throwOnError: true, retry: {} },
  );
  const started = performance.now();
  const rateLimited = await outcome(limited.GET(DETAIL, fund));
  const tookMs = performance.now() - started;
  rows.push({
    benchmark: 'hostile client: 429 with Retry-After 10 s, timeoutMs 10 s',
    figure: `${rateLimited} after ${tookMs.toFixed(0)} ms, ${feedRequests} request(s)`,
    reference: 'timeoutMs 10,000 ms',
    ratio: (tookMs / 10_000).toFixed(3),
    target: 'rate_limited at once (ratio ≈ 0), not timeout at 1.0',
  });
  return rows;
}

/**
 * Odd bodies typed by what they are, and credentials checked before they are sent: a 2xx that is `null` or a bare
 * value, a spoof of the text error form, `__proto__` in an error body, an error body past maxResponseBytes, and a
 * secret or client id with a stray character.
 */
async function oddBodyRows(): Promise<Row[]> {
  const { createFeedClient } = await loadFeedClient();
  let requests = 0;
  const make = (answer: Answer, extra: Record<string, unknown> = {}) =>
    createFeedClient({
      clientId: 'hostile-client',
      clientSecret: 'hostile-secret',
      baseUrl: 'https://feed.hostile.example',
      fetch: async (request: Request) => {
        requests++;
        const url = new URL(request.url);
        if (url.pathname === '/oauth/access-token')
          return json({ access_token: 'tok-injected-0123456789', token_type: 'Bearer', expires_in: 3600 });
        return answer(url, request);
      },
      retry: { sleep: async () => {} },
      ...extra,
    } as never).fundosV2 as Pager;
  const fund = { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } };
  const both = async (answer: Answer, extra: Record<string, unknown> = {}) =>
    `${await outcome(make(answer, { ...extra, throwOnError: true }).GET(DETAIL, fund))} / ${await outcome(make(answer, extra).GET(DETAIL, fund))}`;
  const rows: Row[] = [];

  const roots = [];
  for (const body of ['null', '42', '"F0000000001"', 'true']) roots.push(await both(() => json(body)));
  rows.push({
    benchmark: 'hostile client: 200 body JSON null, 42, a string, true (throwOnError / default)',
    figure: roots.join('; '),
    target: 'invalid_response / invalid_response each, never data',
  });

  const spoof = (await make(() => json('{"error":"text body","message":{"toString":"x"}}', 500)).GET(
    DETAIL,
    fund,
  )) as { error?: { message?: unknown } };
  rows.push({
    benchmark: 'hostile client: 500 body {"error":"text body","message":{…}} (default mode)',
    figure: `error.message is a ${typeof spoof.error?.message}`,
    target: 'a string (the raw text)',
  });

  const proto =
    '{"status":500,"error":"x","message":"m","__proto__":{"p":1},"constructor":{"c":1},"prototype":2}';
  const thrown = await make(() => json(proto, 500), { throwOnError: true, retry: false })
    .GET(DETAIL, fund)
    .catch((e: unknown) => e);
  const body = (thrown as { body?: object }).body ?? {};
  const kept = ['__proto__', 'constructor', 'prototype'].filter((k) => Object.hasOwn(body, k)).length;
  rows.push({
    benchmark: 'hostile client: error body with __proto__, constructor, prototype keys',
    figure: `prototype ${Object.getPrototypeOf(body) === Object.prototype ? 'Object.prototype' : 'replaced'}; own keys kept ${kept}/3`,
    target: 'Object.prototype; 3/3',
  });

  const large = (status: number) => () =>
    new Response('x'.repeat(2_600_000), { status, headers: { 'content-type': 'application/json' } });
  const limit = { maxResponseBytes: MB };
  requests = 0;
  const retried = await outcome(make(large(503), { ...limit, throwOnError: true }).GET(DETAIL, fund));
  const retriedFeedRequests = requests - 1; // the first is the token request
  const largeError = await both(large(500), { ...limit, retry: false });
  rows.push({
    benchmark: 'hostile client: 2.6 MB error body, maxResponseBytes 1 MiB (500 throwOnError / default; 503)',
    figure: `${largeError}; 503: ${retried} after ${retriedFeedRequests} feed requests`,
    target: 'response_too_large / response_too_large; 503: response_too_large after 3 (retried as a 5xx)',
  });

  const refused = async (credentials: Record<string, string>) => {
    requests = 0;
    const error = await outcome(
      Promise.resolve().then(() => make(() => json({}), credentials).GET(DETAIL, fund)),
    );
    return `${error}, ${requests} sent`;
  };
  rows.push({
    benchmark: 'hostile client: clientSecret ending in a line break; clientId "id:x"',
    figure: `${await refused({ clientSecret: 'hostile-secret\n' })}; ${await refused({ clientId: 'id:x' })}`,
    target: 'configuration, 0 sent; configuration, 0 sent',
  });
  return rows;
}

export async function clientRows(): Promise<Row[]> {
  return [...(await loopbackRows()), ...(await injectedFetchRows()), ...(await oddBodyRows())];
}
