// `assoc-feed sync --out-dir s3://bucket/prefix` against a real S3-compatible server (s3rver, started once for
// the test run on a free port): the copy read back through the S3 API (manifest first, then the parts it names)
// matches a local sync of the same window row for row; a killed run, run again, leaves the same rows and no
// leftover; a live run's lock refuses a second; an object a user put under the prefix survives every run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketEnv,
  getText,
  listKeys,
  newBucket,
  putText,
  readBucketCopy,
  s3Client,
} from '../../test-support/bucket.js';
import { expectExit, finished, NOW, sandboxEnv, spawnCli, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import { datasetContent, describeQuery } from '../../test-support/parquet.js';

const TPF_ID = 'precosIndicesTitulosPublicosMercadoSecundarioTpf';
const E8_ID = 'fundosV2ListSeriesBatch';
const ONLY = [
  '--only',
  'serie-historica/lote,mercado-secundario-TPF',
  '--from',
  '2026-11-16',
  '--to',
  '2026-11-18',
];
const PREFIX = 'feed/copy/';
const FOREIGN = `${PREFIX}${TPF_ID}/notes.txt`;

let sandbox: RunningSandbox;
let client: S3Client;
let root: string;
let local: string;
const readers: string[] = [];

const env = () => ({ ...sandboxEnv(sandbox), ...bucketEnv(), FEED_NOW: NOW });
const syncTo = (bucket: string, args: readonly string[] = ONLY) =>
  runMain(['sync', '--out-dir', `s3://${bucket}/${PREFIX}`, ...args], env());
/** The copy as a reader of the bucket sees it: every row of each operation, as text, in one order. */
async function bucketRows(bucket: string): Promise<string[][]> {
  const dir = await readBucketCopy(client, bucket, PREFIX);
  readers.push(dir);
  return [await datasetContent(dir, TPF_ID), await datasetContent(dir, E8_ID)];
}
/** The keys a manifest names (its parts and itself): what a bucket holds after a finished run, foreign aside. */
async function namedKeys(bucket: string): Promise<string[]> {
  const manifest = JSON.parse((await getText(client, bucket, `${PREFIX}_sync.json`)) as string);
  const keys = [`${PREFIX}_sync.json`];
  for (const [id, entry] of Object.entries<{
    partitionColumn: string;
    partitions: Record<string, { file?: string }>;
  }>(manifest.operations)) {
    for (const [value, p] of Object.entries(entry.partitions))
      if (p.file) keys.push(`${PREFIX}${id}/${entry.partitionColumn}=${value}/${p.file}`);
  }
  return keys.sort();
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ funds: 24 });
  client = s3Client();
  root = mkdtempSync(join(tmpdir(), 'assoc-feed-sync-bucket-'));
  local = join(root, 'local');
  expectExit(await runMain(['sync', '--out-dir', local, ...ONLY, '--quiet'], env()), 0);
});
afterAll(async () => {
  await sandbox?.stop();
  client?.destroy();
  for (const dir of [root, ...readers]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sync --out-dir s3://bucket/prefix', () => {
  let bucket: string;

  it('writes the local layout, types and rows; a second run writes no object; a foreign object stays', async () => {
    bucket = await newBucket(client, 'copy');
    await putText(client, bucket, FOREIGN, 'a note a user keeps beside the copy');
    const first = expectExit(await syncTo(bucket), 0);
    expect(first.stderr).toContain(`synced 2 of 2 operations into s3://${bucket}/feed/copy`);
    expect(first.stderr).toContain(`manifest in s3://${bucket}/feed/copy/_sync.json`);

    expect(await bucketRows(bucket)).toEqual([
      await datasetContent(local, TPF_ID),
      await datasetContent(local, E8_ID),
    ]);
    const dir = readers.at(-1) as string;
    const types = await describeQuery(
      `SELECT * FROM read_parquet('${dir}/${TPF_ID}/**/*.parquet', hive_partitioning = true)`,
    );
    expect(types.taxa_indicativa).toBe('DECIMAL(19,4)');
    expect(types.data_vencimento).toBe('DATE');
    // Exactly the manifest, the parts it names and the user's object: no lock, no temporary object.
    expect(await listKeys(client, bucket)).toEqual([...(await namedKeys(bucket)), FOREIGN].sort());

    const keys = await listKeys(client, bucket);
    const manifest = await getText(client, bucket, `${PREFIX}_sync.json`);
    const second = expectExit(await syncTo(bucket), 0);
    expect(await listKeys(client, bucket)).toEqual(keys);
    expect(await getText(client, bucket, `${PREFIX}_sync.json`)).toBe(manifest);
    // Read the manifest, take and check the lock, free it: a handful of calls, none of them a part.
    const calls = Number(/(\d+) calls to the bucket's store/.exec(second.stderr)?.[1]);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(8);
  });

  it('--dry-run reads the manifest from the bucket and writes nothing', async () => {
    const keys = await listKeys(client, bucket);
    const result = expectExit(await syncTo(bucket, [...ONLY, '--dry-run']), 0);
    expect(result.stdout).toContain(`plan: sync 2 operations into s3://${bucket}/feed/copy`);
    expect(result.stdout).toContain('mercado-secundario-TPF: 0 days to read, 3 up to date');
    expect(result.stdout).toContain(`manifest: s3://${bucket}/feed/copy/_sync.json`);
    expect(await listKeys(client, bucket)).toEqual(keys);
  });

  it('--restart --only TPF writes it again under new names, removes the old parts, keeps E8 and the foreign object', async () => {
    const before = await namedKeys(bucket);
    expectExit(
      await syncTo(bucket, [...ONLY.slice(2), '--only', 'mercado-secundario-TPF', '--restart', '--quiet']),
      0,
    );
    const after = await namedKeys(bucket);
    const tpf = (keys: string[]) => keys.filter((k) => k.includes(TPF_ID));
    const e8 = (keys: string[]) => keys.filter((k) => k.includes(E8_ID));
    expect(e8(after)).toEqual(e8(before));
    expect(tpf(after).length).toBe(tpf(before).length);
    expect(tpf(after).filter((k) => tpf(before).includes(k))).toEqual([]);
    expect(await listKeys(client, bucket)).toEqual([...after, FOREIGN].sort());
    expect((await bucketRows(bucket))[0]).toEqual(await datasetContent(local, TPF_ID));
  });

  it("a live run's lock refuses a second run; a stale lock's leftovers go, by its list and the manifest only", async () => {
    const lock = `${PREFIX}_sync.lock`;
    const body = (heartbeatAt: string, pending: string[]) =>
      JSON.stringify({
        runId: 'r-1',
        pid: 4242,
        host: 'elsewhere',
        startedAt: heartbeatAt,
        heartbeatAt,
        pending,
      });
    await putText(client, bucket, lock, body(new Date().toISOString(), []));
    const refused = expectExit(await syncTo(bucket), 2);
    expect(refused.stderr).toContain(
      `another assoc-feed sync (run r-1, pid 4242 on elsewhere) is writing s3://${bucket}/feed/copy`,
    );
    expect(refused.stderr).toContain(`remove the lock object s3://${bucket}/feed/copy/_sync.lock`);

    // A lock not refreshed for minutes: its run is gone. Of what it lists, only a part name sync writes that the
    // manifest does not name is removed: not a named part, not the user's object, nothing outside the prefix.
    const named = (await namedKeys(bucket)).find((k) => k.includes(TPF_ID)) as string;
    const orphan = `${TPF_ID}/data=2026-11-17/part-9.parquet`;
    await putText(client, bucket, `${PREFIX}${orphan}`, 'left by a killed run');
    await putText(client, bucket, 'outside.txt', 'not under the prefix');
    const pending = [
      orphan,
      named.slice(PREFIX.length),
      'notes.txt',
      `${TPF_ID}/notes.txt`,
      '../outside.txt',
    ];
    await putText(client, bucket, lock, body(new Date(Date.now() - 3600_000).toISOString(), pending));
    expectExit(await syncTo(bucket, [...ONLY, '--quiet']), 0);
    expect(await listKeys(client, bucket)).toEqual(
      [...(await namedKeys(bucket)), FOREIGN, 'outside.txt'].sort(),
    );
    expect((await namedKeys(bucket)).includes(named)).toBe(true);
  });

  it('a run whose lock another run took over stops before its manifest and says so: exit 1, no manifest', async () => {
    const takenBucket = await newBucket(client, 'taken');
    const lock = `${PREFIX}_sync.lock`;
    // Slow answers: the run is still reading when its lock is overwritten (it checks the lock before its manifest).
    const slow = await startTestSandbox({ funds: 24, latencyMs: 400 });
    try {
      let done = false;
      const run = runMain(
        ['sync', '--out-dir', `s3://${takenBucket}/${PREFIX}`, ...ONLY, '-c', '1', '--quiet'],
        {
          ...sandboxEnv(slow),
          ...bucketEnv(),
          FEED_NOW: NOW,
        },
      ).finally(() => {
        done = true;
      });
      while ((await getText(client, takenBucket, lock)) === undefined)
        await new Promise((r) => setTimeout(r, 10));
      const now = new Date().toISOString();
      const other = {
        runId: 'r-2',
        pid: 4343,
        host: 'elsewhere',
        startedAt: now,
        heartbeatAt: now,
        pending: [],
      };
      await putText(client, takenBucket, lock, JSON.stringify(other));
      expect(done).toBe(false);
      const result = await run;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('another assoc-feed sync took over the lock');
      expect(await getText(client, takenBucket, `${PREFIX}_sync.json`)).toBeUndefined();
      expect(JSON.parse((await getText(client, takenBucket, lock)) as string).runId).toBe('r-2');
    } finally {
      await slow.stop();
    }
  });

  it('a run killed (SIGKILL) after its first part, run again, leaves the rows of an uninterrupted run and no leftover', async () => {
    const killedBucket = await newBucket(client, 'killed');
    // Answers are slowed so the run is still going when its first part lands (the rerun reads everything again:
    // the killed run wrote no manifest).
    const slow = await startTestSandbox({ funds: 24, latencyMs: 100 });
    try {
      const args = ['sync', '--out-dir', `s3://${killedBucket}/${PREFIX}`, ...ONLY, '-c', '1', '--quiet'];
      const slowEnv = { ...sandboxEnv(slow), ...bucketEnv(), FEED_NOW: NOW };
      const child = spawnCli(args, slowEnv);
      const done = finished(child);
      for (;;) {
        const keys = await listKeys(client, killedBucket);
        if (keys.some((k) => k.endsWith('.parquet'))) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      child.kill('SIGKILL');
      expect((await done).signal).toBe('SIGKILL');
      expect(await getText(client, killedBucket, `${PREFIX}_sync.json`)).toBeUndefined();
      // The rerun reads only what the killed process left in the bucket: the same command, run in this process.
      expectExit(await runMain(args, slowEnv), 0);
      expect(await bucketRows(killedBucket)).toEqual([
        await datasetContent(local, TPF_ID),
        await datasetContent(local, E8_ID),
      ]);
      expect(await listKeys(client, killedBucket)).toEqual(await namedKeys(killedBucket));
    } finally {
      await slow.stop();
    }
  });

  it.each([
    [
      'a bucket that does not exist',
      's3://no-such-bucket-here/feed',
      {},
      1,
      /s3:\/\/no-such-bucket-here\/feed\/_sync\.json: NoSuchBucket \(HTTP 404\)/,
    ],
    [
      'a store that cannot be reached',
      's3://some-bucket/feed',
      { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9' },
      1,
      /could not be reached \(ECONNREFUSED\)/,
    ],
    ['a location without a bucket name', 's3:///feed', {}, 2, /does not name a bucket/],
    ['a prefix with a ".." component', 's3://some-bucket/feed/../x', {}, 2, /no "\." or "\.\." component/],
    [
      'an endpoint holding a password',
      's3://some-bucket/feed',
      { AWS_ENDPOINT_URL_S3: 'http://u:pw-secret@127.0.0.1:9' },
      2,
      /holds a user name or password/,
    ],
  ])('%s: the exit code and the store named, no secret', async (_case, outDir, extra, code, message) => {
    const result = expectExit(
      await runMain(['sync', '--out-dir', outDir, ...ONLY], { ...env(), ...extra }),
      code,
    );
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain(bucketEnv().AWS_SECRET_ACCESS_KEY);
    expect(result.stderr).not.toContain('pw-secret');
  });
});
