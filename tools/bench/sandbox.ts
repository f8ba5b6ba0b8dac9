// Sandbox benchmark: the stateful sandbox against Prism's static mock, in one run, on the same operation (the v2
// fund list, E1) with answers of similar size (the sandbox's page size is chosen so its body is the nearest to
// Prism's example): throughput and p99 with autocannon (10 connections), start-up to
// the first answer, memory (RSS) before and after; then a 60-second load at 50 connections over a mix of
// operations (zero errors, memory flat). Both servers run as child processes so their RSS is their own.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { repoRoot } from '../specs/apis.ts';
import { loadMock, loadSandbox, useSandboxDist } from './load-mock.ts';
import type { Row } from './measure.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const NOW = '2026-11-19T21:00:00-03:00';
const E1 = '/feed/fundos/v2/fundos';

export interface SandboxBenchOptions {
  /** Seconds of each throughput run (default 8). */
  seconds?: number;
  /** Seconds of the sustained load (default 60). */
  soakSeconds?: number;
}

/** Resident set size of a process in MB (Linux /proc; undefined elsewhere). */
function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A child process of this one whose command line contains `text` (Linux /proc; undefined elsewhere). */
function childPid(text: string): number | undefined {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text))
          return Number(entry);
      } catch {
        /* process gone */
      }
    }
  } catch {
    /* no /proc */
  }
  return undefined;
}

const mb = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} MB`);

async function firstAnswer(url: string, headers: Record<string, string>, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface SandboxProcess {
  url: string;
  child: ChildProcess;
  startMs: number;
  how: string;
}

/** The sandbox CLI as a child process on a free port (`--port 0`): started until its first answer. */
async function spawnSandbox(extra: string[] = []): Promise<SandboxProcess> {
  const args = useSandboxDist
    ? [`${repoRoot}packages/sandbox/dist/cli.js`]
    : ['--import', 'tsx', `${repoRoot}packages/sandbox/src/cli.ts`];
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--port', '0', '--quiet', '--now', NOW, ...extra], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // If the bench dies before its own stop (an error, process.exit), the sandbox must not outlive it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening:\n${out}`)));
  });
  child.stdout?.resume();
  await firstAnswer(`${url}/feed/fundos/v2/fundos`, {});
  return {
    url,
    child,
    startMs: performance.now() - started,
    how: useSandboxDist ? 'node dist/cli.js' : 'node --import tsx src/cli.ts',
  };
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/access-token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

async function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  return (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
}

