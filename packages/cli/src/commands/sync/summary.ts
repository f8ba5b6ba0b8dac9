// What a finished run says: counts, what was skipped or failed, and fields the spec does not have.
import { count } from '../../job/job.js';
import { MANIFEST } from './manifest.js';
import { plural } from './plan.js';
import { locationOf } from './storage.js';
import type { TargetRun, TargetTally } from './target.js';

export interface Outcome {
  run: TargetRun;
  tally?: TargetTally;
  skipped?: string;
  failed?: string;
}

export function summarize(outcomes: readonly Outcome[], dir: string, seconds: string): string[] {
  const done = outcomes.filter((t) => t.tally);
  const sum = (key: 'requests' | 'partitions' | 'rows' | 'upToDate' | 'notReleased') =>
    done.reduce((n, t) => n + (t.tally?.[key] ?? 0), 0);
  const lines = [
    `synced ${done.length} of ${plural(outcomes.length, 'operation', 'operations')} into ${dir} in ${seconds} s: ` +
      `${plural(sum('requests'), 'request', 'requests')}, ${plural(sum('partitions'), 'partition', 'partitions')} ` +
      `written (${plural(sum('rows'), 'row', 'rows')}), ${count(sum('upToDate'))} up to date, ` +
      `${count(sum('notReleased'))} not released yet; manifest in ${locationOf(dir, MANIFEST)}`,
  ];
  const skipped = outcomes.filter((t) => t.skipped);
  if (skipped.length > 0) {
    lines.push(
      `skipped (403, not in your plan): ${skipped.map((t) => t.run.target.operation.meta.documentId ?? t.run.target.operation.meta.path).join(', ')}`,
    );
  }
  for (const t of done) {
    const unknown = [...(t.tally?.unknownFields ?? [])];
    if (unknown.length > 0) {
      lines.push(
        `${t.run.target.operation.meta.path}: fields the spec does not have were not kept (${unknown.slice(0, 5).join(', ')}); assoc-feed conform reports them`,
      );
    }
  }
  for (const t of outcomes.filter((x) => x.failed))
    lines.push(`failed: ${t.run.target.operation.meta.path}: ${t.failed}`);
  return lines;
}

/** A full disk is the user's to fix, with a message that says so (nothing half-written is kept). */
export function fullDisk(error: unknown, dir: string): Error | undefined {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOSPC' || /no space left on device/i.test(String(e?.message))) {
    return new Error(
      `the disk holding ${dir} is full: free some space and run the same command again. No partition was half-written; ` +
        'the copy holds every partition completed before this one.',
    );
  }
  return undefined;
}
