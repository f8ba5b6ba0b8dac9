// Sandbox benchmark. Start-up to the first answer, in process and as a CLI process, with Node's floor (a bare
// node:http process timed the same way), each against Prism's start in the same round, rounds taking turns;
// throughput and p99 on a seeded mix of requests (E1 pages of 4 and 1,000 funds, details of many codes, price
// lists of many dates, E8 batches) against the machine's limit: a trivial node:http server in its own process
// sending the same bytes, with the same load generator (autocannon, 10 connections), the contenders taking turns
// round by round; the request log on (the CLI's default) against off, as throughput and as CPU per request;
// memory with 7,231 and 1,000,000 funds after the same load (the caches are bounded); then a sustained load at 50
// connections (zero errors, memory flat). Every server runs as a child process, so its RSS and CPU are its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '../specs/apis.ts';
import { binOf, loadMock, loadSandbox, useSandboxDist } from './load-mock.ts';
import { median, type Row } from './measure.ts';

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
  /** Seconds of each throughput run (default 5). */
  seconds?: number;
  /** Rounds of the throughput runs, the contenders taking turns (default 6). */
  rounds?: number;
  /**
   * Rounds of the start-ups (Prism, in process, CLI, Node's floor), taking turns (default 7: a round costs about a
   * second, and on a shared two-core machine one slow start in three moved the median ratio by 0.01).
   */
  startRounds?: number;
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
  /** RSS once started (nothing built yet). */
  rssAtStart: number | undefined;
  how: string;
}

/**
 * A server as a child process, timed from its spawn to its first answer: its stdout goes to a file, as
 * `assoc-feed-sandbox > sandbox.log` would (were it a pipe read here, the load generator, this process, would pay
 * for reading the request log), polled for the "listening on" line; then the first request that gets an answer.
 */
async function spawnServer(args: string[], how: string): Promise<SandboxProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-sandbox-out-'));
  const outFile = join(dir, 'stdout.log');
  const out = openSync(outFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  // If the bench dies before its own stop (an error, process.exit), the server must not outlive it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => {
    process.off('exit', orphanGuard);
    rmSync(dir, { recursive: true, force: true });
  });
  let url: string | undefined;
  while (url === undefined) {
    const text = readFileSync(outFile, 'utf8');
    url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
    if (child.exitCode !== null)
      throw new Error(`${how} exited (${child.exitCode}) before listening:\n${text}`);
    if (url === undefined) await new Promise((r) => setTimeout(r, 2));
  }
  await firstAnswer(`${url}${E1}`, {});
  return { url, child, startMs: performance.now() - started, rssAtStart: rssMb(child.pid), how };
}

/** The sandbox CLI as a child process on a free port (`--port 0`): started until its first answer. */
function spawnSandbox(extra: string[] = []): Promise<SandboxProcess> {
  const args = useSandboxDist
    ? [binOf('sandbox')]
    : ['--import', 'tsx', `${repoRoot}packages/sandbox/src/cli.ts`];
  const how = useSandboxDist
    ? `node ${relative(`${repoRoot}packages/sandbox`, binOf('sandbox'))}`
    : 'node --import tsx src/cli.ts';
  return spawnServer([...args, '--port', '0', '--now', NOW, ...extra], how);
}

/**
 * Node's floor: the least a Node process can do to answer HTTP, `node -e` with a bare node:http server (no module
 * of its own to load, nothing read), started and timed exactly as the CLI is.
 */
function spawnFloor(): Promise<SandboxProcess> {
  const server = `require('node:http').createServer((req, res) => { req.resume(); res.writeHead(401, { 'content-type': 'application/json' }); res.end('{}'); }).listen(0, '127.0.0.1', function () { process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });`;
  return spawnServer(['-e', server], 'node -e (bare node:http)');
}

