// Which processes a server bin watches: the chain that started it through a package manager, read from a process
// table (here a fixed one; the process tests in packages/sandbox-tests run real npx and pnpm chains and kill them).
import { describe, expect, it } from 'vitest';
import { isPackageManager, isShell, launcherChain, type ProcessInfo } from './launcher-watch.js';

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
  it('npx run by a shell: the shell npm ran the bin under, npm, and the shell that ran npx', () => {
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
      { pid: 200, ppid: 100 },
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
    expect(launcherChain(800, read).map((p) => p.pid)).toEqual([700, 600, 500, 400, 300, 200, 100]);
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
