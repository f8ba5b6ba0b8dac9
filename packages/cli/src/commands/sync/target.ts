// One operation's run: what it reads against (its manifest entry, columns, window, clock), what it counts, and
// what is due: the dated units to ask, whether a snapshot is due, where E8 is read from.

import type { LooseClient } from '@assoc-feed/core/internal';
import { addDays } from '@assoc-feed/core/internal/calendar';
import { planBackfill, type Unit } from '../../job/dated-plan.js';
import type { Column } from './column-types.js';
import { isReleased, partitionValue } from './finality.js';
import type { OperationEntry } from './manifest.js';
import type { PartitionStore } from './partition-store.js';
import type { SyncTarget } from './scope.js';

export interface TargetRun {
  target: SyncTarget;
  entry: OperationEntry;
  columns: Column[];
  from: string;
  to: string;
  today: string;
  now: () => number;
}

export interface TargetTally {
  requests: number;
  partitions: number;
  rows: number;
  upToDate: number;
  notReleased: number;
  /** E8: records and answers read (kept or not). */
  records: number;
  pages: number;
  /** E8: the records the service says the read holds (its `totalSize`), once the first answer came. */
  recordsTotal?: number;
  /** Fields the service sent that the spec does not have (not kept). */
  unknownFields: Set<string>;
}

export interface ReadOptions {
  concurrency: number;
  signal: AbortSignal;
  onPartition: () => void;
  /** E8: after each answer, the records and answers read so far. */
  onRead?: (tally: TargetTally) => void;
}

export type Reader = (
  run: TargetRun,
  client: LooseClient,
  store: PartitionStore,
  options: ReadOptions,
  tally: TargetTally,
) => Promise<void>;

export const newTally = (): TargetTally => ({
  requests: 0,
  partitions: 0,
  rows: 0,
  upToDate: 0,
  notReleased: 0,
  records: 0,
  pages: 0,
  unknownFields: new Set(),
});

/** The units of a dated operation to ask now: released, and not already final in the manifest. */
export function datedUnits(run: Omit<TargetRun, 'columns' | 'now'>, now: number) {
  const { target, entry } = run;
  if (target.sync.kind !== 'dated') return { ask: [] as Unit[], upToDate: 0, notReleased: 0 };
  const units = planBackfill(target.sync.plan, run.from, run.to).units;
  const released = units.filter((u) => isReleased(target, u.period, now));
  const ask = released.filter((u) => !entry.partitions[partitionValue(u.period)]?.final);
  return { ask, upToDate: released.length - ask.length, notReleased: units.length - released.length };
}

/** A snapshot is taken at most once a day. */
export const snapshotDue = (run: Pick<TargetRun, 'entry' | 'today'>) => !run.entry.partitions[run.today];

/**
 * Where E8 is read from: the newest update seen by the last run; from the window's start when the window now
 * starts earlier; and no later than the day after the last window's end when it now ends later (a record is
 * published on or after its date, so the new dates' records are all updated after that day began, but those seen
 * by the last run fell outside its window and were not kept).
 */
export function updatesSince(run: Pick<TargetRun, 'entry' | 'from' | 'to'>): string {
  const done = run.entry.updates;
  const start = `${run.from}T00:00:00.000`;
  if (!done || run.from < done.from) return start;
  if (run.to > done.to) {
    const after = `${addDays(done.to, 1)}T00:00:00.000`;
    return after < done.since ? after : done.since;
  }
  return done.since;
}