/** Seconds of CPU a process has used (user + system), from Linux /proc; undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // After the command name (which may hold spaces), fields 14 and 15 of stat: utime and stime in clock ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The median of per-round ratios with their range: `0.064× (0.060–0.069)`. */
function ratioSpread(ratios: number[], digits: number): string {
  if (ratios.length === 0) return 'n/a';
  const f = (v: number) => v.toFixed(digits);
  const range = ratios.length > 1 ? ` (${f(Math.min(...ratios))}–${f(Math.max(...ratios))})` : '';
  return `${f(median(ratios))}×${range}`;
}

/** Milliseconds, median and range: `71 ms (68–75)`. */
function msSpread(values: number[]): string {
  const range =
    values.length > 1 ? ` (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})` : '';
  return `${median(values).toFixed(0)} ms${range}`;
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

/**
 * This process's fetch is loaded on its first use (undici: about 0.1 s): done before the start-ups are timed, so
 * the first one timed is not billed for the client's loading.
 */
async function warmFetch(): Promise<void> {
  const server = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A small seeded generator (mulberry32): the same mix of requests in every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  path: string;
  status: number;
  body: Buffer;
}

/**
 * The seeded mix of requests the throughput runs use, each with the sandbox's answer (status and bytes): E1 pages
 * of 4 and of 1,000 funds, details of many codes, price lists of many dates, E8 batches. Only requests the
 * sandbox answers 200 are kept, so every contender sends the same kind of answer.
 */
async function buildMix(url: string, headers: Record<string, string>, funds: number): Promise<Answer[]> {
  const random = seeded(19);
  const pick = (n: number) => Math.floor(random() * n);
  const get = async (path: string): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, { headers });
    return { path, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };
  const paths: string[] = [];
  const codes: string[] = [];
  for (let i = 0; i < 40; i++) paths.push(`${E1}?page=${pick(Math.floor(funds / 4))}&size=4`);
  for (let i = 0; i < 4; i++) paths.push(`${E1}?page=${pick(Math.floor(funds / 1000))}&size=1000`);
  for (const path of paths.slice(0, 15)) {
    // The code sits on the record, or under its `content` (both shapes the E1 record has had).
    type Fund = { codigo_fundo?: string; content?: { codigo_fundo?: string } };
    const page = JSON.parse((await get(path)).body.toString()) as { content: Fund[] };
    for (const fund of page.content) {
      const code = fund.codigo_fundo ?? fund.content?.codigo_fundo;
      if (code) codes.push(code);
    }
  }
  for (let i = 0; i < 40 && codes.length > 0; i++) paths.push(`${E1}/${codes[pick(codes.length)]}`);
  const families = [
    '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
    '/feed/precos-indices/v1/titulos-publicos/vna',
    '/feed/precos-indices/v1/titulos-publicos/curvas-juros',
    '/feed/precos-indices/v1/debentures/mercado-secundario',
  ];
  const day0 = Date.parse(NOW.slice(0, 10));
  for (let i = 0; i < 40; i++) {
    const date = new Date(day0 - (1 + pick(300)) * 86_400_000).toISOString().slice(0, 10);
    paths.push(`${families[i % families.length]}?data=${date}`);
  }
  for (let i = 0; i < 6; i++) {
    const date = new Date(day0 - (1 + pick(20)) * 86_400_000).toISOString().slice(0, 10);
    paths.push(`/feed/fundos/v2/fundos/serie-historica/lote?data-atualizacao=${date}T08:00:00.000`);
  }
  const answers: Answer[] = [];
  for (const path of paths) {
    const answer = await get(path);
    if (answer.status === 200) answers.push(answer);
  }
  // Shuffled (seeded), so the connections do not all ask for the big pages at once.
  for (let i = answers.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [answers[i], answers[j]] = [answers[j] as Answer, answers[i] as Answer];
  }
  return answers;
}

