// The lock object `_sync.lock` of a copy in a bucket: a random run id, where the run is, a heartbeat time it
// refreshes while it lives, and `pending`: every part name the run may leave without a manifest naming it (parts
// it is about to upload, parts a manifest it is about to write will stop naming). A run killed at any moment thus
// leaves its leftovers listed in its lock, and the next run removes those the manifest does not name: the bucket is
// never listed, so an object a user put under the prefix is never taken for a leftover.
// The lock is taken with a conditional write (If-None-Match: *): of two runs starting together one gets 412 and
// refuses. A store that ignores the condition (some S3-compatible servers) degrades to check-then-write: both
// may write the lock within the same instant, and the one whose lock was overwritten finds it at its next check
// (before each write of the lock, every heartbeat, and before its manifest) and stops without writing its manifest.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UsageError } from '../../errors.js';
import type { Bucket } from './bucket-client.js';
import { isSyncProcess, LOCK, type LockOptions } from './lock.js';

const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;

interface LockBody {
  runId: string;
  pid: number;
  host: string;
  startedAt: string;
  heartbeatAt: string;
  pending: string[];
}

export interface BucketLock {
  readonly runId: string;
  /** The pending names of the run whose stale lock this one took over (checked by the caller before use). */
  readonly previousPending: readonly string[];
  /** Adds names to `pending`, written before the call returns. */
  addPending(names: readonly string[]): Promise<void>;
  /** Empties `pending` (a manifest naming what should stay was written, and the rest removed). */
  clearPending(): Promise<void>;
  /** Whether the lock object still names this run. */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

export async function takeBucketLock(bucket: Bucket, options: LockOptions = {}): Promise<BucketLock> {
  const staleMs = options.staleMs ?? STALE_MS;
  const runId = randomUUID();
  const body: LockBody = {
    runId,
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    heartbeatAt: new Date().toISOString(),
    pending: [],
  };
  const where = `${bucket.url}/${LOCK}`;
  const clear = `If no assoc-feed sync is writing it, remove the lock object ${where} and run again.`;
  let previousPending: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const text = await bucket.getText(LOCK);
    if (text !== undefined) {
      const holder = parseBody(text);
      if (!holder) throw new UsageError(`${where} is not a lock sync wrote. ${clear}`);
      // Ours after all: a store may answer a read with the object it held just before our write.
      if (holder.runId === runId)
        return hold(bucket, body, previousPending, options.heartbeatMs ?? HEARTBEAT_MS);
      const age = Date.now() - Date.parse(holder.heartbeatAt);
      const isSync = options.isSyncProcess ?? isSyncProcess;
      const gone = holder.host === hostname() && !isSync(holder.pid);
      if (age < staleMs && !gone) {
        throw new UsageError(
          `another assoc-feed sync (run ${holder.runId}, pid ${holder.pid} on ${holder.host}) is writing ` +
            `${bucket.url}: its lock was refreshed ${Math.max(0, Math.round(age / 1000))} s ago. Wait for it to ` +
            `finish, or stop it first. ${clear}`,
        );
      }
      previousPending = holder.pending;
      body.pending = [...holder.pending];
      await bucket.putText(LOCK, serialize(body));
    } else if (!(await bucket.putText(LOCK, serialize(body), { ifNoneMatch: true }))) {
      continue; // another run took it meanwhile: judge its lock
    }
    // Read back: on a store that ignores If-None-Match, the last of two writers holds it.
    if (parseBody((await bucket.getText(LOCK)) ?? '')?.runId === runId)
      return hold(bucket, body, previousPending, options.heartbeatMs ?? HEARTBEAT_MS);
  }
  throw new UsageError(`cannot take ${where}: another run keeps taking it. ${clear}`);
}

function hold(bucket: Bucket, body: LockBody, previousPending: string[], heartbeatMs: number): BucketLock {
  // One write at a time, in order: a heartbeat never puts back a `pending` older than the last one written.
  let chain: Promise<unknown> = Promise.resolve();
  let released = false;
  // Checked before each write: a write without it would take the lock back from a run that took it over.
  const write = () => {
    const next = chain.then(async () => {
      if (!(await held())) throw lockLost(bucket.url);
      body.heartbeatAt = new Date().toISOString();
      await bucket.putText(LOCK, serialize(body));
    });
    chain = next.catch(() => undefined);
    return next;
  };
  const held = async () => parseBody((await bucket.getText(LOCK)) ?? '')?.runId === body.runId;
  // A heartbeat is one step of the chain, so `release` waits for one under way: a heartbeat that checked the lock
  // before the release and wrote it after would put back a lock no run holds (refusing other hosts until stale).
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return; // a slow store: one heartbeat waiting is enough
    beating = true;
    chain = chain.then(async () => {
      try {
        if (released || !(await held())) return;
        body.heartbeatAt = new Date().toISOString();
        await bucket.putText(LOCK, serialize(body));
      } catch {
        /* the store failed for a moment: the next heartbeat, or the run's own calls, will say so */
      } finally {
        beating = false;
      }
    });
  }, heartbeatMs);
  timer.unref();
  return {
    runId: body.runId,
    previousPending,
    async addPending(names) {
      if (names.length === 0) return;
      body.pending.push(...names);
      await write();
    },
    async clearPending() {
      if (body.pending.length === 0) return;
      body.pending = [];
      await write();
    },
    held,
    async release() {
      released = true;
      clearInterval(timer);
      await chain;
      if (await held()) await bucket.remove(LOCK);
    },
  };
}

/** The error of a run whose lock another run took over (it judged this run's lock stale). */
export function lockLost(where: string): Error {
  return new Error(
    `another assoc-feed sync took over the lock of ${where} (this run's lock looked stale to it): this run ` +
      'stops here without writing its manifest; run again once the other has finished.',
  );
}

const serialize = (body: LockBody) => `${JSON.stringify(body)}\n`;

/** The lock object read back: a file from the network, so each field is checked before use. */
function parseBody(text: string): LockBody | undefined {
  try {
    const b = JSON.parse(text) as Partial<LockBody>;
    if (
      typeof b.runId !== 'string' ||
      !Number.isSafeInteger(b.pid) ||
      typeof b.host !== 'string' ||
      typeof b.heartbeatAt !== 'string' ||
      Number.isNaN(Date.parse(b.heartbeatAt)) ||
      !Array.isArray(b.pending) ||
      !b.pending.every((p) => typeof p === 'string')
    )
      return undefined;
    return {
      runId: b.runId.slice(0, 64),
      pid: b.pid as number,
      host: b.host.slice(0, 64),
      startedAt: String(b.startedAt ?? ''),
      heartbeatAt: b.heartbeatAt,
      pending: b.pending,
    };
  } catch {
    return undefined;
  }
}
