// The lock `_sync.lock` a run holds on DIR: a second run at the same time would remove the first one's files.
// It records a random run id and is refreshed (its modification time) while the run lives, so a lock whose owner
// stopped refreshing it is taken over, whatever happened to the owner: killed, or on another machine or container
// sharing the volume, where process ids mean nothing. A lock of an older version (a bare process id) is taken over
// when that process is not a running assoc-feed sync (process ids repeat after a reboot or a container restart).
import { randomUUID } from 'node:crypto';
import { lstatSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';

export const LOCK = '_sync.lock';

export interface LockOptions {
  /** How often the owner refreshes the lock. */
  heartbeatMs?: number;
  /** A lock not refreshed for this long is taken over. */
  staleMs?: number;
  /** Whether a process id belongs to a running assoc-feed sync (for a lock of the older form). */
  isSyncProcess?: (pid: number) => boolean;
}

export interface HeldLock {
  readonly runId: string;
  /** Whether the lock file still names this run (another run may have taken a lock it judged stale). */
  held(): boolean;
  release(): void;
}

const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;

export function takeLock(dir: string, options: LockOptions = {}): HeldLock {
  const path = join(dir, LOCK);
  const staleMs = options.staleMs ?? STALE_MS;
  const runId = randomUUID();
  const body = `${JSON.stringify({ runId, pid: process.pid, host: hostname(), startedAt: new Date().toISOString() })}\n`;
  const clear = `If no assoc-feed sync is writing it, remove the lock by hand (rm ${path}) and run again.`;
  for (let attempt = 0; attempt < 3; attempt++) {
    checkIsFile(path);
    try {
      writeFileSync(path, body, { flag: 'wx' });
      return hold(path, runId, options.heartbeatMs ?? HEARTBEAT_MS);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (!holder) continue; // removed meanwhile: try again
    if (holder.kind === 'run') {
      const age = Date.now() - holder.refreshedAt;
      // On this machine its process says at once whether the owner still runs (a killed run's lock is still fresh).
      const isSync = options.isSyncProcess ?? isSyncProcess;
      const gone = holder.host === hostname() && holder.pid !== undefined && !isSync(holder.pid);
      if (age < staleMs && !gone) {
        throw new UsageError(
          `another assoc-feed sync (run ${holder.runId}${holder.where}) is writing ${dir}: its lock was refreshed ` +
            `${Math.max(0, Math.round(age / 1000))} s ago. Wait for it to finish, or stop it first. ${clear}`,
        );
      }
    } else if (holder.kind === 'pid') {
      const isSync = options.isSyncProcess ?? isSyncProcess;
      if (holder.pid !== process.pid && isSync(holder.pid)) {
        throw new UsageError(
          `another assoc-feed sync (pid ${holder.pid}) is writing ${dir}: wait for it to finish, or stop it first. ${clear}`,
        );
      }
    } else if (Date.now() - holder.refreshedAt < staleMs) {
      throw new UsageError(`${path} is not a lock sync wrote. ${clear}`);
    }
    rmSync(path, { force: true });
  }
  throw new UsageError(`cannot take ${path}: another run keeps taking it. ${clear}`);
}

function checkIsFile(path: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  if (!stat.isFile()) {
    throw new UsageError(
      `${path} is not a file (sync keeps its lock there): move it away or remove it (rm -r ${path}), then run again.`,
    );
  }
}

type Holder =
  | { kind: 'run'; runId: string; where: string; refreshedAt: number; pid?: number; host?: string }
  | { kind: 'pid'; pid: number }
  | { kind: 'unknown'; refreshedAt: number };

function readHolder(path: string): Holder | undefined {
  let text: string;
  let refreshedAt: number;
  try {
    text = readFileSync(path, 'utf8');
    refreshedAt = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const trimmed = text.trim();
  if (/^\d{1,10}$/.test(trimmed)) return { kind: 'pid', pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as { runId?: unknown; pid?: unknown; host?: unknown };
    if (typeof parsed.runId === 'string') {
      const pid = Number.isSafeInteger(parsed.pid) ? `, pid ${parsed.pid}` : '';
      const host = typeof parsed.host === 'string' ? ` on ${parsed.host.slice(0, 64)}` : '';
      return {
        kind: 'run',
        runId: parsed.runId.slice(0, 64),
        where: `${pid}${host}`,
        refreshedAt,
        ...(Number.isSafeInteger(parsed.pid) ? { pid: parsed.pid as number } : {}),
        ...(typeof parsed.host === 'string' ? { host: parsed.host } : {}),
      };
    }
  } catch {
    /* not JSON: not a lock sync wrote */
  }
  return { kind: 'unknown', refreshedAt };
}

function hold(path: string, runId: string, heartbeatMs: number): HeldLock {
  const ours = () => {
    try {
      return readFileSync(path, 'utf8').includes(runId);
    } catch {
      return false;
    }
  };
  const timer = setInterval(() => {
    if (!ours()) return;
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      /* removed by hand: the run goes on, as it would have without a lock */
    }
  }, heartbeatMs);
  timer.unref();
  return {
    runId,
    held: ours,
    release() {
      clearInterval(timer);
      if (ours()) rmSync(path, { force: true });
    },
  };
}

/** Whether `pid` is a running `assoc-feed … sync` (Linux's /proc; elsewhere any live process counts). */
export function isSyncProcess(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return true; // alive, and nothing says what it runs: assume the worst
  }
  const isCli = args.some((a) => /assoc-feed|[/\\]cli[/\\](dist|src)[/\\]bin\.[jt]s$/.test(a));
  return isCli && args.includes('sync');
}
