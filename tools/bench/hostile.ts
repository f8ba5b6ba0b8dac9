// Hostile-input suite (issue 18): the faults found by a hostile run against the client, the sandbox and the
// command line, replayed on loopback with bounded loops, and the table of what each answered. Client cases run
// against a hostile server in a child process (two ports: the service and "another origin" that counts what
// reaches it); sandbox cases against a sandbox started with short timeouts; memory cases in a child process of
// their own, so the peak RSS is the client's alone. Nothing here is timed as performance: the one duration, the
// time to close a slow connection, is compared with the limit it is configured to.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../specs/apis.ts';
import { type LooseClient, loadFeedClient } from './client-modules.ts';
import { loadSandbox } from './load-mock.ts';
import type { Row } from './measure.ts';

const MB = 1024 * 1024;
const BIG = 200 * MB;

// The service answers the token request and, per fund code, one hostile behaviour; "other" is another origin.
const SERVER = `
const http = require('node:http');
const hits = { other: 0, otherWithToken: 0, feed: 0, f503: 0 };
const token = JSON.stringify({ access_token: 'tok-hostile-0123456789', token_type: 'Bearer', expires_in: 3600 });
const BIG = ${BIG};
const chunk = Buffer.alloc(1024 * 1024, 0x20);
function stream(res, status, withLength) {
  const headers = { 'content-type': 'application/json' };
  if (withLength) headers['content-length'] = String(BIG + 2);
  res.writeHead(status, headers);
  res.write('[');
  let sent = 0;
  const pump = () => {
    while (sent < BIG) {
      sent += chunk.length;
      if (!res.write(chunk)) return res.once('drain', pump);
    }
    res.end(']');
  };
  res.on('close', () => { sent = BIG + 1; });
  pump();
}
const other = http.createServer((req, res) => {
  req.resume();
  if (req.url === '/hits') return res.end(JSON.stringify(hits));
  hits.other++;
  if (req.headers.access_token || req.headers.authorization) hits.otherWithToken++;
  res.setHeader('content-type', 'application/json');
  res.end(req.url.endsWith('/token') ? JSON.stringify({ access_token: 'planted', token_type: 'Bearer', expires_in: 3600 }) : '{"content":{"from":"other"}}');
});
other.listen(0, '127.0.0.1', () => {
  const otherUrl = 'http://127.0.0.1:' + other.address().port;
  const feed = http.createServer({ keepAlive: true }, (req, res) => {
    req.resume();
    if (req.url === '/hits') return res.end(JSON.stringify(hits));
    if (req.url === '/oauth/access-token') {
      if (req.headers['x-hostile'] === 'token-redirect') return res.writeHead(302, { location: otherUrl + '/token' }).end();
      res.setHeader('content-type', 'application/json');
      return res.end(token);
    }
    hits.feed++;
    const code = /F(\\d{10})/.exec(req.url || '');
    const n = code ? Number(code[1]) : 0;
    if (n >= 301 && n <= 308) return res.writeHead(n, { location: otherUrl + req.url }).end();
    if (n === 10) return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
    if (n === 11) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"content":{"codig');
      return setTimeout(() => res.socket.destroy(), 2);
    }
    if (n === 12) return stream(res, 200, false);
    if (n === 13) return stream(res, 200, true);
    if (n === 14) { hits.f503++; return res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":503,"error":"down","message":"Down."}'); }
    if (n === 15) return res.writeHead(503, { 'retry-after': '-5' }).end();
    if (n === 16) return stream(res, 503, false);
    res.setHeader('content-type', 'application/json');
    res.end('{"content":{"codigo_fundo":"F' + String(n).padStart(10, '0') + '"}}');
  });
  feed.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + feed.address().port + ' ' + otherUrl + '\\n'));
});
`;

