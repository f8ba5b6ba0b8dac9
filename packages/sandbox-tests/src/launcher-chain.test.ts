// A sandbox started through a package manager never outlives it: SIGKILL of npx or of pnpm, and the bin stops by
// itself. What ran the package manager (a terminal's shell, a script that started `npx assoc-feed-sandbox &` and
// exited) may end without stopping it, as for any server; so may the shell that ran the bin without a package
// manager (as under nohup or a supervisor). `npx @assoc-feed/sandbox` in a project that depends on it runs the
// published bin (dist/cli.cjs, the bundled command) from the package name alone, and a terminal's Ctrl-C stops it
// cleanly. Real npx and pnpm chains, read and killed through /proc; the
// background-script, setsid, nohup and Makefile forms run from the tarballs in check:packages
// (packages/sandbox/release/background-servers.ts). The waits are guards against a hang, not timings: nothing here depends
// on the machine's speed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, '..');
const sandboxDir = dirname(createRequire(import.meta.url).resolve('@assoc-feed/sandbox/package.json'));
const bin = join(sandboxDir, 'dist', 'cli.cjs');
// The pinned pnpm `./dev` installs (the repository's own tool, as `./dev pnpm` runs it).
const pnpm = join(packageDir, '..', '..', '.tools', 'node_modules', '.bin', 'pnpm');

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** Every process under `pid`, parents before children. */
function descendants(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) [ZX] /.test(readStat(pid));
function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '';
  }
}

/** Runs `command` under `sh -c` and waits until the sandbox under it listens; `ownGroup`: in a process group of
 * its own, as a terminal starts a command, so a Ctrl-C can be sent to the group. Every process it started is
 * SIGKILLed when the test ends (each test its own: the tests run side by side). */
async function launch(
  command: string,
  cwd: string,
  onTestFinished: (cleanUp: () => void) => void,
  ownGroup = false,
): Promise<{ shell: ChildProcess; tree: () => number[]; url: string; output: () => string }> {
  const started: number[] = [];
  onTestFinished(() => {
    for (const pid of started.reverse()) kill(pid, 'SIGKILL');
  });
  const shell = spawn('sh', ['-c', `${command}; :`], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
    env: { ...process.env, npm_config_update_notifier: 'false', DO_NOT_TRACK: '1' },
  });
  started.push(shell.pid as number);
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string) => {
      out += chunk;
      const m = /Feed sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1] as string);
    };
    shell.stdout?.setEncoding('utf8').on('data', onData);
    shell.stderr?.setEncoding('utf8').on('data', onData);
    shell.once('exit', () => reject(new Error(`the shell exited before the sandbox listened:\n${out}`)));
  });
  const all = descendants(shell.pid as number);
  started.push(...all);
  return { shell, tree: () => all, url, output: () => out };
}

const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

function theBin(tree: number[]): number {
  const pid = tree.find((p) => cmdline(p).includes('cli.cjs') && !cmdline(p).startsWith('sh '));
  if (pid === undefined) throw new Error(`no sandbox bin among ${tree.map(cmdline).join(' | ')}`);
  return pid;
}

// Each test has its own process tree and waits on processes, not on this one: they run side by side.
describe.runIf(process.platform === 'linux')('a sandbox bin and the chain that launched it', () => {
  const npx = join(dirname(process.execPath), 'npx');
  const viaNpx = `"${npx}" --offline --no @assoc-feed/sandbox -- --port 0 --quiet`;

  it.concurrent.for<[string, string, string, (tree: number[]) => number | undefined]>([
    ['npx', viaNpx, packageDir, (tree: number[]) => tree.find((p) => cmdline(p).startsWith('npm exec'))],
    [
      'pnpm',
      `"${pnpm}" run sandbox --port 0 --quiet`,
      sandboxDir,
      (tree: number[]) =>
        tree.find((p) =>
          cmdline(p)
            .split(' ')
            .slice(0, 2)
            .some((a) => /(^|\/)pnpm(\.c?js)?$/.test(a)),
        ),
    ],
  ])(
    'stops by itself once %s is killed with SIGKILL',
    { timeout: 120_000 },
    async ([, command, cwd, victimOf], { expect, onTestFinished }) => {
      if (command.includes(pnpm)) expect(existsSync(pnpm), `${pnpm} (./dev installs it)`).toBe(true);
      const { tree, url } = await launch(command, cwd, onTestFinished);
      const sandbox = theBin(tree());
      const victim = victimOf(tree());
      if (victim === undefined)
        throw new Error(`no package manager among ${tree().map(cmdline).join(' | ')}`);
      expect(victim, tree().map(cmdline).join(' | ')).not.toBe(sandbox);
      expect(await answers(url)).toBe(true);
      kill(victim, 'SIGKILL');
      await vi.waitFor(() => expect(alive(sandbox)).toBe(false), { timeout: 60_000, interval: 100 });
      expect(await answers(url)).toBe(false);
    },
  );

  // At least four of its checks pass before these look (a slow machine makes fewer, never more, checks fail).
  const fourChecks = () => new Promise((resolve) => setTimeout(resolve, 2500));

  // npx resolves the package's bin from its manifest (no network: --offline); npm would read flags right after
  // the package name as its own: `--` hands them to the bin, which drops it. A terminal's Ctrl-C signals the
  // whole process group (npm runs the bin under `sh -c`, which does not pass on a signal sent to npm alone).
  it.concurrent('serves on when started by npx, and the shell that ran npx is killed; Ctrl-C then stops it cleanly', {
    timeout: 120_000,
  }, async ({ expect, onTestFinished }) => {
    expect(existsSync(npx), `npx next to ${process.execPath}`).toBe(true);
    const { shell, tree, url, output } = await launch(viaNpx, packageDir, onTestFinished, true);
    const sandbox = theBin(tree());
    await vi.waitFor(() => expect(output()).toContain('Press Ctrl-C'), { timeout: 30_000, interval: 50 });
    expect(output()).toContain('Credentials accepted: client_id=sandbox-client client_secret=sandbox-secret');
    expect((await fetch(`${url}/feed/fundos/v2/fundos`)).status).toBe(401);
    kill(shell.pid as number, 'SIGKILL');
    await fourChecks();
    expect(alive(sandbox)).toBe(true);
    expect(await answers(url)).toBe(true);

    kill(-(shell.pid as number), 'SIGINT');
    await vi.waitFor(() => expect(alive(sandbox)).toBe(false), { timeout: 60_000, interval: 100 });
    // The sandbox's last output may come after its exit is seen: wait for it (a guard against a hang).
    await vi.waitFor(() => expect(output()).toContain('Feed sandbox stopped.'), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await answers(url)).toBe(false);
  });

  it.concurrent('serves on when started by a shell without a package manager, and that shell is killed', {
    timeout: 120_000,
  }, async ({ expect, onTestFinished }) => {
    const { shell, tree, url } = await launch(
      `"${process.execPath}" "${bin}" --port 0 --quiet`,
      packageDir,
      onTestFinished,
    );
    const sandbox = theBin(tree());
    kill(shell.pid as number, 'SIGKILL');
    await fourChecks();
    expect(alive(sandbox)).toBe(true);
    expect(await answers(url)).toBe(true);
    kill(sandbox, 'SIGTERM');
  });
});
