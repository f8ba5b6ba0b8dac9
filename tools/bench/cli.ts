// CLI benchmark: `assoc-feed export` of every fund (7,231, E1) and a one-year `backfill` (2025, VNA: 252
// business days) against the sandbox, with --concurrency 1 (the reference) and 8, in the same run; the ratio is
// the speed-up. Twice: with the sandbox answering at once (a local, CPU-bound case on this machine) and with 20 ms
// added to every answer (a network round trip, what concurrency is for). Wall time of the whole CLI process
// (Node start-up included, the same in both runs), median of a few runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { loadSandbox } from './load-mock.ts';
import { median, type Row } from './measure.ts';

const NOW = '2026-11-19T21:00:00-03:00';

interface Job {
  name: string;
  args: (out: string) => string[];
}

const jobs: Job[] = [
  {
    name: 'export all 7,231 funds (E1, 8 pages)',
    args: (out) => ['export', '/feed/fundos/v2/fundos', '--out', out],
  },
  {
    name: 'backfill 2025 (VNA, 252 business days)',
    args: (out) => [
      'backfill',
      '/feed/precos-indices/v1/titulos-publicos/vna',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--out',
      out,
    ],
  },
];

/** The built bin when present, else the sources through tsx. */
function cliCommand(): string[] {
  const dist = `${repoRoot}packages/cli/dist/bin.js`;
  return existsSync(dist) ? [dist] : ['--import', 'tsx', `${repoRoot}packages/cli/src/bin.ts`];
}

export async function cliBench(runs = 5): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-cli-bench-'));
  const command = cliCommand();
  const { startSandbox } = await loadSandbox();
  try {
    for (const latencyMs of [0, 20]) {
      // The sandbox answers from this process while the CLI runs as a child (spawned, not spawnSync: this
      // event loop must stay free to answer).
      const sandbox = await startSandbox({
        port: 0,
        now: () => Date.parse(NOW),
        ...(latencyMs ? { latencyMs } : {}),
      });
      const env = {
        ...process.env,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
        FEED_BASE_URL: sandbox.url,
      };
      try {
        for (const job of jobs) {
          const time = async (concurrency: number) => {
            const seconds: number[] = [];
            for (let i = 0; i < runs; i++) {
              const out = join(dir, `out-${concurrency}.ndjson`);
              const args = [
                ...command,
                ...job.args(out),
                '--concurrency',
                String(concurrency),
                '--quiet',
                '--restart',
              ];
              const started = performance.now();
              await run(args, env);
              seconds.push((performance.now() - started) / 1000);
            }
            return median(seconds);
          };
          const one = await time(1);
          const eight = await time(8);
          rows.push({
            benchmark: `cli: ${job.name}, sandbox ${latencyMs ? `+${latencyMs} ms per answer` : 'answering at once'}`,
            figure: `--concurrency 8: ${eight.toFixed(2)} s`,
            reference: `--concurrency 1: ${one.toFixed(2)} s`,
            ratio: `${(one / eight).toFixed(2)}× speed-up`,
            target: latencyMs ? '> 1× (requests overlap)' : 'no slower (CPU-bound here)',
          });
        }
      } finally {
        await sandbox.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Runs the CLI to its end without blocking this process's event loop (the sandbox lives in it). */
async function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`assoc-feed ${args.join(' ')} exited ${code}:\n${stderr}`)),
    );
  });
}

// `tsx tools/bench/cli.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./measure.ts');
  printTable(await cliBench());
}
