// When a partition of a document 3 operation exists and when it stops changing, from the operation's release
// schedule in the spec (`x-release-schedule`, Brasília time, which has kept -03:00 all year since 2019):
//   - a day is asked once its release time has passed (`daily from 20:00`: from 20:00 that day);
//   - a day released "throughout the day" or intraday (`intraday`, and the intraday operations, whose results are
//     those of the hour they are read) is read again on every run until a run on a later day reads it;
//   - other days are final once read after their release time;
//   - a month is final once read after it ended, except the projections (`on-publication`), whose current and
//     previous month are read again on every run (they change on the inflation indices' publication dates);
//   - a day (or month) the service answered without data (404) is final only once the service has published a
//     later one of that operation (it publishes in order) or seven days after its release time: a clock a few
//     minutes ahead, or a publication later than its schedule, never leaves a permanent hole. A day that is not a
//     business day by the calendar is final at once.
import { addMonths, isBusinessDay, todayInBrasilia } from '@assoc-feed/core/internal/calendar';
import type { OperationEntry } from './manifest.js';
import type { SyncTarget } from './scope.js';

/** How long after its release time a period without data is taken as never published. */
const HOLE_FINAL_AFTER_MS = 7 * 24 * 3600_000;

const BRASILIA_OFFSET_MS = 3 * 3600_000;

/** Brasília wall-clock `date` at `time` (HH:MM), in ms since the epoch. */
function brasiliaInstant(date: string, time = '00:00'): number {
  return Date.parse(`${date}T${time}:00.000Z`) + BRASILIA_OFFSET_MS;
}

/** Read again until a later day: released throughout the day, or intraday results. */
export function changesDuringTheDay(target: SyncTarget): boolean {
  return target.schedule?.frequency === 'intraday' || /intradi/.test(target.operation.meta.path);
}

/** The first day of the month of `period` (`2026-11` → `2026-11-01`) or the day itself. */
export function partitionValue(period: string): string {
  return period.length === 7 ? `${period}-01` : period;
}

/** Whether the service has published the period by `now`. */
export function isReleased(target: SyncTarget, period: string, now: number): boolean {
  if (period.length === 7) return brasiliaInstant(`${period}-01`) <= now;
  return brasiliaInstant(period, target.schedule?.time) <= now;
}

/** Whether what was read at `readAt` for the period is its final content. */
export function isFinal(target: SyncTarget, period: string, readAt: number): boolean {
  const readDay = todayInBrasilia(new Date(readAt));
  if (period.length === 7) {
    const month = `${period}-01`;
    if (target.schedule?.frequency === 'on-publication') {
      // Final once it is older than the previous month of the day it was read.
      return month < addMonths(`${readDay.slice(0, 7)}-01`, -1);
    }
    return month < `${readDay.slice(0, 7)}-01`;
  }
  if (changesDuringTheDay(target)) return period < readDay;
  return brasiliaInstant(period, target.schedule?.time) <= readAt;
}

/** Whether a period answered without data (404 or an empty answer) at `now` is final, by the rule above. */
export function holeIsFinal(target: SyncTarget, period: string, entry: OperationEntry, now: number): boolean {
  if (period.length === 10 && !isBusinessDay(period)) return true;
  if (!isFinal(target, period, now)) return false;
  const value = partitionValue(period);
  const laterPublished = Object.entries(entry.partitions).some(([v, p]) => v > value && p.file !== undefined);
  const released =
    period.length === 7 ? brasiliaInstant(`${period}-01`) : brasiliaInstant(period, target.schedule?.time);
  return laterPublished || now >= released + HOLE_FINAL_AFTER_MS;
}

/**
 * Judges again every partition of a dated operation recorded without data (those of an earlier version included,
 * which took a 404 after the release time as final): not final until the rule above says so.
 */
export function settleHoles(target: SyncTarget, entry: OperationEntry, now: number): void {
  if (target.sync.kind !== 'dated') return;
  const monthly = target.sync.plan.kind === 'month';
  for (const [value, partition] of Object.entries(entry.partitions)) {
    if (partition.file !== undefined) continue;
    const period = monthly ? value.slice(0, 7) : value;
    partition.final = holeIsFinal(target, period, entry, now);
  }
}
