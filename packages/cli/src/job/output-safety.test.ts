// What the command line does to files it did not write, or that a killed run left: it resumes whatever the
// spelling of --out, never truncates a file no checkpoint accounts for, never writes through a symbolic link,
// cleans its temporary files, and says the truth when interrupted. None of it depends on the size of the list:
// a sandbox of 600 funds, read 50 a page from slow answers, gives a run long enough to kill mid-way (the 7,231
// funds of the full sandbox are exported whole in export.test.ts and killed and resumed in resume.test.ts).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, finished, runCli, sandboxEnv, spawnCli, startTestSandbox } from '../test-support/cli.js';
import { runMain } from '../test-support/in-process.js';

let sandbox: RunningSandbox;
let dir: string;
/** What an uninterrupted run writes: the output every resumed run must equal. */
let reference: string;

const FUNDS = 600;
const V2 = '/feed/fundos/v2/fundos';
// 12 pages, two in flight, each answered after 60 ms: a run lasts at least 360 ms on any machine, so a kill at a
// quarter of it lands mid-run. Few requests a run: most of a run's cost is per request, not per record.
const exportArgs = (out: string) => ['export', V2, '-q', 'size=50', '--out', out, '-c', '2'];
const KILL_AFTER = 150;

beforeAll(async () => {
  sandbox = await startTestSandbox({ funds: FUNDS, latencyMs: 60 });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-safety-'));
  const out = join(dir, 'reference.ndjson');
  expectExit(await runMain([...exportArgs(out), '--quiet'], sandboxEnv(sandbox)), 0);
  reference = readFileSync(out, 'utf8');
  expect(reference.trim().split('\n')).toHaveLength(FUNDS);
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function savedRecords(path: string): number {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { records: number }).records;
  } catch {
    return 0;
  }
}

/** Starts `args`, SIGKILLs it once its checkpoint counts `records`. */
async function killAfter(args: string[], checkpoint: string, records: number, cwd?: string) {
  const child = spawnCli([...args, '--checkpoint-interval', '0.05'], sandboxEnv(sandbox), cwd);
  const exited = finished(child);
  const deadline = Date.now() + 90_000; // a guard against a hang, with room for a busy machine
  while (savedRecords(checkpoint) < records) {
    if (Date.now() > deadline) throw new Error('the run never reached the kill point');
    await sleep(10);
  }
  child.kill('SIGKILL');
  expect((await exited).signal).toBe('SIGKILL');
}

describe('resume whatever the spelling of --out', () => {
  it('killed with an absolute --out, resumed from its directory with ./name: the output equals an uninterrupted run', async () => {
    const sub = join(dir, 'spelling');
    mkdirSync(sub);
    const out = join(sub, 'r.ndjson');
    await killAfter(exportArgs(out), `${out}.checkpoint.json`, KILL_AFTER);
    const resumed = expectExit(await runCli(exportArgs('./r.ndjson'), sandboxEnv(sandbox), sub), 0);
    expect(resumed.stderr).toMatch(/^resuming /m);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  });
});

describe('files no checkpoint accounts for', () => {
  it('refuses to truncate a file with content and no checkpoint, names --restart, and leaves the file as it was', async () => {
    const out = join(dir, 'precious.ndjson');
    writeFileSync(out, '{"mine":true}\n');
    const result = expectExit(await runMain(exportArgs(out), sandboxEnv(sandbox)), 2);
    expect(result.stderr).toContain('precious.ndjson');
    expect(result.stderr).toContain('--restart');
    expect(readFileSync(out, 'utf8')).toBe('{"mine":true}\n');

    expectExit(await runMain([...exportArgs(out), '--restart', '--quiet'], sandboxEnv(sandbox)), 0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  });

  it('refuses to write through a symbolic link unless --force, and names --force', async () => {
    const target = join(dir, 'target.ndjson');
    const link = join(dir, 'link.ndjson');
    writeFileSync(target, '');
    symlinkSync(target, link);
    const result = expectExit(await runMain(exportArgs(link), sandboxEnv(sandbox)), 2);
    expect(result.stderr).toContain('symbolic link');
    expect(result.stderr).toContain('--force');
    expect(readFileSync(target, 'utf8')).toBe('');

    expectExit(await runMain([...exportArgs(link), '--force', '--quiet'], sandboxEnv(sandbox)), 0);
    expect(readFileSync(target, 'utf8')).toBe(reference);
  });

  it('--force writes through a link, but not over content no checkpoint accounts for: that still needs --restart', async () => {
    const target = join(dir, 'precious-target.ndjson');
    const link = join(dir, 'precious-link.ndjson');
    writeFileSync(target, 'PRECIOUS\n');
    symlinkSync(target, link);
    const result = expectExit(await runMain([...exportArgs(link), '--force'], sandboxEnv(sandbox)), 2);
    expect(result.stderr).toContain('--restart');
    expect(readFileSync(target, 'utf8')).toBe('PRECIOUS\n');

    expectExit(
      await runMain([...exportArgs(link), '--force', '--restart', '--quiet'], sandboxEnv(sandbox)),
      0,
    );
    expect(readFileSync(target, 'utf8')).toBe(reference);
  });

  it('a --force run through a link keeps its checkpoint beside the real file: a run on the real path resumes it', async () => {
    const sub = join(dir, 'forced');
    mkdirSync(sub);
    const real = join(sub, 'real.ndjson');
    const link = join(sub, 'link.ndjson');
    symlinkSync(real, link);

    await killAfter([...exportArgs(link), '--force'], `${real}.checkpoint.json`, KILL_AFTER);
    expect(existsSync(`${link}.checkpoint.json`)).toBe(false);
    const resumed = expectExit(await runMain(exportArgs(real), sandboxEnv(sandbox)), 0);
    expect(resumed.stderr).toMatch(/^resuming /m);
    expect(readFileSync(real, 'utf8')).toBe(reference);
  });

  it('removes the temporary files a killed run left beside its checkpoint when it starts again', async () => {
    const sub = join(dir, 'temps');
    mkdirSync(sub);
    const out = join(sub, 'funds.ndjson');
    // What a kill (or a full disk) between the write and the rename of a checkpoint leaves.
    writeFileSync(`${out}.checkpoint.json.999999.tmp`, '{"half":');
    expectExit(await runMain([...exportArgs(out), '--quiet'], sandboxEnv(sandbox)), 0);
    expect(readdirSync(sub)).toEqual(['funds.ndjson']);
  });

  it('an --out in a directory that does not exist is a setup error: exit 2, nothing sent', async () => {
    const out = join(dir, 'no-such-dir', 'funds.ndjson');
    const result = expectExit(await runMain(exportArgs(out), sandboxEnv(sandbox)), 2);
    expect(result.stderr).toContain('no-such-dir');
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  });

  it('an --out-dir that cannot be made (a file in the way) is a setup error: exit 2', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const result = expectExit(
      await runMain(
        [
          'backfill',
          '/feed/precos-indices/v1/titulos-publicos/vna',
          '--from',
          '2025-01-02',
          '--to',
          '2025-01-03',
          '--out-dir',
          join(blocker, 'days'),
        ],
        sandboxEnv(sandbox),
      ),
      2,
    );
    expect(result.stderr).toContain('--out-dir');
  });
});

