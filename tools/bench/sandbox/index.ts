// Sandbox benchmark, in four steps: start-up to the first answer against Prism's and Node's floor; throughput and
// p99 on a seeded mix of requests against the machine's limit (a trivial server sending the same bytes), with the
// request log off and on; memory with the default universe and with a million funds after the same load; then a
// sustained load at 50 connections (zero errors, memory flat). Every server runs as a child process, so its RSS
// and CPU are its own.
import type { Row } from '../measure.ts';
import { memoryRows } from './memory.ts';
import { buildMix } from './mix.ts';
import { spawnSandbox, stop, token } from './processes.ts';
import { soakRows } from './soak.ts';
import { startUpRows } from './start-up.ts';
import { throughputRows } from './throughput.ts';

export interface SandboxBenchOptions {
  /** Seconds of each throughput run (default 5). */
  seconds?: number;
  /** Rounds of the throughput runs, the contenders taking turns (default 6). */
  rounds?: number;
  /**
   * Rounds of the start-ups (Prism, in process, CLI, Node's floor), taking turns (default 7: on a shared two-core
   * machine one slow start in three rounds moved the median ratio visibly).
   */
  startRounds?: number;
  /** Seconds of the sustained load (default 60; 0 leaves it out). */
  soakSeconds?: number;
}

export async function sandboxBench(options: SandboxBenchOptions = {}): Promise<Row[]> {
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 6;
  const soakSeconds = options.soakSeconds ?? 60;
  const rows = await startUpRows(options.startRounds ?? 7);
  // One sandbox with the request log off serves the throughput, memory and sustained-load steps in turn: its
  // memory after all of them is the figure the memory step compares.
  const quiet = await spawnSandbox(['--quiet']);
  try {
    const headers = { client_id: 'sandbox-client', access_token: await token(quiet.url) };
    const answers = await buildMix(quiet.url, headers, 7231);
    rows.push(...(await throughputRows(quiet, headers, answers, seconds, rounds)));
    rows.push(...(await memoryRows(quiet, headers, answers, seconds)));
    if (soakSeconds > 0) rows.push(...(await soakRows(quiet, soakSeconds)));
  } finally {
    await stop(quiet.child);
  }
  return rows;
}

// `tsx tools/bench/sandbox/index.ts [--quick]` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('../measure.ts');
  const quick = process.argv.includes('--quick');
  printTable(await sandboxBench(quick ? { seconds: 3, rounds: 2, startRounds: 2, soakSeconds: 0 } : {}));
}
