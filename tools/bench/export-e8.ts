// `assoc-feed export` of the batch series (E8, paged by cursor) against the sandbox, at 100 k and 1 M series
// records, against a raw fetch-and-write baseline in the same run: the baseline follows nextCursor with a bare
// fetch and writes each record as one JSON line, nothing else (no checks, no checkpoint, no progress). Both run
// as child processes reading the same sandbox (this process), so records per second compare like with like;
// peak memory is each child's maximum resident set size, printed by a preload at exit. The goal: the CLI at
// 0.8× the baseline's rate or better, and a peak that does not grow with the number of records.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { loadSandbox } from './load-mock.ts';
import type { Row } from './measure.ts';

const NOW = '2026-11-19T21:00:00-03:00';
// Published since 2026-11-18 09:00: one day of series (11-18), one record per class or subclass of each fund.
const QUERY = 'data-atualizacao=2026-11-18T09:00:00.000';
const PATH = '/feed/fundos/v2/fundos/serie-historica/lote';
const RECORDS_PER_FUND = 1.31; // measured on the default universe (9,473 records for 7,231 funds); refined below

const PRELOAD = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));
`;

const BASELINE = `// Raw fetch-and-write: a token, then GET, follow nextCursor, one JSON line per record.
import { createWriteStream } from 'node:fs';
const [base, query, out] = process.argv.slice(2);
const basic = Buffer.from(process.env.FEED_CLIENT_ID + ':' + process.env.FEED_CLIENT_SECRET).toString('base64');
const token = await (await fetch(base + '/oauth/access-token', {
  method: 'POST',
  headers: { authorization: 'Basic ' + basic, 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'client_credentials' }),
})).json();
const headers = { client_id: process.env.FEED_CLIENT_ID, access_token: token.access_token };
const file = createWriteStream(out);
let cursor = null;
do {
  const url = base + '${PATH}?' + query + '&size=1000' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : '');
  const page = await (await fetch(url, { headers })).json();
  let chunk = '';
  for (const record of page.content) chunk += JSON.stringify(record) + '\\n';
  if (!file.write(chunk)) await new Promise((resolve) => file.once('drain', resolve));
  cursor = page.nextCursor;
} while (cursor);
await new Promise((resolve) => file.end(resolve));
`;

function cliCommand(): string[] {
  const dist = `${repoRoot}packages/cli/dist/bin.js`;
  return existsSync(dist) ? [dist] : ['--import', 'tsx', `${repoRoot}packages/cli/src/bin.ts`];
}

interface Measured {
  seconds: number;
  records: number;
  peakMb: number;
}

async function measure(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: string,
  rssFile: string,
): Promise<Measured> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}:\n${stderr}`)),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const text = readFileSync(out, 'utf8');
  let records = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) records++;
  const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024; // maxRSS is in kilobytes
  return { seconds, records, peakMb };
}

export async function exportE8Bench(sizes = [100_000, 1_000_000]): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-e8-bench-'));
  const preload = join(dir, 'rss.mjs');
  const baseline = join(dir, 'baseline.mjs');
  writeFileSync(preload, PRELOAD);
  writeFileSync(baseline, BASELINE);
  const { startSandbox } = await loadSandbox();
  const peaks: string[] = [];
  try {
    for (const target of sizes) {
      const funds = Math.min(5_000_000, Math.round(target / RECORDS_PER_FUND));
      const sandbox = await startSandbox({ port: 0, now: () => Date.parse(NOW), funds });
      const env = {
        ...process.env,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
        FEED_BASE_URL: sandbox.url,
      };
      try {
        const cliOut = join(dir, 'cli.ndjson');
        const rawOut = join(dir, 'raw.ndjson');
        const raw = await measure(
          ['--import', preload, baseline, sandbox.url, QUERY, rawOut],
          env,
          rawOut,
          join(dir, 'raw.rss'),
        );
        const cli = await measure(
          [
            '--import',
            preload,
            ...cliCommand(),
            'export',
            PATH,
            '-q',
            QUERY,
            '--out',
            cliOut,
            '--quiet',
            '--restart',
          ],
          env,
          cliOut,
          join(dir, 'cli.rss'),
        );
        if (cli.records !== raw.records)
          throw new Error(`the CLI wrote ${cli.records} records, the baseline ${raw.records}`);
        const size = statSync(cliOut).size;
        const rate = (m: Measured) => m.records / m.seconds;
        rows.push({
          benchmark: `export E8 by cursor, ${cli.records.toLocaleString('en-US')} series records (${(size / 2 ** 20).toFixed(0)} MB NDJSON)`,
          figure: `${Math.round(rate(cli)).toLocaleString('en-US')} records/s, peak ${cli.peakMb.toFixed(0)} MB`,
          reference: `raw fetch-and-write: ${Math.round(rate(raw)).toLocaleString('en-US')} records/s, peak ${raw.peakMb.toFixed(0)} MB`,
          ratio: `${(rate(cli) / rate(raw)).toFixed(2)}×`,
          target: '≥ 0.8×',
        });
        peaks.push(`${cli.records.toLocaleString('en-US')}: ${cli.peakMb.toFixed(0)} MB`);
      } finally {
        await sandbox.stop();
      }
    }
    rows.push({
      benchmark: 'export E8: CLI peak memory by number of records',
      figure: peaks.join(' · '),
      target: 'flat (does not grow with the records)',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

// `tsx tools/bench/export-e8.ts [records…]` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./measure.ts');
  const sizes = process.argv.slice(2).map(Number).filter(Number.isFinite);
  printTable(await exportE8Bench(sizes.length ? sizes : undefined));
}