async function startHostile(): Promise<{ url: string; other: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`hostile server exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(String(chunk).trim()));
  });
  const [url, other] = line.split(' ') as [string, string];
  return { url, other, child };
}

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const code = (n: number) => `F${String(n).padStart(10, '0')}`;
type Hits = { other: number; otherWithToken: number; feed: number; f503: number };
const hitsOf = async (url: string) => (await (await fetch(`${url}/hits`)).json()) as Hits;

/** `tries` calls; the tally of what they ended with: an error code, a status, or an error name. */
async function tally(tries: number, call: (i: number) => Promise<unknown>): Promise<string> {
  const counts = new Map<string, number>();
  for (let i = 0; i < tries; i++) {
    let outcome: string;
    try {
      const result = (await call(i)) as { response?: Response };
      outcome = result.response ? String(result.response.status) : 'ok';
    } catch (error) {
      outcome = (error as { code?: string }).code ?? (error as Error).name;
    }
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return [...counts].map(([k, v]) => `${v}× ${k}`).join(', ');
}

async function clientRows(): Promise<Row[]> {
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

// ---- the sandbox -------------------------------------------------------------------------------------------

interface Raw {
  received: string;
  closedAfterMs: number;
  bytesSent: number;
}

/** Opens a socket, writes `head`, then `body()` chunks until the server closes (at most `maxBytes`). */
export async function raw(
  url: string,
  head: string,
  body?: () => Buffer | Promise<Buffer>,
  maxBytes = 256 * MB,
): Promise<Raw> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let closed = false;
  socket.on('data', (d: Buffer) => {
    received += d.toString('latin1');
  });
  socket.on('error', () => {});
  const done = new Promise<void>((r) =>
    socket.on('close', () => {
      closed = true;
      r();
    }),
  );
  const started = performance.now();
  socket.write(head);
  let bytesSent = 0;
  while (body && !closed && bytesSent < maxBytes) {
    const chunk = await body();
    if (closed) break;
    bytesSent += chunk.length;
    if (!socket.write(chunk)) {
      await Promise.race([
        new Promise((r) => socket.once('drain', r)),
        done,
        new Promise((r) => setTimeout(r, 200)),
      ]);
    }
  }
  const timeout = setTimeout(() => socket.destroy(), 60_000);
  await done;
  clearTimeout(timeout);
  return { received, closedAfterMs: performance.now() - started, bytesSent };
}

export const statusOf = (r: Raw) => /^HTTP\/1\.1 (\d{3})/.exec(r.received)?.[1] ?? 'closed';

async function sandboxRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const logs: string[] = [];
  const HEADERS_MS = 1000;
  const REQUEST_MS = 2000;
  const sandbox = await startSandbox({
    port: 0,
    log: (line: string) => logs.push(line),
    headersTimeoutMs: HEADERS_MS,
    requestTimeoutMs: REQUEST_MS,
  } as never);
  const rows: Row[] = [];
  try {
    const url = sandbox.url;
    const counts = async (tries: number, run: () => Promise<Raw>) => {
      const seen = new Map<string, number>();
      for (let i = 0; i < tries; i++) {
        const s = statusOf(await run());
        seen.set(s, (seen.get(s) ?? 0) + 1);
      }
      return [...seen].map(([k, v]) => `${v}× ${k}`).join(', ');
    };
    rows.push({
      benchmark: 'hostile sandbox: request smuggling (Content-Length + Transfer-Encoding)',
      figure: `20 tried: ${await counts(20, () =>
        raw(
          url,
          'POST /oauth/access-token HTTP/1.1\r\nhost: x\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\nGET /feed/x HTTP/1.1\r\n\r\n',
        ),
      )}`,
      target: '400 or closed, never a second answer',
    });
    rows.push({
      benchmark: 'hostile sandbox: oversized headers (64 KB)',
      figure: `20 tried: ${await counts(20, () => raw(url, `GET /feed/fundos/v2/fundos HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(64 * 1024)}\r\n\r\n`))}`,
      target: '431',
    });
    const flood = await raw(
      url,
      'POST /oauth/access-token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000000000\r\n\r\n',
      () => Buffer.alloc(64 * 1024, 0x61),
    );
    rows.push({
      benchmark: 'hostile sandbox: 100 GB body offered after a 413',
      figure: `${statusOf(flood)}, closed after ${(flood.bytesSent / MB).toFixed(1)} MB sent`,
      target: '413 and closed, not read on',
    });
    const slowHead = await raw(url, 'GET /feed/fundos/v2/fundos HTTP/1.1\r\nhost: x\r\n');
    rows.push({
      benchmark: 'hostile sandbox: slow headers (slowloris)',
      figure: `${statusOf(slowHead)} after ${(slowHead.closedAfterMs / 1000).toFixed(2)} s`,
      reference: `headersTimeoutMs ${HEADERS_MS / 1000} s`,
      ratio: (slowHead.closedAfterMs / HEADERS_MS).toFixed(2),
      target: '408, ratio ≤ 1.1',
    });
    let sent = 0;
    const slowBody = await raw(
      url,
      'POST /oauth/access-token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n',
      async () => {
        sent++;
        await new Promise((r) => setTimeout(r, 50)); // one byte every 50 ms
        return Buffer.from('{');
      },
      1000,
    );
    rows.push({
      benchmark: 'hostile sandbox: slow body',
      figure: `${statusOf(slowBody)} after ${(slowBody.closedAfterMs / 1000).toFixed(2)} s (${sent} bytes)`,
      reference: `requestTimeoutMs ${REQUEST_MS / 1000} s`,
      ratio: (slowBody.closedAfterMs / REQUEST_MS).toFixed(2),
      target: '408, ratio ≤ 1.1',
    });
    const before = logs.length;
    for (let i = 0; i < 10; i++) {
      const { hostname, port } = new URL(url);
      const s = connect(Number(port), hostname);
      s.on('error', () => {});
      s.write('POST /oauth/access-token HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{"gr');
      await new Promise((r) => setTimeout(r, 20));
      s.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    const gone = logs.slice(before);
    rows.push({
      benchmark: 'hostile sandbox: client hangs up mid-body',
      figure: `10 tried: ${gone.filter((l) => l.includes('client went away')).length} logged "client went away", ${gone.filter((l) => l.includes('internal error')).length} "internal error"`,
      target: '10 / 0',
    });
    const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
    const token = (
      (await (
        await fetch(`${url}/oauth/access-token`, {
          method: 'POST',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
          body: '{"grant_type":"client_credentials"}',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const logFrom = logs.length;
    let echoed = 0;
    for (const target of [
      `/feed/${token}`,
      `/feed/fundos/v2/fundos/${token}`,
      `/feed/fundos/v2/fundos?page=${token}`,
    ]) {
      const text = await (
        await fetch(`${url}${target}`, { headers: { client_id: sandbox.clientId, access_token: token } })
      ).text();
      if (text.includes(token)) echoed++;
    }
    rows.push({
      benchmark: 'hostile sandbox: token in the path or a parameter',
      figure: `3 tried: echoed in ${echoed} answers, ${logs.slice(logFrom).filter((l) => l.includes(token)).length} log lines`,
      target: '0 / 0',
    });
  } finally {
    await sandbox.stop();
  }
  return rows;
}

// ---- the command line --------------------------------------------------------------------------------------

async function cliRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const sandbox = await startSandbox({ port: 0, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-hostile-'));
  const bin = `${repoRoot}packages/cli/dist/bin.js`;
  const env = {
    PATH: process.env.PATH,
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-bench',
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    FEED_BASE_URL: sandbox.url,
  };
  // Not spawnSync: the sandbox runs in this process and must keep answering while the command runs.
  const run = (out: string) =>
    new Promise<number | null>((resolve, reject) => {
      const args = ['export', '/feed/fundos/v2/fundos', '-q', 'size=5', '-q', 'tipo-fundo=FIAGRO'];
      const child = spawn(process.execPath, [bin, ...args, '--out', out, '--quiet'], { env, cwd: dir });
      child.once('error', reject);
      child.once('close', resolve);
    });
  try {
    writeFileSync(join(dir, 'target.ndjson'), 'theirs\n');
    symlinkSync(join(dir, 'target.ndjson'), join(dir, 'link.ndjson'));
    writeFileSync(join(dir, 'full.ndjson'), 'theirs\n');
    writeFileSync(join(dir, 'x.ndjson.checkpoint.json.99999.tmp'), '{');
    const codes = [
      await run('link.ndjson'),
      await run('full.ndjson'),
      await run(join(dir, 'no-such-dir', 'x.ndjson')),
      await run('x.ndjson'),
    ];
    const leftover = readdirSync(dir).some((name) => name.endsWith('.tmp'));
    const untouched = ['target.ndjson', 'full.ndjson'].every(
      (name) => readFileSync(join(dir, name), 'utf8') === 'theirs\n',
    );
    return [
      {
        benchmark: 'hostile CLI: --out a symlink / a file with content / in a missing directory',
        figure: `exit ${codes.slice(0, 3).join(' / ')}, files ${untouched ? 'untouched' : 'CHANGED'}`,
        target: '2 / 2 / 2, files untouched',
      },
      {
        benchmark: 'hostile CLI: stale *.tmp of a killed run',
        figure: `exit ${codes[3]}, temporary file ${leftover ? 'left' : 'removed'}`,
        target: 'removed',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sandbox.stop();
  }
}

export async function hostileBench(): Promise<Row[]> {
  const { hostileRound3Rows } = await import('./hostile-round3.ts');
  return [
    ...(await clientRows()),
    ...(await sandboxRows()),
    ...(await cliRows()),
    ...(await hostileRound3Rows()),
  ];
}
