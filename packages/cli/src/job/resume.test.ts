// A killed export or backfill (a real child process, SIGKILL: no handler runs) resumes where it stopped: the
// resumed output is byte for byte the output of a run that was never interrupted. None of it depends on the size
// of the list: a sandbox of 600 funds, read in small pages from slow answers, gives runs of many requests that
// last long enough to kill mid-way on any machine (the slowness is waiting, not work; the 7,231 funds of the full
// sandbox and a whole year of backfill are read in export.test.ts and backfill.test.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, finished, sandboxEnv, spawnCli, startTestSandbox } from '../test-support/cli.js';
import { runMain } from '../test-support/in-process.js';

let sandbox: RunningSandbox;
let dir: string;

const FUNDS = 600;

beforeAll(async () => {
  // Latency per answer, as over a network, so the kill lands while requests are in flight: the runs last long in
  // waiting, which costs no CPU, so a busy machine that polls late still kills before the last page.
  sandbox = await startTestSandbox({ funds: FUNDS, latencyMs: 150 });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-resume-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Saved {
  records: number;
  files: Record<string, number>;
}
function readSaved(path: string): Saved | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Saved;
  } catch {
    return undefined; // not written yet
  }
}

const cases = [
  {
    name: 'export, NDJSON',
    args: (out: string) => ['export', '/feed/fundos/v2/fundos', '-q', 'size=25', '--out', out, '-c', '4'],
    file: 'funds.ndjson',
    killAfterRecords: 150,
    killBefore: 450,
  },
  {
    name: 'export, CSV with nested lists in their own files',
    args: (out: string) => [
      'export',
      '/feed/fundos/v2/fundos',
      '-q',
      'size=25',
      '--format',
      'csv',
      '--lists',
      'files',
      '--out',
      out,
      '-c',
      '4',
    ],
    file: 'funds.csv',
    extra: ['funds.classes.csv', 'funds.subclases.csv'],
    killAfterRecords: 150,
    killBefore: 450,
  },
  {
    name: "backfill of 2025's first quarter, JSON",
    args: (out: string) => [
      'backfill',
      '/feed/precos-indices/v1/titulos-publicos/vna',
      '--from',
      '2025-01-01',
      '--to',
      '2025-03-31',
      '--format',
      'json',
      '--out',
      out,
      '-c',
      '4',
    ],
    file: 'vna.json',
    killAfterRecords: 15,
    killBefore: 45,
  },
];

describe('kill and resume', () => {
  it.each(cases)(
    '$name: SIGKILL mid-run, then the same command finishes the output with no record lost or repeated',
    async (c) => {
      const reference = join(dir, `reference-${c.file}`);
      expectExit(await runMain([...c.args(reference), '--quiet'], sandboxEnv(sandbox)), 0);

      const out = join(dir, c.file);
      const checkpoint = `${out}.checkpoint.json`;
      // Frequent checkpoints, so the kill lands after several and (likely) between a write and its checkpoint.
      const child = spawnCli([...c.args(out), '--checkpoint-interval', '0.05'], sandboxEnv(sandbox));
      const exited = finished(child);
      // Kill once enough is committed; preferably right after bytes were written that no checkpoint counts yet,
      // else once most of the run is done, while requests are still to come. The deadline is a guard against a
      // hang, with room for a busy machine.
      const deadline = Date.now() + 90_000;
      let stale = false;
      for (;;) {
        const saved = readSaved(checkpoint);
        if (saved && saved.records >= c.killAfterRecords) {
          stale = existsSync(out) && statSync(out).size > (saved.files[out] ?? 0);
          if (stale || saved.records >= c.killBefore) break;
        }
        if (Date.now() > deadline) throw new Error('the run never reached the kill point');
        await sleep(10);
      }
      child.kill('SIGKILL');
      const killed = await exited;
      expect(killed.signal).toBe('SIGKILL');
      const saved = readSaved(checkpoint) as Saved;
      expect(saved.records).toBeGreaterThan(0);

      // The resume reads only what the killed process left on disk: the same command, run in this process.
      const resumed = expectExit(await runMain(c.args(out), sandboxEnv(sandbox)), 0);
      expect(resumed.stderr).toMatch(/^resuming /m);
      expect(existsSync(checkpoint)).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(reference, 'utf8'));
      for (const extra of c.extra ?? []) {
        expect(readFileSync(join(dir, extra), 'utf8')).toBe(
          readFileSync(join(dir, `reference-${extra}`), 'utf8'),
        );
      }
      // Not an assertion (timing decides it), but worth seeing in the log when it happened.
      if (stale)
        console.info(`${c.name}: killed with uncheckpointed bytes in ${c.file}; the resume cut them off`);
    },
  );

  it('refuses to resume a checkpoint of another job, and names --restart', async () => {
    const out = join(dir, 'other.ndjson');
    const child = spawnCli(
      [
        'export',
        '/feed/fundos/v2/fundos',
        '-q',
        'size=100',
        '--out',
        out,
        '-c',
        '1',
        '--checkpoint-interval',
        '0.05',
      ],
      sandboxEnv(sandbox),
    );
    const exited = finished(child);
    while (!readSaved(`${out}.checkpoint.json`)?.records) await sleep(10);
    child.kill('SIGKILL');
    await exited;
    const other = await runMain(
      ['export', '/feed/fundos/v2/fundos', '-q', 'size=200', '--out', out],
      sandboxEnv(sandbox),
    );
    expectExit(other, 2);
    expect(other.stderr).toContain('belongs to another job');
    expect(other.stderr).toContain('--restart');
    const restarted = await runMain(
      ['export', '/feed/fundos/v2/fundos', '-q', 'size=200', '--out', out, '--restart', '--quiet'],
      sandboxEnv(sandbox),
    );
    expectExit(restarted, 0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(FUNDS);
  });
});
