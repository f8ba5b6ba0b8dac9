// The load: a seeded mix of requests with the sandbox's answers, the trivial server that sends the same bytes (the
// machine's limit), and the load generator (autocannon, 10 connections) both are measured with.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E1, NOW } from './processes.ts';

export interface AutocannonResult {
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
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
export const autocannon = require('autocannon') as Autocannon;

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

export interface Answer {
  path: string;
  status: number;
  body: Buffer;
}

/**
 * The seeded mix of requests the throughput runs use, each with the sandbox's answer (status and bytes): E1 pages
 * of 4 and of 1,000 funds, details of many codes, price lists of many dates, E8 batches. Only requests the
 * sandbox answers 200 are kept, so every contender sends the same kind of answer.
 */
export async function buildMix(
  url: string,
  headers: Record<string, string>,
  funds: number,
): Promise<Answer[]> {
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
export async function startTrivialServer(answers: Answer[]): Promise<{ url: string; child: ChildProcess }> {
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

export async function load(
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

export const errorsOf = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts;
