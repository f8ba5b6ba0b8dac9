// Throughput on the seeded mix: the trivial server (the machine's limit), the sandbox with the request log off
// (--quiet) and on (the CLI's default, batched writes to a file), taking turns round by round. The log's cost is
// also read as CPU per request of each sandbox process (from /proc), which the load generator sharing the two
// cores disturbs less than it does throughput.
import { median, type Row } from '../measure.ts';
import { ratioSpread } from './format.ts';
import { type Answer, type AutocannonResult, errorsOf, load, startTrivialServer } from './mix.ts';
import { cpuSeconds, type SandboxProcess, spawnSandbox, stop, token } from './processes.ts';

type Contender = 'trivial' | 'quiet' | 'logging';
interface Measured {
  result: AutocannonResult;
  /** CPU the server's process used per request answered, in microseconds (undefined without /proc). */
  cpuUs: number | undefined;
}
type Contenders = Record<Contender, () => Promise<Measured>>;

interface Rounds {
  results: Record<Contender, AutocannonResult[]>;
  cpu: { quiet: number[]; logging: number[] };
  ratios: { quiet: number[]; logging: number[]; logCost: number[]; logCpu: number[] };
}

/** A load on a server, with the CPU its process used per request answered. */
async function measured(
  url: string,
  answers: Answer[],
  headers: Record<string, string>,
  pid: number | undefined,
  seconds: number,
): Promise<Measured> {
  const cpu0 = cpuSeconds(pid);
  const result = await load(url, answers, headers, seconds);
  const cpu1 = cpuSeconds(pid);
  const cpuUs =
    cpu0 !== undefined && cpu1 !== undefined && result.requests.total > 0
      ? ((cpu1 - cpu0) * 1e6) / result.requests.total
      : undefined;
  return { result, cpuUs };
}

/** The contenders take turns, each round in another order; each round's ratios are taken within the round. */
async function takeTurns(contenders: Contenders, rounds: number): Promise<Rounds> {
  const names = Object.keys(contenders) as Contender[];
  const results: Rounds['results'] = { trivial: [], quiet: [], logging: [] };
  const cpu: Rounds['cpu'] = { quiet: [], logging: [] };
  const ratios: Rounds['ratios'] = { quiet: [], logging: [], logCost: [], logCpu: [] };
  for (let r = 0; r < rounds; r++) {
    const round: Partial<Record<Contender, Measured>> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length] as Contender;
      const measure = await contenders[name]();
      round[name] = measure;
      results[name].push(measure.result);
    }
    const rps = (name: Contender) => round[name]?.result.requests.average ?? 0;
    ratios.quiet.push(rps('quiet') / rps('trivial'));
    ratios.logging.push(rps('logging') / rps('trivial'));
    ratios.logCost.push(rps('logging') / rps('quiet'));
    const [on, off] = [round.logging?.cpuUs, round.quiet?.cpuUs];
    if (on !== undefined && off !== undefined) {
      cpu.logging.push(on);
      cpu.quiet.push(off);
      ratios.logCpu.push(on / off);
    }
  }
  return { results, cpu, ratios };
}

function throughputTable({ results, cpu, ratios }: Rounds, mix: string): Row[] {
  const med = (name: Contender, f: (r: AutocannonResult) => number) => median(results[name].map(f));
  const rps = (name: Contender) => `${med(name, (r) => r.requests.average).toFixed(0)} req/s`;
  const p99 = (name: Contender) => `p99 ${med(name, (r) => r.latency.p99).toFixed(0)} ms`;
  const errors = (name: Contender) => results[name].reduce((n, r) => n + errorsOf(r), 0);
  const cpuOf = (name: 'quiet' | 'logging') =>
    cpu[name].length ? `${median(cpu[name]).toFixed(0)} µs CPU/request` : 'n/a (no /proc)';
  return [
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
      ratio: ratioSpread(ratios.quiet, 2),
      target: '≥ 0.5×',
    },
    {
      benchmark:
        'sandbox: throughput on the mix, request log on (the CLI default, batched writes to a file; ratio per round)',
      figure: `${rps('logging')}, ${p99('logging')}`,
      reference: `log off ${rps('quiet')}`,
      ratio: `${ratioSpread(ratios.logCost, 2)} of log off (${median(ratios.logging).toFixed(2)}× of the limit)`,
      target: '≥ 0.90× of log off',
    },
    {
      benchmark: 'sandbox: CPU per request of the sandbox process, request log on (ratio per round)',
      figure: cpuOf('logging'),
      reference: `log off ${cpuOf('quiet')}`,
      ratio: ratioSpread(ratios.logCpu, 2),
      target: '≤ 1.11× (10% of throughput)',
    },
    {
      benchmark: 'sandbox: errors in the throughput runs',
      figure: `log off ${errors('quiet')}, log on ${errors('logging')}`,
      reference: `trivial server ${errors('trivial')}`,
      target: '0',
    },
  ];
}

/**
 * The throughput rows. `quiet` is the sandbox with the request log off, started by the caller (the memory and
 * sustained-load steps use it after); the one with the log on and the trivial server live for this step only.
 */
export async function throughputRows(
  quiet: SandboxProcess,
  headers: Record<string, string>,
  answers: Answer[],
  seconds: number,
  rounds: number,
): Promise<Row[]> {
  const logging = await spawnSandbox([]);
  const trivial = await startTrivialServer(answers);
  try {
    const loggingHeaders = { client_id: 'sandbox-client', access_token: await token(logging.url) };
    const contenders: Contenders = {
      trivial: () => measured(trivial.url, answers, headers, trivial.child.pid, seconds),
      quiet: () => measured(quiet.url, answers, headers, quiet.child.pid, seconds),
      logging: () => measured(logging.url, answers, loggingHeaders, logging.child.pid, seconds),
    };
    // Warm-up: every request of the mix once (each sandbox fills its record cache), then a load of each (JIT).
    for (const a of answers)
      await (await fetch(`${logging.url}${a.path}`, { headers: loggingHeaders })).arrayBuffer();
    for (const contender of Object.values(contenders)) await contender();
    const bytes = answers.reduce((n, a) => n + a.body.length, 0);
    const mix = `seeded mix of ${answers.length} requests (E1 size 4 and 1000, E2, price lists, E8; ${(bytes / answers.length / 1024).toFixed(1)} KiB mean), 10 connections, ${seconds} s × ${rounds} rounds`;
    return throughputTable(await takeTurns(contenders, rounds), mix);
  } finally {
    await stop(trivial.child);
    await stop(logging.child);
  }
}
