// Hostile-input suite, round three (issue 27): one row per fault the second hostile run found, replayed on
// loopback with bounded loops. Client cases run the built client over an injected fetch (the hostile answers are
// made in process); sandbox cases over raw sockets; CLI cases run the built command as a child process. Nothing
// here is timed as performance: the one duration (a Retry-After against the deadline) is compared with the
// deadline it is meant to beat.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { repoRoot } from '../specs/apis.ts';
import { type LooseClient, loadFeedClient } from './client-modules.ts';
import { raw, statusOf } from './hostile.ts';
import { loadSandbox } from './load-mock.ts';
import type { Row } from './measure.ts';

const MB = 1024 * 1024;
const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
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

/** The outcome of a call: its error code (or name), else its status. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    const result = (await call) as { response?: Response };
    return result.response ? String(result.response.status) : 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).name;
  }
}

async function clientRows(): Promise<Row[]> {
  const { createFeedClient } = await loadFeedClient();
  let feedRequests = 0;
  const make = (answer: Answer, token = 'tok-round3-0123456789', extra: Record<string, unknown> = {}) =>
    createFeedClient({
      clientId: 'hostile-client',
      clientSecret: 'hostile-secret',
      baseUrl: 'https://feed.round3.example',
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
    figure: `4 tried: ${tally(tokenOutcomes)}; token quoted in ${quoted} errors (message, stack, JSON, inspect)`,
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

function tally(outcomes: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${v}× ${k}`).join(', ');
}

async function sandboxRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const logs: string[] = [];
  const sandbox = await startSandbox({ port: 0, log: (line: string) => logs.push(line) } as never);
  const rows: Row[] = [];
  try {
    const url = sandbox.url;
    const chunk = () => Buffer.alloc(64 * 1024, 0x61);
    const figures: string[] = [];
    for (const head of ['POST /feed/fundos/v2/fundos', 'POST /feed/nope', 'GET /feed/fundos/v2/fundos']) {
      const r = await raw(
        url,
        `${head} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${50 * MB}\r\n\r\n`,
        chunk,
        50 * MB,
      );
      figures.push(`${statusOf(r)} after ${(r.bytesSent / MB).toFixed(1)} MB`);
    }
    rows.push({
      benchmark: 'hostile sandbox: 50 MB body to a GET-only path / an unknown path / a GET without token',
      figure: `${figures.join(' / ')} offered, then closed`,
      target: '405 / 404 / 401, closed at ≤ 10 MB',
    });
    const from = logs.length;
    const secret = sandbox.clientSecret;
    for (const target of [
      `/feed/fundos/v2/fundos?client_secret=${secret}`,
      `/feed/fundos/v2/fundos?${secret}=1`,
      `/feed/fundos/v2/fundos?s=%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}`,
    ]) {
      await (await fetch(`${url}${target}`)).text();
    }
    rows.push({
      benchmark: 'hostile sandbox: its own secret in a query value / name / percent-encoded',
      figure: `3 tried: ${logs.slice(from).filter((l) => l.includes(secret.slice(1))).length} log lines hold it`,
      target: '0',
    });
  } finally {
    await sandbox.stop();
  }
  return rows;
}

async function cliRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const sandbox = await startSandbox({ port: 0, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  // A service whose feed calls answer 200 with no body.
  const emptyFeed = createServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(
      req.url === '/oauth/access-token'
        ? JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 })
        : '',
    );
  });
  await new Promise<void>((r) => emptyFeed.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-hostile3-'));
  const bin = `${repoRoot}packages/cli/dist/bin.js`;
  const env = (base: string | null) => ({
    PATH: process.env.PATH,
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-bench',
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    // null: no target in the environment (the placeholder case).
    ...(base ? { FEED_BASE_URL: base } : {}),
  });
  const run = (args: string[], base: string | null = sandbox.url) =>
    new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], { env: env(base), cwd: dir });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
      });
      child.stderr.resume();
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout }));
    });
  const exportTo = (out: string, ...more: string[]) =>
    run([
      'export',
      '/feed/fundos/v2/fundos',
      '-q',
      'size=5',
      '-q',
      'tipo-fundo=FIAGRO',
      '--out',
      out,
      '--quiet',
      ...more,
    ]);
  try {
    writeFileSync(join(dir, 'precious.txt'), 'PRECIOUS\n');
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'out.ndjson'));
    const forced = await exportTo('out.ndjson', '--force');
    const kept = readFileSync(join(dir, 'precious.txt'), 'utf8') === 'PRECIOUS\n';
    const devNull = await exportTo('/dev/null');
    const devStdout = await exportTo('/dev/stdout');
    const empty = await run(
      ['get', '/feed/fundos/v2/fundos/F0000254851'],
      `http://127.0.0.1:${(emptyFeed.address() as AddressInfo).port}`,
    );
    const production = await run(
      ['get', '/feed/fundos/v2/fundos/F0000254851', '--environment', 'production'],
      null,
    );
    return [
      {
        benchmark: 'hostile CLI: export --force through a link to a file with content',
        figure: `exit ${forced.code}, file ${kept ? 'untouched' : 'OVERWRITTEN'}`,
        target: '2, untouched (needs --restart)',
      },
      {
        benchmark: 'hostile CLI: export --out /dev/null / --out /dev/stdout',
        figure: `exit ${devNull.code} / ${devStdout.code}`,
        target: '0 / 0',
      },
      {
        benchmark: 'hostile CLI: get on an empty 200 body',
        figure: `exit ${empty.code}, stdout ${JSON.stringify(empty.stdout)}`,
        target: '1, ""',
      },
      {
        benchmark: 'hostile CLI: --environment production on the placeholder host',
        figure: `exit ${production.code}`,
        target: '2 (nothing sent)',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => emptyFeed.close(r));
    await sandbox.stop();
  }
}

export async function hostileRound3Rows(): Promise<Row[]> {
  return [...(await clientRows()), ...(await sandboxRows()), ...(await cliRows())];
}