describe('character devices and pipes as --out', () => {
  it('/dev/null: exit 0, no checkpoint beside it, no fsync or truncate refused', async () => {
    const result = expectExit(await runMain([...exportArgs('/dev/null'), '--quiet'], sandboxEnv(sandbox)), 0);
    expect(result.stderr).toBe('');
    expect(existsSync('/dev/null.checkpoint.json')).toBe(false);
    // Again: nothing left behind to resume or refuse.
    expectExit(await runMain([...exportArgs('/dev/null'), '--quiet'], sandboxEnv(sandbox)), 0);
  });

  it('/dev/stdout, a link under /dev to the pipe: accepted without --force, every record on stdout', async () => {
    const result = expectExit(
      await runCli([...exportArgs('/dev/stdout'), '--quiet'], sandboxEnv(sandbox)),
      0,
    );
    expect(result.stdout).toBe(reference);
  });

  it('a FIFO: every record through it, exit 0, no checkpoint', async () => {
    const fifo = join(dir, 'records.fifo');
    execFileSync('mkfifo', [fifo]);
    let read = '';
    const reader = createReadStream(fifo, 'utf8').on('data', (chunk) => {
      read += chunk;
    });
    const done = once(reader, 'close');
    expectExit(await runCli([...exportArgs(fifo), '--quiet'], sandboxEnv(sandbox)), 0);
    await done;
    expect(read).toBe(reference);
    expect(existsSync(`${fifo}.checkpoint.json`)).toBe(false);
  });

  it('a link outside /dev to a device still needs --force', async () => {
    const link = join(dir, 'null-link');
    symlinkSync('/dev/null', link);
    const result = expectExit(await runMain(exportArgs(link), sandboxEnv(sandbox)), 2);
    expect(result.stderr).toContain('--force');
    expectExit(await runMain([...exportArgs(link), '--force', '--quiet'], sandboxEnv(sandbox)), 0);
  });
});

describe('Ctrl-C', () => {
  it.each([
    {
      name: 'stdout',
      args: [] as string[],
      says: /stdout cannot be resumed/,
      not: /run the same command again/,
    },
    {
      name: 'a file',
      args: ['--out', 'int.ndjson'],
      says: /run the same command again to resume/,
      not: /stdout/,
    },
  ])('on output to $name, the message is true for it', async (c) => {
    const child = spawnCli(['export', V2, '-q', 'size=10', '-c', '1', ...c.args], sandboxEnv(sandbox), dir);
    const exited = finished(child);
    // Interrupt once the run is under way (records on stdout, or a checkpoint beside the file).
    let printed = false;
    child.stdout?.once('data', () => {
      printed = true;
    });
    const deadline = Date.now() + 90_000; // a guard against a hang, with room for a busy machine
    while (!printed && savedRecords(join(dir, 'int.ndjson.checkpoint.json')) === 0) {
      if (Date.now() > deadline) throw new Error('the run never started');
      await sleep(10);
    }
    child.kill('SIGINT');
    const result = await exited;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(c.says);
    expect(result.stderr).not.toMatch(c.not);
  });
});