export async function sandboxBench(options: SandboxBenchOptions = {}): Promise<Row[]> {
  const seconds = options.seconds ?? 8;
  const soakSeconds = options.soakSeconds ?? 60;
  const rows: Row[] = [];

  const { startSandbox } = await loadSandbox();
  const { startMock } = await loadMock();
  // Start-up, in process (what a test suite pays) and as a CLI process, against Prism's start-up.
  let started = performance.now();
  const inProcess = await startSandbox({ now: () => Date.parse(NOW) });
  await firstAnswer(`${inProcess.url}/feed/fundos/v2/fundos`, {});
  const inProcessMs = performance.now() - started;
  await inProcess.stop();

  const sandbox = await spawnSandbox();
  started = performance.now();
  const prism = await startMock();
  await firstAnswer(`${prism.url}${E1}`, { client_id: 'bench', access_token: 'bench' });
  const prismStartMs = performance.now() - started;
  const prismPid = childPid('prism');

  try {
    const sandboxHeaders = { client_id: 'sandbox-client', access_token: await token(sandbox.url) };
    const prismHeaders = { client_id: 'bench', access_token: 'bench' };
    // Prism answers the spec's example whatever the page size; the sandbox's size is matched to its bytes.
    const prismUrl = `${prism.url}${E1}?size=1`;
    const prismBytes = await bodySize(prismUrl, prismHeaders);
    let sandboxSize = 1;
    let sandboxBytes = await bodySize(`${sandbox.url}${E1}?size=1`, sandboxHeaders);
    for (let size = 2; size <= 50; size++) {
      const bytes = await bodySize(`${sandbox.url}${E1}?size=${size}`, sandboxHeaders);
      if (Math.abs(bytes - prismBytes) >= Math.abs(sandboxBytes - prismBytes)) break;
      sandboxSize = size;
      sandboxBytes = bytes;
    }
    const sandboxUrl = `${sandbox.url}${E1}?size=${sandboxSize}`;

    const sandboxRss0 = rssMb(sandbox.child.pid);
    const prismRss0 = rssMb(prismPid);
    // Warm-up, then the measured runs (Prism first, so the sandbox does not profit from a cooler machine).
    await autocannon({ url: prismUrl, connections: 10, duration: 2, headers: prismHeaders });
    await autocannon({ url: sandboxUrl, connections: 10, duration: 2, headers: sandboxHeaders });
    const p = await autocannon({
      url: prismUrl,
      connections: 10,
      duration: seconds,
      headers: prismHeaders,
    });
    const s = await autocannon({
      url: sandboxUrl,
      connections: 10,
      duration: seconds,
      headers: sandboxHeaders,
    });
    const sandboxRss1 = rssMb(sandbox.child.pid);
    const prismRss1 = rssMb(prismPid);

    const op = `E1 list, ${sandboxBytes} B (size=${sandboxSize}) vs ${prismBytes} B, 10 connections, ${seconds} s`;
    rows.push(
      {
        benchmark: `sandbox: throughput (${op})`,
        figure: `${s.requests.average.toFixed(0)} req/s`,
        reference: `Prism static ${p.requests.average.toFixed(0)} req/s`,
        ratio: `${(s.requests.average / p.requests.average).toFixed(2)}×`,
        target: '≥ 3×',
      },
      {
        benchmark: 'sandbox: p99 latency (same run)',
        figure: `${s.latency.p99} ms`,
        reference: `Prism static ${p.latency.p99} ms`,
        ratio: `${(s.latency.p99 / Math.max(p.latency.p99, 1e-9)).toFixed(2)}×`,
        target: '≤ 0.33×',
      },
      {
        benchmark: 'sandbox: errors in the throughput runs',
        figure: `${s.non2xx + s.errors + s.timeouts} of ${s.requests.total}`,
        reference: `Prism ${p.non2xx + p.errors + p.timeouts} of ${p.requests.total}`,
        target: '0',
      },
      {
        benchmark: 'sandbox: start-up to first answer (startSandbox, in process)',
        figure: `${(inProcessMs / 1000).toFixed(3)} s`,
        reference: `Prism startMock ${(prismStartMs / 1000).toFixed(3)} s`,
        ratio: `${(inProcessMs / prismStartMs).toFixed(2)}×`,
        target: '≤ 0.5 s',
      },
      {
        benchmark: `sandbox: start-up to first answer (CLI process, ${sandbox.how})`,
        figure: `${(sandbox.startMs / 1000).toFixed(3)} s`,
        reference: `Prism startMock ${(prismStartMs / 1000).toFixed(3)} s`,
        ratio: `${(sandbox.startMs / prismStartMs).toFixed(2)}×`,
        target: '≤ 0.5 s',
      },
      {
        benchmark: 'sandbox: RSS before → after the throughput run',
        figure: `${mb(sandboxRss0)} → ${mb(sandboxRss1)}`,
        reference: `Prism ${mb(prismRss0)} → ${mb(prismRss1)}`,
        ratio: sandboxRss1 && prismRss1 ? `${(sandboxRss1 / prismRss1).toFixed(2)}×` : '',
        target: 'lower than Prism',
      },
    );
  } finally {
    await prism.stop();
  }

  // Sustained load over a mix of operations: zero errors, memory flat.
  try {
    const headers = { client_id: 'sandbox-client', access_token: await token(sandbox.url) };
    const mix = [
      '/feed/fundos/v2/fundos?page=3&size=100',
      '/feed/fundos/v2/fundos?tipo-fundo=FII&size=50',
      '/feed/fundos/v2/fundos/F0000100007',
      '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2026-11-12T00:00:00.000&size=20',
      '/feed/fundos/v1/fundos-estruturados?size=50&classe-assoc=FII&classe-assoc=FIDC',
      '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
      '/feed/precos-indices/v1/titulos-publicos/curvas-juros?data=2026-10-29',
      '/feed/precos-indices/v2/ima-etf/composicao-diaria?etf=IMA_B5_MAIS',
      '/feed/fundos/v2/fundos?page=99999',
    ];
    const samples: number[] = [];
    const rss0 = rssMb(sandbox.child.pid);
    const timer = setInterval(() => {
      const v = rssMb(sandbox.child.pid);
      if (v !== undefined) samples.push(v);
    }, 5000);
    const load = await autocannon({
      url: sandbox.url,
      connections: 50,
      duration: soakSeconds,
      requests: mix.map((path) => ({ method: 'GET', path, headers })),
    });
    clearInterval(timer);
    const rss1 = rssMb(sandbox.child.pid);
    // The last request of the mix answers 404 by design (a page past the last): every answer must be that
    // 404 or a 200, and the 404s no more than that request's share.
    const byStatus = Object.fromEntries(
      Object.entries(load.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
    ) as Record<string, number>;
    const ok = byStatus['200'] ?? 0;
    const notFound = byStatus['404'] ?? 0;
    const share404 = Math.ceil(load.requests.total / mix.length) + 50;
    const unexpected =
      load.errors + load.timeouts + (load.requests.total - ok - notFound) + Math.max(0, notFound - share404);
    const statuses = Object.entries(byStatus)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    rows.push(
      {
        benchmark: `sandbox: ${soakSeconds} s load, 50 connections, mix of ${mix.length} operations`,
        figure: `${load.requests.total} requests, ${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms`,
        reference: `errors ${load.errors}, timeouts ${load.timeouts}; ${statuses} (404 by design: 1 in ${mix.length})`,
        target: 'zero errors',
        ratio: unexpected === 0 ? 'ok' : `${unexpected} unexpected`,
      },
      {
        // The heap grows to its working size in the first seconds; "flat" is judged from there to the end.
        benchmark: `sandbox: RSS over the ${soakSeconds} s load (start → after 10 s → end)`,
        figure: `${mb(rss0)} → ${mb(samples[1])} → ${mb(rss1)} (max ${mb(samples.length ? Math.max(...samples) : undefined)})`,
        target: 'flat after warm-up',
        ratio: samples[1] && rss1 ? `${(rss1 / samples[1]).toFixed(2)}× of the 10 s figure` : '',
      },
    );
  } finally {
    await stop(sandbox.child);
  }
  return rows;
}

// `tsx tools/bench/sandbox.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./measure.ts');
  const quick = process.argv.includes('--quick');
  printTable(await sandboxBench(quick ? { seconds: 3, soakSeconds: 10 } : {}));
}
