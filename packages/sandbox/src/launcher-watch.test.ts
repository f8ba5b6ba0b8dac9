// Which processes a server bin watches: the chain that started it through a package manager, read from a process
// table (here a fixed one; the process tests in packages/sandbox-tests, and check:packages from the tarballs, run
// real npx and pnpm chains, background scripts, setsid and nohup, and kill them).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isPackageManager,
  isShell,
  launcherChain,
  type ProcessInfo,
  watchLauncher,
} from './launcher-watch.js';

describe('what a process is, from its command line', () => {
  it.each([
    [['npm exec @assoc-feed/sandbox --port 0'], true],
    [['npm run sandbox'], true],
    [['node', '/usr/lib/node_modules/npm/bin/npx-cli.js', 'assoc-feed-sandbox'], true],
    [['node', '/repo/.tools/node_modules/pnpm/bin/pnpm.cjs', 'sandbox'], true],
    [['/usr/local/bin/node', '/home/u/.yarn/releases/yarn-4.5.0.cjs'], true],
    [['node', '/usr/lib/node_modules/corepack/dist/yarn.js', 'sandbox'], true],
    [['pnpm'], true],
    [['/Users/u/.bun/bin/bun', 'run', 'sandbox'], true],
    [['node', '/repo/node_modules/vitest/vitest.mjs'], false],
    [['node', 'server.js'], false],
    [['sh', '-c', 'assoc-feed-sandbox'], false],
  ])('%j is a package manager: %s', (argv, expected) => {
    expect(isPackageManager(argv)).toBe(expected);
  });

  it.each([
    [['sh', '-c', 'npx assoc-feed-sandbox'], true],
    [['/bin/bash', './dev', 'sandbox'], true],
    [['-zsh'], true],
    [['node', 'cli.cjs'], false],
    [['systemd', '--user'], false],
  ])('%j is a shell: %s', (argv, expected) => {
    expect(isShell(argv)).toBe(expected);
  });
});

/** A process table: pid → [ppid, argv]. */
function table(rows: Record<number, [number, string[]]>) {
  return (pid: number): ProcessInfo | undefined => {
    const row = rows[pid];
    return row && { ppid: row[0], argv: row[1] };
  };
}

const bin = ['node', '/p/node_modules/.bin/../@assoc-feed/sandbox/dist/cli.cjs'];

describe('launcherChain', () => {
  it('npx run by a shell: the shell npm ran the bin under and npm, not the shell that ran npx', () => {
    const read = table({
      1: [0, ['/sbin/init']],
      100: [1, ['-bash']],
      200: [100, ['sh', '-c', 'npx assoc-feed-sandbox; :']],
      300: [200, ['npm exec assoc-feed-sandbox']],
      400: [300, ['sh', '-c', 'assoc-feed-sandbox']],
      500: [400, bin],
    });
    expect(launcherChain(500, read)).toEqual([
      { pid: 400, ppid: 300 },
      { pid: 300, ppid: 200 },
    ]);
  });

  it('`npx pnpm sandbox`: every package manager and shell between the bin and the shell that typed it', () => {
    const read = table({
      1: [0, ['/sbin/init']],
      100: [1, ['-bash']],
      200: [100, ['npm exec pnpm sandbox']],
      300: [200, ['sh', '-c', 'pnpm sandbox']],
      400: [300, ['node', '/c/pnpm/bin/pnpm.cjs', 'sandbox']],
      500: [400, ['sh', '-c', 'pnpm --filter @assoc-feed/sandbox run sandbox']],
      600: [500, ['node', '/c/pnpm/bin/pnpm.cjs', '--filter', '@assoc-feed/sandbox', 'run', 'sandbox']],
      700: [600, ['sh', '-c', 'node dist/cli.cjs']],
      800: [700, bin],
    });
    expect(launcherChain(800, read).map((p) => p.pid)).toEqual([700, 600, 500, 400, 300, 200]);
  });

  it.each([
    ['started directly from a shell', { 100: [1, ['-bash']], 500: [100, bin] }],
    ['under nohup from a shell (nohup becomes the bin)', { 100: [1, ['-bash']], 500: [100, bin] }],
    ['by systemd', { 1: [0, ['/lib/systemd/systemd']], 500: [1, bin] }],
    [
      'by a shell a supervisor ran',
      { 1: [0, ['/sbin/init']], 90: [1, ['supervisord']], 100: [90, ['sh', '-c', 'x']], 500: [100, bin] },
    ],
  ] as [string, Record<number, [number, string[]]>][])('watches nothing %s', (_, rows) => {
    expect(launcherChain(500, table(rows))).toEqual([]);
  });

  it('stops at a process already gone, and at init', () => {
    const read = table({ 300: [1, ['npm exec x']], 400: [300, ['sh', '-c', 'x']], 500: [400, bin] });
    expect(launcherChain(500, read).map((p) => p.pid)).toEqual([400, 300]);
  });
});

describe('watchLauncher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // A live process table around this very process: `bash script.sh` ran `npx assoc-feed-sandbox &`, npm ran the
  // bin under `sh -c`. Ending a process re-parents its children to init, as the kernel does.
  function liveTable() {
    const self = process.pid;
    const rows = new Map<number, [number, string[]]>([
      [1, [0, ['/sbin/init']]],
      [100, [1, ['bash', 'start-sandbox.sh']]],
      [300, [100, ['npm exec assoc-feed-sandbox']]],
      [400, [300, ['sh', '-c', 'assoc-feed-sandbox']]],
      [self, [400, bin]],
    ]);
    const end = (pid: number) => {
      rows.delete(pid);
      for (const [child, [ppid, argv]] of rows) if (ppid === pid) rows.set(child, [1, argv]);
    };
    const read = (pid: number): ProcessInfo | undefined => {
      const row = rows.get(pid);
      return row && { ppid: row[0], argv: row[1] };
    };
    return { read, end };
  }

  it.each([
    ['the script that started npx in the background exits', 100, false],
    ['npx is killed', 300, true],
    ['the shell npm ran the bin under is killed', 400, true],
  ])('when %s (process %i ends), the bin stops: %s', async (_, ended, stops) => {
    vi.useFakeTimers();
    const { read, end } = liveTable();
    const gone = vi.fn();
    const unwatch = watchLauncher(gone, { read, intervalMs: 500 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(gone).not.toHaveBeenCalled();
    end(ended);
    await vi.advanceTimersByTimeAsync(2000);
    expect(gone).toHaveBeenCalledTimes(stops ? 1 : 0);
    unwatch();
  });
});

describe("the mock's copy", () => {
  it('is this module byte for byte (neither package may take it from the other)', () => {
    const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
    expect(read('../../mock/src/launcher-watch.ts')).toBe(read('./launcher-watch.ts'));
  });
});
