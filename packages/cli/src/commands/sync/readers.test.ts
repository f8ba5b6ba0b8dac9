// The copy as the README's pandas and Polars lines read it (pyarrow and Polars are not installed here, so their
// recipe is checked on what it relies on): the manifest names each operation's partition column, every partition
// directory is `<that column>=YYYY-MM-DD` with a real date (what a `date32` hive partitioning and Polars' date
// parsing take), the files themselves do not hold that column (a typed partitioning cannot clash with it), and the
// manifest lists the same dates. DuckDB, which is here, reads each partition column as a DATE.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, NOW, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import { describeQuery } from '../../test-support/parquet.js';
import type { Manifest } from './manifest.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const pythonBlocks = [...readme.matchAll(/^```python\n([\s\S]*?)^```/gm)].map((m) => m[1] as string);

let sandbox: RunningSandbox;
let dir: string;
let manifest: Manifest;

beforeAll(async () => {
  sandbox = await startTestSandbox({ funds: 40 });
  const root = mkdtempSync(join(tmpdir(), 'assoc-feed-readers-'));
  dir = join(root, 'copy');
  const args = [
    'sync',
    '--out-dir',
    dir,
    '--only',
    'E1,E8,mercado-secundario-TPF',
    '--from',
    '2026-11-16',
    '--to',
    '2026-11-18',
  ];
  expectExit(await runMain(args, { ...sandboxEnv(sandbox), FEED_NOW: NOW }), 0);
  manifest = JSON.parse(readFileSync(join(dir, '_sync.json'), 'utf8')) as Manifest;
}, 240_000);
afterAll(async () => {
  await sandbox?.stop();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe("the copy, as the README's pandas and Polars lines read it", () => {
  it('has a partition column per operation in the manifest, where the pandas line reads it', () => {
    const ids = Object.keys(manifest.operations).sort();
    expect(ids).toEqual([
      'fundosV2ListFunds',
      'fundosV2ListSeriesBatch',
      'precosIndicesTitulosPublicosMercadoSecundarioTpf',
    ]);
    expect(ids.map((id) => manifest.operations[id]?.partitionColumn)).toEqual([
      'snapshot',
      'data_competencia',
      'data',
    ]);
    const pandas = pythonBlocks.find((b) => b.includes('import pandas')) ?? '';
    expect(pandas).toContain('json.load(manifest)["operations"][operation_id]["partitionColumn"]');
    expect(pandas).toContain('pa.schema([(column, pa.date32())]), flavor="hive"');
    expect(pandas).toContain('read_operation("feed-copy", "fundosV2ListSeriesBatch")');
    const polars = pythonBlocks.find((b) => b.includes('import polars')) ?? '';
    expect(polars).toContain('hive_schema={"data_competencia": pl.Date}');
  });

  it('names every partition directory <column>=<a real date>, the dates the manifest lists', () => {
    for (const [id, entry] of Object.entries(manifest.operations)) {
      const dirs = readdirSync(join(dir, id)).sort();
      expect(dirs.length, id).toBeGreaterThan(0);
      const dates = dirs.map((d) => {
        const m = /^([a-z_]+)=(\d{4}-\d{2}-\d{2})$/.exec(d);
        expect(m?.[1], `${id}/${d}`).toBe(entry.partitionColumn);
        const date = m?.[2] as string;
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10), `${id}/${d}`).toBe(date);
        return date;
      });
      expect(Object.keys(entry.partitions).sort(), id).toEqual(dates);
    }
  });

  it('keeps the partition column out of the files, and DuckDB reads it as a DATE', async () => {
    for (const [id, entry] of Object.entries(manifest.operations)) {
      const files = `read_parquet('${dir}/${id}/**/*.parquet'`;
      expect(existsSync(join(dir, id)), id).toBe(true);
      const inFiles = await describeQuery(`SELECT * FROM ${files}, hive_partitioning = false)`);
      expect(Object.keys(inFiles), id).not.toContain(entry.partitionColumn);
      const withHive = await describeQuery(`SELECT * FROM ${files}, hive_partitioning = true)`);
      expect(withHive[entry.partitionColumn], id).toBe('DATE');
    }
  });
});
