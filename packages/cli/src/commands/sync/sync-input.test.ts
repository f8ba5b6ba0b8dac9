// `assoc-feed sync`: bad input and refusals (exit 2, nothing sent or written), values that do not fit (exit 1,
// the field named), operations the plan does not include (403: skipped, or exit 1 when named), snapshots, and the
// release rules seen from outside (an intraday day is read again, a final day never). Refusals decided before
// anything is sent run `main` in this process (the checks bin.js runs, without a process start each); the first
// of them, and every run that reads or writes, run as a real process.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectExit, NOW, runCli, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import { lyingService } from '../../test-support/lying-service.js';
import { query } from '../../test-support/parquet.js';

let sandbox: RunningSandbox;
let root: string;
let requests: { path: string; query: URLSearchParams }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({
    funds: 40,
    log: (line) => {
      const m = /^GET (\S+) → (\d+)/.exec(line);
      if (!m) return;
      const url = new URL(m[1] as string, 'http://x');
      requests.push({ path: url.pathname, query: url.searchParams });
    },
  });
  root = mkdtempSync(join(tmpdir(), 'assoc-feed-sync-input-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

const env = (target: Pick<RunningSandbox, 'url' | 'clientId' | 'clientSecret'> = sandbox) => ({
  ...sandboxEnv(target),
  FEED_NOW: NOW,
});
let n = 0;
const freshDir = () => join(root, `d${++n}`);
const SELIC = ['--only', 'C/estimativa-selic', '--from', '2026-11-18', '--to', '2026-11-18'];

describe('assoc-feed sync: refused before anything is sent (exit 2)', () => {
  it.each([
    [['--only', 'nope,E8'], '--only nope matches no operation sync keeps', 'a process'],
    [['--only', 'indices-mais'], '--only indices-mais matches no operation sync keeps', 'in-process'],
    [
      ['--from', '2026-11-18', '--to', '2026-11-16'],
      '--from 2026-11-18 is after --to 2026-11-16: swap them',
      'in-process',
    ],
    [
      ['--to', '2026-11-25'],
      '--to 2026-11-25 is in the future (today is 2026-11-19 in Brasília)',
      'in-process',
    ],
    [['--from', '18/11/2026'], 'is not a date: write YYYY-MM-DD', 'in-process'],
    [['--only', ''], 'has an empty item, which names no operation', 'in-process'],
    [['--only', ','], 'has an empty item, which names no operation', 'in-process'],
    [['--only', 'E8,'], 'has an empty item, which names no operation', 'in-process'],
  ])('%j: %s (%s)', async (args, message, how) => {
    const dir = freshDir();
    const run = how === 'a process' ? runCli : runMain;
    const result = expectExit(await run(['sync', '--out-dir', dir, ...args], env()), 2);
    expect(result.stderr).toContain(message);
    expect(requests).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });

  it('a directory holding files sync did not write (in-process)', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const result = expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 2);
    expect(result.stderr).toContain('holds files sync did not write (notes.txt)');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    expect(requests).toEqual([]);
  });

  it('a manifest whose schema differs from the spec names the changed field; --restart starts over', async () => {
    const dir = freshDir();
    expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 0);
    const path = join(dir, '_sync.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    const op = manifest.operations.precosIndicesTitulosPublicosEstimativaSelic;
    op.schema = op.schema.map((f: { name: string; type: string }) =>
      f.name === 'estimativa_taxa_selic' ? { ...f, type: 'DOUBLE' } : f,
    );
    // A new version that leaves the schema as it was is no mismatch.
    manifest.writtenBy = 'assoc-feed 0.0.1';
    writeFileSync(path, JSON.stringify(manifest));
    requests = [];
    // The refusal in-process; the runs that write, as a real process.
    const result = expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 2);
    expect(result.stderr).toContain('estimativa_taxa_selic (DOUBLE then, DECIMAL(6,2) now)');
    expect(result.stderr).toContain('--restart');
    expect(requests).toEqual([]);
    expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC, '--restart'], env()), 0);
    const rows = await query(
      `SELECT typeof(estimativa_taxa_selic) AS t FROM read_parquet('${dir}/precosIndicesTitulosPublicosEstimativaSelic/**/*.parquet', hive_partitioning = true)`,
    );
    expect(rows[0]?.t).toBe('DECIMAL(6,2)');
  });

  it('an --out-dir that is a file (in-process)', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const result = expectExit(await runMain(['sync', '--out-dir', file, ...SELIC], env()), 2);
    expect(result.stderr).toContain(`--out-dir ${file} is a file`);
  });

  it('a directory another live sync is writing (its lock); a lock a killed run left is taken over', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const lock = join(dir, '_sync.lock');
    // A lock refreshed just now, by a run elsewhere (another container sharing the volume: its pid means nothing).
    writeFileSync(lock, JSON.stringify({ runId: 'r-1', pid: 4242, host: 'elsewhere' }));
    const result = expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 2);
    expect(result.stderr).toContain(
      `another assoc-feed sync (run r-1, pid 4242 on elsewhere) is writing ${dir}`,
    );
    expect(result.stderr).toContain(`remove the lock by hand (rm ${lock})`);
    expect(requests).toEqual([]);
    // Its owner stopped refreshing it two minutes ago: taken over.
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 0);
    expect(readdirSync(dir).sort()).toEqual(['_sync.json', 'precosIndicesTitulosPublicosEstimativaSelic']);
  });

  it.each([
    ['pid 1 (alive, not a sync: pids repeat after a reboot)', '1\n'],
    ['a pid no process has', '99999999\n'],
  ])('a lock of the older form holding %s is taken over (in-process)', async (_case, body) => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, '_sync.lock'), body);
    expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC], env()), 0);
    expect(existsSync(join(dir, '_sync.lock'))).toBe(false);
  });

  it.each([
    ['--out-dir empty', () => '', '--out-dir is empty'],
    [
      'a dangling link',
      () => {
        const link = join(root, `link${++n}`);
        symlinkSync(join(root, 'nowhere'), link);
        return link;
      },
      'is a symbolic link to nothing',
    ],
    [
      'a directory where the lock goes',
      () => {
        const dir = freshDir();
        mkdirSync(join(dir, '_sync.lock'), { recursive: true });
        return dir;
      },
      '_sync.lock is not a file',
    ],
  ])('%s: exit 2 with a sentence, nothing sent (in-process)', async (_case, make, message) => {
    const result = expectExit(await runMain(['sync', '--out-dir', make(), ...SELIC], env()), 2);
    expect(result.stderr).toContain(message);
    expect(requests).toEqual([]);
  });

  it('--dry-run prints the plan and neither sends nor writes (in-process)', async () => {
    const dir = freshDir();
    const result = expectExit(await runMain(['sync', '--out-dir', dir, ...SELIC, '--dry-run'], env()), 0);
    expect(result.stdout).toContain(
      'GET /feed/precos-indices/v1/titulos-publicos/estimativa-selic: 1 day to read (2026-11-18)',
    );
    expect(result.stdout).toContain('dry run: nothing was sent or written');
    expect(requests).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('assoc-feed sync: its environment (in-process)', () => {
  const base = () => sandboxEnv(sandbox);
  it('FEED_NOW without an offset is Brasília time (01:00 on the 20th there is still the 19th in UTC-less reading)', async () => {
    const dir = freshDir();
    const args = [
      'sync',
      '--out-dir',
      dir,
      '--only',
      'C/estimativa-selic',
      '--to',
      '2026-11-20',
      '--dry-run',
    ];
    const result = expectExit(await runMain(args, { ...base(), FEED_NOW: '2026-11-20T01:00:00' }), 0);
    expect(result.stdout).toContain('dry run: nothing was sent or written');
  });

  it('the older name ASSOC_FEED_NOW is still read, with a warning to rename it', async () => {
    const args = ['sync', '--out-dir', freshDir(), ...SELIC, '--dry-run'];
    const result = expectExit(await runMain(args, { ...base(), ASSOC_FEED_NOW: NOW }), 0);
    expect(result.stderr).toContain('ASSOC_FEED_NOW is an older name of FEED_NOW');
    expect(result.stdout).toContain('1 day to read (2026-11-18)');
  });

  it('a FEED_NOW that is not a date and time is refused, naming the fix', async () => {
    const result = expectExit(
      await runMain(['sync', '--out-dir', freshDir(), ...SELIC], { ...base(), FEED_NOW: 'soon' }),
      2,
    );
    expect(result.stderr).toContain('FEED_NOW="soon" is not a date and time');
  });

  it('--help lists the variables and how --only matches', async () => {
    const result = expectExit(await runMain(['sync', '--help'], base()), 0);
    expect(result.stdout).toMatch(/FEED_NOW +sync: the time its release rules are read against/);
    expect(result.stdout).toContain('FEED_DEBUG');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('an empty item is refused');
  });
});

describe('assoc-feed sync: what the service answers', () => {
  it('a value that does not fit its column stops that operation (exit 1, the field named), not the others', async () => {
    const drifted = await startTestSandbox({ funds: 40, drift: true });
    try {
      const dir = freshDir();
      const result = expectExit(
        await runMain(
          [
            'sync',
            '--out-dir',
            dir,
            '--only',
            'C/vna,C/estimativa-selic',
            '--from',
            '2026-11-18',
            '--to',
            '2026-11-18',
          ],
          env(drifted),
        ),
        1,
      );
      // The drifted answer drops a required field and sends vna as "1870,533818" (a decimal comma): the first
      // field that fails is named.
      expect(result.stderr).toMatch(/vna: titulos\[0\]\.\w+: the value \S+ does not fit its column/);
      expect(existsSync(join(dir, 'precosIndicesTitulosPublicosVna'))).toBe(false);
      expect(readdirSync(join(dir, 'precosIndicesTitulosPublicosEstimativaSelic'))).toEqual([
        'data=2026-11-18',
      ]);
    } finally {
      await drifted.stop();
    }
  });

  it('a 403 (not in the plan) is listed and skipped with exit 0; exit 1 when the operation was named in --only', async () => {
    const proxy = await lyingService(sandbox.url, ({ path }) =>
      path.endsWith('/estimativa-selic') ? undefined : { status: 403 },
    );
    try {
      const target = { ...sandbox, url: proxy.url };
      const all = expectExit(
        await runMain(
          ['sync', '--out-dir', freshDir(), '--from', '2026-11-18', '--to', '2026-11-18'],
          env(target),
        ),
        0,
      );
      expect(all.stderr).toContain('synced 1 of 36 operations');
      expect(all.stderr).toMatch(
        /skipped \(403, not in your plan\): E1, E3, E7, E8, A\/indices\/carteira-teorica-ida/,
      );
      const named = expectExit(
        await runMain(['sync', '--out-dir', freshDir(), ...SELIC.slice(2), '--only', 'E3'], env(target)),
        1,
      );
      expect(named.stderr).toContain(
        '/feed/fundos/v2/fundos/instituicoes was named in --only but the service refused it (403)',
      );
    } finally {
      await proxy.close();
    }
  });

  it('E1, E3 and E7 are snapshotted once a day, nested lists as lists of structs', async () => {
    const dir = freshDir();
    expectExit(await runMain(['sync', '--out-dir', dir, '--only', 'E1,E3,E7'], env()), 0);
    const { body } = await sandboxFetch(sandbox).json<{ totalSize: number }>('/feed/fundos/v2/fundos?size=1');
    const rows = await query(
      `SELECT count(*) AS n, min(snapshot) AS day, max(len(classes)) AS classes, typeof(any_value(classes)) AS t ` +
        `FROM read_parquet('${dir}/fundosV2ListFunds/**/*.parquet', hive_partitioning = true)`,
    );
    expect(rows[0]).toMatchObject({ n: String(body.totalSize), day: '2026-11-19' });
    expect(Number(rows[0]?.classes)).toBeGreaterThan(0);
    expect(rows[0]?.t).toMatch(/^STRUCT\(codigo_classe VARCHAR, .*\)\[\]$/);
    expect(readdirSync(join(dir, 'fundosV2ListRegistryBatch'))).toEqual(['snapshot=2026-11-19']);
    requests = [];
    const again = expectExit(await runMain(['sync', '--out-dir', dir, '--only', 'E1,E3,E7'], env()), 0);
    expect(requests).toEqual([]);
    expect(again.stderr).toContain('3 up to date');
  });

  it('a day released during the day (intraday) is read again until a later day; a final day is not', async () => {
    const dir = freshDir();
    const args = [
      'sync',
      '--out-dir',
      dir,
      '--only',
      'curva-intradiaria,mercado-secundario-TPF',
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-19',
    ];
    expectExit(await runMain(args, env()), 0);
    expect(requests.map((r) => `${r.path.split('/').pop()} ${r.query.get('data')}`).sort()).toEqual([
      'curva-intradiaria 2026-11-18',
      'curva-intradiaria 2026-11-19',
      'mercado-secundario-TPF 2026-11-18',
      'mercado-secundario-TPF 2026-11-19',
    ]);
    requests = [];
    expectExit(await runMain(args, env()), 0);
    expect(requests.map((r) => `${r.path.split('/').pop()} ${r.query.get('data')}`)).toEqual([
      'curva-intradiaria 2026-11-19',
    ]);
    // Answered the same again (a fixed clock): its file stays, so a run with nothing new writes no file.
    const manifest = JSON.parse(readFileSync(join(dir, '_sync.json'), 'utf8')) as {
      operations: Record<string, { path: string; partitions: Record<string, { file?: string }> }>;
    };
    const intraday = Object.values(manifest.operations).find((e) => e.path.endsWith('/curva-intradiaria'));
    expect(intraday?.partitions['2026-11-19']?.file).toBe('part-1.parquet');
  });
});

/** A proxy in front of the sandbox that answers 403 for the data paths `forbidden` picks. */
