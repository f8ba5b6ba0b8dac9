// A server bin started through a package manager stops when that package manager is gone. `kill -9` of npx or of
// pnpm leaves the processes under it re-parented, and the bin would serve on with no one to stop it. So at start
// the bin reads the chain of processes that started it: its parent and each parent's parent while they are
// package managers (npm, npx, pnpm, yarn, bun) or shells one of them started. It then checks that each process of
// the chain still has the parent it had (a process that ended leaves its child re-parented, however it ended),
// and shuts down as on SIGTERM once one has not. The process that ran the outermost package manager (a terminal's
// shell, a script run with `npx assoc-feed-sandbox &`, make, a CI step, setsid, nohup) is not watched: a script
// that starts the bin in the background and exits leaves it serving, as every other server does, until it is
// signalled. Started directly, under nohup or by a supervisor, its parent is no package manager: nothing is
// watched, and its lifetime is the signals' alone. Linux reads /proc; macOS and the BSDs ask `ps`; elsewhere
// nothing is watched.
// The sandbox's and the mock's bins have this same module, byte for byte (a test compares them): ARCHITECTURE.md
// says why neither takes it from the other.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** A process as the chain needs it: its parent and its command line (argv, or a title a program set). */
export interface ProcessInfo {
  ppid: number;
  argv: string[];
}

/** Reads one process; undefined once it is gone. */
export type ProcessReader = (pid: number) => ProcessInfo | undefined;

const PACKAGE_MANAGERS = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'yarnpkg', 'bun', 'bunx']);
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish', 'busybox']);
const RUNTIMES = new Set(['node', 'nodejs']);

/** A program's name: `/usr/lib/node_modules/npm/bin/npx-cli.js` → `npx`, `yarn-4.5.0.cjs` → `yarn`, `-bash` → `bash`. */
function programName(path: string | undefined): string {
  return basename(path ?? '')
    .replace(/^-/, '')
    .replace(/\.(?:c|m)?js$/, '')
    .replace(/-cli$/, '')
    .replace(/-\d+(?:\.\d+)*$/, '')
    .replace(/\.exe$/, '');
}

/** npm, npx, pnpm, yarn or bun: run as itself, as `node <its script>`, or under the title it set ("npm exec …"). */
export function isPackageManager(argv: readonly string[]): boolean {
  const first = argv[0]?.split(' ')[0];
  const name = programName(first);
  if (PACKAGE_MANAGERS.has(name)) return true;
  return RUNTIMES.has(name) && PACKAGE_MANAGERS.has(programName(argv[1]));
}

export function isShell(argv: readonly string[]): boolean {
  return SHELLS.has(programName(argv[0]?.split(' ')[0]));
}

/**
 * The package managers and the shells they started, from this process's parent up to the outermost package
 * manager, each with the parent it has now: empty when the parent is no package manager nor a shell one started.
 * What ran the outermost package manager is not part of it.
 */
export function launcherChain(pid: number, read: ProcessReader): { pid: number; ppid: number }[] {
  const chain: { pid: number; ppid: number }[] = [];
  const self = read(pid);
  if (!self) return chain;
  let current = self.ppid;
  for (let depth = 0; current > 1 && depth < 32; depth++) {
    const info = read(current);
    if (!info) break;
    const parent = info.ppid > 1 ? read(info.ppid) : undefined;
    const manager = isPackageManager(info.argv);
    const shellOfManager = isShell(info.argv) && parent !== undefined && isPackageManager(parent.argv);
    // The first process that is neither ran the outermost package manager: the end of the chain. Without a
    // package manager under it, this bin was not started through one.
    if (!manager && !shellOfManager) return chain;
    chain.push({ pid: current, ppid: info.ppid });
    current = info.ppid;
  }
  return chain;
}

/** Linux: /proc/<pid>/stat (the parent, after the command name in parentheses) and /proc/<pid>/cmdline. */
function readProc(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended: its parent has not reaped it yet.
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((a) => a !== '');
    return { ppid: Number(fields[1]), argv };
  } catch {
    return undefined;
  }
}

/** macOS and the BSDs: `ps` gives the parent and the command line (its words split at spaces). */
function readPs(pid: number): ProcessInfo | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'ppid=,stat=,args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(out.trim());
    if (!m || (m[2] as string).startsWith('Z')) return undefined;
    return { ppid: Number(m[1]), argv: (m[3] as string).split(/\s+/) };
  } catch {
    return undefined;
  }
}

/** The parents of `pids` now (a pid missing from the answer has ended), from one `ps` run. */
function parentsByPs(pids: number[]): Promise<Map<number, number>> {
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'pid=,ppid=,stat=', '-p', pids.join(',')], { encoding: 'utf8' }, (_, stdout) => {
      const parents = new Map<number, number>();
      for (const line of String(stdout ?? '').split('\n')) {
        const m = /^\s*(\d+)\s+(\d+)\s+(\S+)/.exec(line);
        if (m && !(m[3] as string).startsWith('Z')) parents.set(Number(m[1]), Number(m[2]));
      }
      resolve(parents);
    });
  });
}

export interface WatchOptions {
  platform?: NodeJS.Platform;
  /** Reads a process (default: /proc on Linux, `ps` on macOS and the BSDs). */
  read?: ProcessReader;
  intervalMs?: number;
}

/** Calls `gone` once when a process of the launcher chain has ended; returns a function that stops watching. */
export function watchLauncher(gone: () => void, options: WatchOptions = {}): () => void {
  const platform = options.platform ?? process.platform;
  const linux = platform === 'linux';
  if (!options.read && !linux && !['darwin', 'freebsd', 'openbsd'].includes(platform)) return () => {};
  const read = options.read ?? (linux ? readProc : readPs);
  const chain = launcherChain(process.pid, read);
  if (chain.length === 0) return () => {};
  const parentNow: (pids: number[]) => Promise<Map<number, number>> =
    options.read || linux
      ? async (pids) => {
          const parents = new Map<number, number>();
          for (const pid of pids) {
            const info = read(pid);
            if (info) parents.set(pid, info.ppid);
          }
          return parents;
        }
      : parentsByPs;
  // Each process is watched through its parent: one that ended re-parents its child, however it ended. This
  // process is watched the same way; the outermost package manager's own parent is not watched (its ending, a
  // script that started the bin in the background and exited, leaves the bin serving).
  const self = read(process.pid);
  if (!self) return () => {};
  const watched = [{ pid: process.pid, ppid: self.ppid }, ...chain.slice(0, -1)];
  let checking = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      const parents = await parentNow(watched.map((p) => p.pid));
      if (!stopped && !watched.every(({ pid, ppid }) => parents.get(pid) === ppid)) {
        stopped = true;
        clearInterval(timer);
        gone();
      }
    } finally {
      checking = false;
    }
  }, options.intervalMs ?? 500);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
