// Client benchmark (a): 2,000 sequential GETs to a local node:http server on 127.0.0.1, through
// createFeedClient, against the same 2,000 GETs with the global fetch alone (same URL, same two auth headers, the
// JSON parsed) in the same run. openapi-fetch alone (same headers, no middleware) runs too, to show what the base
// the clients are built on costs by itself. The server is a child process, so its work is billed to no client.
// The contenders take turns round by round; each ratio is the median of the per-round ratios, which follows the
// machine's load from round to round better than a ratio of medians does.
import { type ChildProcess, spawn } from 'node:child_process';
import createClient from 'openapi-fetch';
import { type FeedClientLike, type LooseClient, loadFeedClient } from './client-modules.ts';
import { median, type Row } from './measure.ts';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const CODE = 'F0000254851';

// The server answers the flow A token request and, for anything else, the same small fund record.
const SERVER = `
const body = JSON.stringify({ content: { codigo_fundo: '${CODE}', razao_social_fundo: 'AURORA FIF', tipo_fundo: 'FIF' } });
const token = JSON.stringify({ access_token: 'tok-bench-0123456789', token_type: 'Bearer', expires_in: 3600 });
require('node:http')
  .createServer({ keepAlive: true }, (req, res) => {
    const out = req.url === '/oauth/access-token' ? token : body;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  })
  .listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

/** The bench server as a child process on 127.0.0.1 (a free port); kill `child` when done. */
export async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export interface HttpBenchOptions {
  /** GETs per round (default 2000). */
  calls?: number;
  /** Rounds per contender, taking turns (default 7). */
  rounds?: number;
}

export async function clientHttpBench(options: HttpBenchOptions = {}): Promise<Row[]> {
  const calls = options.calls ?? 2000;
  const rounds = options.rounds ?? 7;
  const { createFeedClient } = await loadFeedClient();
  const server = await startServer();
  try {
    const credentials = { clientId: 'bench-client', clientSecret: 'bench-secret', baseUrl: server.url };
    const headers = { client_id: 'bench-client', access_token: 'tok-bench-0123456789' };
    const rawUrl = `${server.url}/feed/fundos/v2/fundos/${CODE}`;
    const params = { path: { codigo_fundo_ou_classe_ou_subclasse: CODE } };

    const raw = async () => {
      for (let i = 0; i < calls; i++) {
        const response = await fetch(rawUrl, { headers });
        if (!response.ok || !(await response.json())) throw new Error('raw fetch: no answer');
      }
    };
    // What network cancellation costs Node's fetch by itself: the same raw GET handed a fresh AbortSignal, as the
    // client's deadline must (undici listens on it and registers it for clean-up, per request).
    const rawSignal = async () => {
      for (let i = 0; i < calls; i++) {
        const response = await fetch(rawUrl, { headers, signal: new AbortController().signal });
        if (!response.ok || !(await response.json())) throw new Error('raw fetch with a signal: no answer');
      }
    };
    // Untyped here (tools cannot see the generated paths); the same call as the clients make.
    const plain = createClient({ baseUrl: server.url }) as unknown as LooseClient;
    const openapiFetch = async () => {
      for (let i = 0; i < calls; i++) {
        const { data } = await plain.GET(DETAIL, { params, headers });
        if (!data) throw new Error('openapi-fetch alone: no answer');
      }
    };
    const through = (feed: FeedClientLike) => async () => {
      for (let i = 0; i < calls; i++) {
        const { data } = await feed.fundosV2.GET(DETAIL, { params });
        if (!data) throw new Error('createFeedClient: no answer');
      }
    };
    const contenders = {
      raw,
      rawSignal,
      openapiFetch,
      // The default: a 30 s deadline, so every request carries an AbortSignal that can cancel it.
      client: through(createFeedClient(credentials)),
      // No deadline and no caller signal: nothing can abort, so no signal is made or handed to fetch.
      unbounded: through(createFeedClient({ ...credentials, timeoutMs: Number.POSITIVE_INFINITY })),
    };
    const names = Object.keys(contenders) as (keyof typeof contenders)[];
    const times: Record<string, number[]> = {
      raw: [],
      rawSignal: [],
      openapiFetch: [],
      client: [],
      unbounded: [],
    };
    const ratios: Record<string, number[]> = {
      rawSignal: [],
      openapiFetch: [],
      client: [],
      unbounded: [],
      overBase: [],
      unboundedOverBase: [],
    };
    // CPU time of this process (the clients; the server is a child): steadier than the wall clock on a shared
    // machine, since it leaves out the time other processes held the CPU.
    const cpu: Record<string, number[]> = {
      raw: [],
      rawSignal: [],
      openapiFetch: [],
      client: [],
      unbounded: [],
    };

    for (const name of names) await contenders[name](); // warm-up: JIT, keep-alive connections, the token
    for (let r = 0; r < rounds; r++) {
      // Rotate the order, so no contender always runs right after the same other one.
      const order = names.map((_, i) => names[(i + r) % names.length] as keyof typeof contenders);
      const round: Record<string, number> = {};
      for (const name of order) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        await contenders[name]();
        const used = process.cpuUsage(startCpu);
        round[name] = performance.now() - start;
        times[name]?.push(round[name]);
        cpu[name]?.push((used.user + used.system) / calls);
      }
      for (const name of ['rawSignal', 'openapiFetch', 'client', 'unbounded']) {
        ratios[name]?.push((round[name] ?? 0) / (round.raw ?? 1));
      }
      ratios.overBase?.push((round.client ?? 0) / (round.openapiFetch ?? 1));
      ratios.unboundedOverBase?.push((round.unbounded ?? 0) / (round.openapiFetch ?? 1));
    }
    const ms = (name: string) => median(times[name] ?? []);
    const cpuUs = (name: string) => median(cpu[name] ?? []);
    const perCall = (name: string) =>
      `${((ms(name) * 1000) / calls).toFixed(0)} µs/GET, CPU ${cpuUs(name).toFixed(0)} µs`;
    const reference = `raw fetch ${ms('raw').toFixed(0)} ms (${perCall('raw')})`;
    const cpuOf: Record<string, string> = { overBase: 'client', unboundedOverBase: 'unbounded' };
    const ratio = (name: string, over = 'raw') =>
      `${median(ratios[name] ?? []).toFixed(3)}× (CPU ${(cpuUs(cpuOf[name] ?? name) / cpuUs(over)).toFixed(2)}×)`;
    return [
      {
        benchmark: `client (a): ${calls} sequential GETs to 127.0.0.1, createFeedClient (30 s deadline), ${rounds} rounds`,
        figure: `${ms('client').toFixed(0)} ms (${perCall('client')})`,
        reference,
        ratio: ratio('client'),
        target: '≤ 1.10×',
      },
      {
        benchmark: `client (a'): the same with timeoutMs: Infinity (no AbortSignal per request)`,
        figure: `${ms('unbounded').toFixed(0)} ms (${perCall('unbounded')})`,
        reference,
        ratio: ratio('unbounded'),
        target: '',
      },
      {
        benchmark: `client (a''): openapi-fetch alone, no middleware (the base of the clients)`,
        figure: `${ms('openapiFetch').toFixed(0)} ms (${perCall('openapiFetch')})`,
        reference,
        ratio: ratio('openapiFetch'),
        target: '',
      },
      {
        benchmark: `client (a'''): createFeedClient over openapi-fetch alone`,
        figure: `${ms('client').toFixed(0)} ms`,
        reference: `openapi-fetch alone ${ms('openapiFetch').toFixed(0)} ms`,
        ratio: ratio('overBase', 'openapiFetch'),
        target: '≤ 1.06×',
      },
      {
        benchmark: `client (a''''): the same with timeoutMs: Infinity, over openapi-fetch alone (the client without the signal)`,
        figure: `${ms('unbounded').toFixed(0)} ms`,
        reference: `openapi-fetch alone ${ms('openapiFetch').toFixed(0)} ms`,
        ratio: ratio('unboundedOverBase', 'openapiFetch'),
        target: '',
      },
      {
        benchmark: `Node's fetch alone with a fresh AbortSignal per GET (what network cancellation costs by itself)`,
        figure: `${ms('rawSignal').toFixed(0)} ms (${perCall('rawSignal')})`,
        reference,
        ratio: ratio('rawSignal'),
        target: '',
      },
    ];
  } finally {
    server.child.kill();
  }
}
