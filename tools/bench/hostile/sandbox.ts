// Hostile cases against the sandbox, over raw sockets and fetch: smuggling, oversized headers, bodies it must not
// read on, slow and vanishing clients, tokens or its own secret where they must not be echoed or logged, and its
// edges (a client's token flood, a path sent with `//`, the in-process fetch asked for another origin or given a
// body that never ends, SIGHUP, a negative port). The sandbox runs in this process with short timeouts; the
// durations (a slow head, a slow body, a body that never ends) are compared with the limits they are configured
// to, never timed as performance.
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { binOf, loadSandbox, useSandboxDist } from '../load-mock.ts';
import type { Row } from '../measure.ts';
import { MB, type Raw, raw, statusOf } from './support.ts';

/** Connections that misbehave at the HTTP layer, and tokens in the path or a parameter. */
async function connectionRows(): Promise<Row[]> {
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

/** Large bodies to paths that need none, and the sandbox's own secret in a query. */
async function bodyAndSecretRows(): Promise<Row[]> {
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

interface InProcessSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}
interface TokenStoreModule {
  TokenStore: new (
    flow: string,
    secret: string,
    ttlSeconds: number,
    clock: () => number,
    maxPerClient?: number,
  ) => { issue: (clientId: string) => { token: string }; check: (token: string, clientId: string) => string };
}

/** A module of the sandbox, from its build when there is one (as load-mock.ts loads its entries). */
async function sandboxModule<T>(name: string): Promise<T> {
  const file = useSandboxDist ? `dist/${name}.js` : `src/${name}.ts`;
  return (await import(`${repoRoot}packages/sandbox/${file}`)) as T;
}

/** The command as users start it (the built bin; the sources under tsx when it is not built). */
function sandboxCommand(args: string[]): [string, string[]] {
  return useSandboxDist
    ? [process.execPath, [binOf('sandbox'), ...args]]
    : [process.execPath, ['--import', 'tsx', `${repoRoot}packages/sandbox/src/cli.ts`, ...args]];
}

/** The sandbox's edges: tokens per client, paths as sent, the in-process fetch's origin and timeout, the bin. */
async function edgeRows(): Promise<Row[]> {
  const rows: Row[] = [];
  // The store with a cap of 1,000 live tokens per client (100,000 in the sandbox): one client issued ten times that.
  const { TokenStore } = await sandboxModule<TokenStoreModule>('tokens');
  const store = new TokenStore('A', 'bench', 3600, Date.now, 1000);
  const other = store.issue('other').token;
  const flood = Array.from({ length: 10_000 }, () => store.issue('flood').token);
  rows.push({
    benchmark: "hostile sandbox: one client issued 10× its token cap, another client's token",
    figure: `other client: ${store.check(other, 'other')}; flooding client: first ${store.check(flood[0] as string, 'flood')}, last ${store.check(flood.at(-1) as string, 'flood')}`,
    target: 'other ok; first unknown, last ok',
  });

  const { startSandbox } = await loadSandbox();
  const sandbox = await startSandbox({ port: 0 });
  try {
    const res = await fetch(`${sandbox.url}//feed/fundos/v2/fundos`);
    const { message } = (await res.json()) as { message: string };
    rows.push({
      benchmark: 'hostile sandbox: GET //feed/fundos/v2/fundos',
      figure: `${res.status}: ${message}`,
      target: '404 naming //feed/fundos/v2/fundos',
    });
  } finally {
    await sandbox.stop();
  }

  const { createInProcessSandbox } = await sandboxModule<{
    createInProcessSandbox: (o: { requestTimeoutMs?: number }) => InProcessSandbox;
  }>('in-process-default');
  const REQUEST_MS = 1000;
  const inProcess = createInProcessSandbox({ requestTimeoutMs: REQUEST_MS });
  const elsewhere = await inProcess.fetch('https://evil.example/feed/fundos/v2/fundos').then(
    (r) => `answered ${r.status}`,
    (e: Error) => `${e.name}: ${e.message}`,
  );
  rows.push({
    benchmark: 'hostile sandbox: in-process fetch asked for https://evil.example',
    figure: elsewhere,
    target: `TypeError naming ${inProcess.url}`,
  });
  const basic = Buffer.from(`${inProcess.clientId}:${inProcess.clientSecret}`).toString('base64');
  const started = performance.now();
  const endless = await inProcess.fetch(`${inProcess.url}/oauth/access-token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"grant_type":')) }),
    duplex: 'half',
  } as RequestInit);
  const took = performance.now() - started;
  rows.push({
    benchmark: 'hostile sandbox: in-process fetch with a body that never ends',
    figure: `${endless.status} after ${(took / 1000).toFixed(2)} s`,
    reference: `requestTimeoutMs ${REQUEST_MS / 1000} s`,
    ratio: (took / REQUEST_MS).toFixed(2),
    target: '408, ratio ≤ 1.1',
  });

  rows.push(await sighupRow());
  const [command, args] = sandboxCommand(['--port', '-1']);
  const negative = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
  rows.push({
    benchmark: 'hostile sandbox: assoc-feed-sandbox --port -1',
    figure: `exit ${negative.status}: ${negative.stderr.split('\n')[0]}`,
    target: 'exit 2, the range named',
  });
  return rows;
}

/** The bin serving 50 requests, then SIGHUP: how it exits, and how many of the requests its log wrote. */
async function sighupRow(): Promise<Row> {
  const [command, args] = sandboxCommand(['--port', '0']);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => {
    out += t;
  });
  child.stderr.setEncoding('utf8').on('data', (t: string) => {
    out += t;
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code === null ? `killed by ${signal}` : `exit ${code}`)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && out.includes('Press Ctrl-C')) {
        clearInterval(timer);
        resolve(m[1] as string);
      }
    }, 20);
    exited.then((how) => {
      clearInterval(timer);
      reject(new Error(`the sandbox ended (${how}) before listening:\n${out}`));
    });
  });
  const n = 50;
  for (let i = 0; i < n; i++) await (await fetch(`${url}/feed/fundos/v2/fundos?n=${i}`)).arrayBuffer();
  child.kill('SIGHUP');
  const how = await exited;
  const logged = out.match(/^GET \/feed\/fundos\/v2\/fundos\?n=\d+ /gm)?.length ?? 0;
  return {
    benchmark: `hostile sandbox: SIGHUP after ${n} requests`,
    figure: `${how}, ${logged} of ${n} requests logged${out.includes('Feed sandbox stopped.') ? ', "stopped."' : ''}`,
    target: `exit 0, ${n} of ${n}`,
  };
}

export async function sandboxRows(): Promise<Row[]> {
  return [...(await connectionRows()), ...(await bodyAndSecretRows()), ...(await edgeRows())];
}