/** The machine's limit: a trivial node:http server in its own process, answering each path with given bytes. */
async function startTrivialServer(answers: Answer[]): Promise<{ url: string; child: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-trivial-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers.map((a) => [a.path, a.status, a.body.toString('base64')])));
  const server = `
const answers = new Map(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
  .map(([path, status, body]) => [path, [status, Buffer.from(body, 'base64')]]));
const missing = [404, Buffer.from('{}')];
require('node:http').createServer({ keepAlive: true }, (req, res) => {
  req.resume();
  const [status, body] = answers.get(req.url) ?? missing;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(0, '127.0.0.1', function () { process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });`;
  const child = spawn(process.execPath, ['-e', server], { stdio: ['ignore', 'pipe', 'inherit'] });
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => {
    process.off('exit', orphanGuard);
    rmSync(dir, { recursive: true, force: true });
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the trivial server exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) =>
      resolve(/listening on (\S+)/.exec(String(chunk))?.[1] as string),
    );
  });
  return { url, child };
}

async function load(
  url: string,
  answers: Answer[],
  headers: Record<string, string>,
  seconds: number,
): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: answers.map((a) => ({ method: 'GET', path: a.path, headers })),
  });
}

const errorsOf = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts;

export async function sandboxBench(options: SandboxBenchOptions = {}): Promise<Row[]> {
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 6;
  const startRounds = options.startRounds ?? 7;
  const soakSeconds = options.soakSeconds ?? 60;
  const rows: Row[] = [];

  // Start-up to the first answer, in process (what a test suite pays), as a CLI process, and Node's floor (a bare
  // node:http process, timed as the CLI is), each round against Prism's start in that round, the four taking
  // turns: the ratio is the median of the rounds' ratios, so a slow moment of a shared machine weighs on one round.
  const { startSandbox } = await loadSandbox();
  const { startMock } = await loadMock();
  await warmFetch();
  let cliHow = '';
  const starters = {
    prism: async () => {
      const started = performance.now();
      const prism = await startMock();
      await firstAnswer(`${prism.url}${E1}`, { client_id: 'bench', access_token: 'bench' });
      const ms = performance.now() - started;
      await prism.stop();
      return ms;
    },
    inProcess: async () => {
      const started = performance.now();
      const sandbox = await startSandbox({ now: () => Date.parse(NOW) });
      await firstAnswer(`${sandbox.url}${E1}`, {});
      const ms = performance.now() - started;
      await sandbox.stop();
      return ms;
    },
    cli: async () => {
      // As users start it: the request log on (the default), its stdout a file.
      const s = await spawnSandbox([]);
      cliHow = s.how;
      await stop(s.child);
      return s.startMs;
    },
    floor: async () => {
      const s = await spawnFloor();
      await stop(s.child);
      return s.startMs;
    },
  };
  type Starter = keyof typeof starters;
  const starterNames = Object.keys(starters) as Starter[];
  const startMs: Record<Starter, number[]> = { prism: [], inProcess: [], cli: [], floor: [] };
  for (let r = 0; r < startRounds; r++) {
    for (let i = 0; i < starterNames.length; i++) {
      const name = starterNames[(i + r) % starterNames.length] as Starter;
      startMs[name].push(await starters[name]());
    }
  }
  const vsPrism = (name: Starter) => startMs[name].map((ms, r) => ms / (startMs.prism[r] as number));
  const prismRef = `Prism startMock ${msSpread(startMs.prism)}`;
  const roundsNote = `median of ${startRounds} rounds, ratio per round`;
  rows.push(
    {
      benchmark: `sandbox: start-up to first answer (startSandbox, in process; ${roundsNote})`,
      figure: msSpread(startMs.inProcess),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('inProcess'), 3),
      target: '≤ 0.03×',
    },
    {
      benchmark: `sandbox: start-up to first answer (CLI process, ${cliHow}, request log on; ${roundsNote})`,
      figure: msSpread(startMs.cli),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('cli'), 3),
      target: '≤ 0.08×',
    },
    {
      benchmark: `Node's floor: start-up to first answer of a bare node:http process, timed as the CLI (${roundsNote})`,
      figure: msSpread(startMs.floor),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('floor'), 3),
      target: `(reference: the CLI is ${msSpread(startMs.cli.map((ms, r) => ms - (startMs.floor[r] as number)))} above it)`,
    },
  );

  // Throughput on the seeded mix: the trivial server (the machine's limit), the sandbox with the request log off
  // (--quiet) and on (the CLI's default, batched writes to a file), taking turns round by round. The log's cost is
  // also read as CPU per request of each sandbox process (from /proc), which the load generator sharing the two
  // cores disturbs less than it does throughput.
  const quiet = await spawnSandbox(['--quiet']);
  const logging = await spawnSandbox([]);
  const headers = { client_id: 'sandbox-client', access_token: await token(quiet.url) };
  const loggingHeaders = { client_id: 'sandbox-client', access_token: await token(logging.url) };
  const answers = await buildMix(quiet.url, headers, 7231);
  const trivial = await startTrivialServer(answers);
  const bytes = answers.reduce((n, a) => n + a.body.length, 0);
  try {
    /** A load on a server, with the CPU its process used per request answered (µs). */
    const measured = async (url: string, h: Record<string, string>, pid: number | undefined) => {
      const cpu0 = cpuSeconds(pid);
      const result = await load(url, answers, h, seconds);
      const cpu1 = cpuSeconds(pid);
      const cpuUs =
        cpu0 !== undefined && cpu1 !== undefined && result.requests.total > 0
          ? ((cpu1 - cpu0) * 1e6) / result.requests.total
          : undefined;
      return { result, cpuUs };
    };
    const contenders = {
      trivial: () => measured(trivial.url, headers, trivial.child.pid),
      quiet: () => measured(quiet.url, headers, quiet.child.pid),
      logging: () => measured(logging.url, loggingHeaders, logging.child.pid),
    };
    const names = Object.keys(contenders) as (keyof typeof contenders)[];
    // Warm-up: every request of the mix once (each sandbox fills its record cache), then a load of each (JIT).
    for (const a of answers)
      await (await fetch(`${logging.url}${a.path}`, { headers: loggingHeaders })).arrayBuffer();
    for (const name of names) await contenders[name]();
    const results: Record<string, AutocannonResult[]> = { trivial: [], quiet: [], logging: [] };
    const cpu: Record<string, number[]> = { quiet: [], logging: [] };
    const ratios: Record<string, number[]> = { quiet: [], logging: [], logCost: [], logCpu: [] };
    for (let r = 0; r < rounds; r++) {
      const round: Record<string, { result: AutocannonResult; cpuUs: number | undefined }> = {};
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + r) % names.length] as keyof typeof contenders;
        round[name] = await contenders[name]();
        results[name]?.push(round[name].result);
      }
      const rps = (name: string) => round[name]?.result.requests.average ?? 0;
      ratios.quiet?.push(rps('quiet') / rps('trivial'));
      ratios.logging?.push(rps('logging') / rps('trivial'));
      ratios.logCost?.push(rps('logging') / rps('quiet'));
      const [on, off] = [round.logging?.cpuUs, round.quiet?.cpuUs];
      if (on !== undefined && off !== undefined) {
        cpu.logging?.push(on);
        cpu.quiet?.push(off);
        ratios.logCpu?.push(on / off);
      }
    }
    const med = (name: string, f: (r: AutocannonResult) => number) => median((results[name] ?? []).map(f));
    const rps = (name: string) => `${med(name, (r) => r.requests.average).toFixed(0)} req/s`;
    const p99 = (name: string) => `p99 ${med(name, (r) => r.latency.p99).toFixed(0)} ms`;
    const errors = (name: string) => (results[name] ?? []).reduce((n, r) => n + errorsOf(r), 0);
    const cpuOf = (name: string) =>
      cpu[name]?.length ? `${median(cpu[name] ?? []).toFixed(0)} µs CPU/request` : 'n/a (no /proc)';
    const mix = `seeded mix of ${answers.length} requests (E1 size 4 and 1000, E2, price lists, E8; ${(bytes / answers.length / 1024).toFixed(1)} KiB mean), 10 connections, ${seconds} s × ${rounds} rounds`;
    rows.push(
      {
        benchmark: `machine's limit: trivial node:http server, own process, same bytes (${mix})`,
        figure: `${rps('trivial')}, ${p99('trivial')}`,
        reference: 'the same load generator',
        target: '(reference)',
      },
      {
        benchmark: 'sandbox: throughput on the mix, request log off (--quiet)',
        figure: `${rps('quiet')}, ${p99('quiet')}`,
        reference: `trivial server ${rps('trivial')}, ${p99('trivial')}`,
        ratio: ratioSpread(ratios.quiet ?? [], 2),
        target: '≥ 0.5×',
      },
      {
        benchmark:
          'sandbox: throughput on the mix, request log on (the CLI default, batched writes to a file; ratio per round)',
        figure: `${rps('logging')}, ${p99('logging')}`,
        reference: `log off ${rps('quiet')}`,
        ratio: `${ratioSpread(ratios.logCost ?? [], 2)} of log off (${median(ratios.logging ?? []).toFixed(2)}× of the limit)`,
        target: '≥ 0.90× of log off',
      },
      {
        benchmark: 'sandbox: CPU per request of the sandbox process, request log on (ratio per round)',
        figure: cpuOf('logging'),
        reference: `log off ${cpuOf('quiet')}`,
        ratio: ratioSpread(ratios.logCpu ?? [], 2),
        target: '≤ 1.11× (10% of throughput)',
      },
      {
        benchmark: 'sandbox: errors in the throughput runs',
        figure: `log off ${errors('quiet')}, log on ${errors('logging')}`,
        reference: `trivial server ${errors('trivial')}`,
        target: '0',
      },
    );
  } finally {
    await stop(trivial.child);
    await stop(logging.child);
  }

  // Memory: the caches are bounded, so a universe of 1 M funds holds about what 7,231 do after the same load.
  const big = await spawnSandbox(['--quiet', '--funds', '1000000']);
  try {
    const bigHeaders = { client_id: 'sandbox-client', access_token: await token(big.url) };
    const bigAnswers = await buildMix(big.url, bigHeaders, 1_000_000);
    await load(quiet.url, answers, headers, seconds);
    await load(big.url, bigAnswers, bigHeaders, seconds);
    const small = { start: quiet.rssAtStart, after: rssMb(quiet.child.pid) };
    const large = { start: big.rssAtStart, after: rssMb(big.child.pid) };
    const grew = (m: { start?: number | undefined; after?: number | undefined }) =>
      m.start !== undefined && m.after !== undefined ? `+${(m.after - m.start).toFixed(0)} MB` : 'n/a';
    rows.push({
      benchmark: `sandbox: RSS at start → after the mix (all its runs, then ${seconds} s more), 1,000,000 funds (caches bounded)`,
      figure: `${mb(large.start)} → ${mb(large.after)}`,
      reference: `7,231 funds ${mb(small.start)} → ${mb(small.after)}`,
      ratio: `grew ${grew(large)} vs ${grew(small)}`,
      target: 'about the same (bounded)',
    });
  } finally {
    await stop(big.child);
  }

  // Sustained load over a mix of operations: zero errors, memory flat.
  if (soakSeconds > 0) {
    try {
      rows.push(...(await soak(quiet, soakSeconds)));
    } finally {
      await stop(quiet.child);
    }
  } else await stop(quiet.child);
  return rows;
}

async function soak(sandbox: SandboxProcess, soakSeconds: number): Promise<Row[]> {
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
  return [
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
  ];
}

// `tsx tools/bench/sandbox.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./measure.ts');
  const quick = process.argv.includes('--quick');
  printTable(await sandboxBench(quick ? { seconds: 3, rounds: 2, startRounds: 2, soakSeconds: 0 } : {}));
}
