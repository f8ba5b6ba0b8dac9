// `assoc-feed sync` of one month of the default universe (every operation it keeps: E1, E3, E7 snapshots, E8 and
// document 3's dated operations) against the way the same records are fetched today with the CLI: one `backfill
// --format ndjson` per document 3 operation and one `export` per funds list (E8 from the same data-atualizacao),
// run one after another against the same sandbox (this process). Figures: wall time of each (the goal: sync at
// most 1.2× the reference), bytes on disk of the Parquet copy against the NDJSON files, and the requests a second
// sync sends when nothing is new, and the temporary disk a run takes at its peak (its spools and the Parquet files
// being written, under DIR/_tmp) against the copy it leaves. Then the same month into a bucket of an S3-compatible
// server (s3rver, the CLI tests' own, on a free port) against the local run's time, and the calls to the store of
// a second bucket run with nothing new.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { loadSandbox } from './load-mock.ts';
import type { Row } from './measure.ts';

const NOW = '2026-11-19T21:00:00-03:00';
const [FROM, TO] = ['2026-10-01', '2026-10-31'];

function cliCommand(): string[] {
  const dist = `${repoRoot}packages/cli/dist/bin.js`;
  return existsSync(dist) ? [dist] : ['--import', 'tsx', `${repoRoot}packages/cli/src/bin.ts`];
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliCommand(), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      out += c;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`assoc-feed ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

function bytesUnder(dir: string): number {
  let total = 0;
  let names: (string | Buffer)[];
  try {
    names = readdirSync(dir, { recursive: true });
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      const stat = statSync(join(dir, String(name)));
      if (stat.isFile()) total += stat.size;
    } catch {
      /* removed while listed: a spool committed */
    }
  }
  return total;
}

/** The most bytes `dir` held while `work` ran, sampled every few milliseconds. */
async function peakBytes(dir: string, work: () => Promise<unknown>): Promise<number> {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, bytesUnder(dir));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

interface S3ServerModule {
  startS3Server: (buckets: readonly string[]) => Promise<{ endpoint: string; stop: () => Promise<void> }>;
}

/** The CLI tests' S3 server, from its sources at run time (tools' type-check does not reach into the CLI's). */
async function loadS3Server(): Promise<S3ServerModule> {
  const path = `${repoRoot}packages/cli/src/test-support/s3-server.ts`;
  return (await import(path)) as S3ServerModule;
}

/** The operations sync keeps, from its own dry run (so the reference fetches exactly the same ones). */
function plannedPaths(plan: string): string[] {
  return [...plan.matchAll(/^ {2}GET (\S+):/gm)].map((m) => m[1] as string);
}

export async function syncBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-sync-bench-'));
  const { startSandbox } = await loadSandbox();
  let requests = 0;
  const sandbox = await startSandbox({
    port: 0,
    now: () => Date.parse(NOW),
    log: (line: string) => {
      if (/^GET \/feed\//.test(line)) requests++;
    },
  });
  const env = {
    ...process.env,
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    FEED_BASE_URL: sandbox.url,
    FEED_NOW: NOW,
  };
  try {
    const copy = join(dir, 'copy');
    const window = ['--from', FROM, '--to', TO];
    const paths = plannedPaths(await run(['sync', '--out-dir', copy, ...window, '--dry-run'], env));

    // The reference: the CLI's commands of today, one per operation, NDJSON files.
    const ndjson = join(dir, 'ndjson');
    mkdirSync(ndjson);
    const reference = await timed(async () => {
      for (const [i, path] of paths.entries()) {
        const out = join(ndjson, String(i));
        if (path.includes('/fundos/v2/')) {
          // E8 from the window's first day, as sync reads it; E7 whole, as sync snapshots it.
          const since = path.endsWith('/serie-historica/lote')
            ? `${FROM}T00:00:00.000`
            : path.endsWith('/dados-cadastrais/lote')
              ? '1900-01-01T00:00:00.000'
              : undefined;
          const query = since ? ['-q', `data-atualizacao=${since}`] : [];
          await run(['export', path, ...query, '--out', `${out}.ndjson`, '--quiet'], env);
        } else {
          await run(['backfill', path, ...window, '--out-dir', out, '--quiet'], env);
        }
      }
    });
    let tempPeak = 0;
    const first = await timed(async () => {
      tempPeak = await peakBytes(join(copy, '_tmp'), () =>
        run(['sync', '--out-dir', copy, ...window, '--quiet'], env),
      );
    });
    requests = 0;
    await run(['sync', '--out-dir', copy, ...window, '--quiet'], env);
    const second = requests;
    const parquetBytes = bytesUnder(copy);

    // The same month into a bucket, and a second bucket run with nothing new (its summary counts the calls).
    const s3 = await (await loadS3Server()).startS3Server(['feed-bench']);
    let bucketFirst: number;
    let bucketCalls: string;
    try {
      const s3Env = {
        ...env,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL_S3: s3.endpoint,
      };
      const bucketArgs = ['sync', '--out-dir', 's3://feed-bench/copy', ...window];
      bucketFirst = await timed(() => run([...bucketArgs, '--quiet'], s3Env));
      const out = await run([...bucketArgs, '--progress', 'none'], s3Env);
      bucketCalls = /(\d+) calls to the bucket's store/.exec(out)?.[1] ?? '?';
    } finally {
      await s3.stop();
    }
    const ndjsonBytes = bytesUnder(ndjson);
    const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
    return [
      {
        benchmark: `sync ${paths.length} operations, ${FROM}..${TO}, default universe (Parquet)`,
        figure: `${first.toFixed(1)} s`,
        reference: `backfill/export to NDJSON of the same records, one command per operation: ${reference.toFixed(1)} s`,
        ratio: `${(first / reference).toFixed(2)}×`,
        target: '≤ 1.2×',
      },
      {
        benchmark: 'sync: bytes on disk (Parquet, zstd)',
        figure: mb(parquetBytes),
        reference: `NDJSON: ${mb(ndjsonBytes)}`,
        ratio: `${(parquetBytes / ndjsonBytes).toFixed(2)}×`,
      },
      {
        benchmark: 'sync: temporary disk at its peak (DIR/_tmp) against the copy',
        figure: mb(tempPeak),
        reference: `the copy: ${mb(parquetBytes)}`,
        ratio: `${(tempPeak / parquetBytes).toFixed(2)}×`,
        target: '≤ 2×',
      },
      {
        benchmark: 'sync: requests of a second run with nothing new',
        figure: String(second),
        target: 'E8 from its last update, nothing final asked again',
      },
      {
        benchmark: `sync ${FROM}..${TO} into a bucket (s3rver on this machine, s3://…)`,
        figure: `${bucketFirst.toFixed(1)} s`,
        reference: `the same month into a local folder: ${first.toFixed(1)} s`,
        ratio: `${(bucketFirst / first).toFixed(2)}×`,
        target: '≤ 1.5×',
      },
      {
        benchmark: 'sync into a bucket: calls to the store of a second run with nothing new',
        figure: bucketCalls,
        target: 'no part uploaded; the manifest only if it changed',
      },
    ];
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx tools/bench/sync.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./measure.ts');
  printTable(await syncBench());
}
