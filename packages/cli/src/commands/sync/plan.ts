// What a run will do, decided before anything is sent: each operation's run (its manifest entry, columns and
// window), the schema check against a copy written earlier, the dry run's plan and the progress bar's total.
import { count } from '../../job/job.js';
import { type Column, sqlType } from './column-types.js';
import { settleHoles } from './finality.js';
import { MANIFEST, type Manifest, type SchemaField } from './manifest.js';
import type { SyncTarget } from './scope.js';
import { locationOf } from './storage.js';
import { datedUnits, snapshotDue, type TargetRun, updatesSince } from './target.js';

export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function schemaOf(columns: readonly Column[]): SchemaField[] {
  return columns.map((c) => ({ name: c.name, type: sqlType(c.type) }));
}

/** Each target's run, its recorded holes judged again by the rule of today (finality.ts). */
export function planRuns(
  targets: readonly SyncTarget[],
  columnsOf: ReadonlyMap<SyncTarget, Column[]>,
  manifest: Manifest,
  window: { from: string; to: string; today: string; now: () => number },
): TargetRun[] {
  return targets.map((target) => {
    const columns = columnsOf.get(target) as Column[];
    const entry = manifest.operations[target.operationId] ?? {
      path: target.operation.meta.path,
      ...(target.operation.meta.documentId ? { documentId: target.operation.meta.documentId } : {}),
      partitionColumn: target.partitionColumn,
      schema: schemaOf(
        target.sync.kind === 'updates' ? columns.filter((c) => c.name !== target.partitionColumn) : columns,
      ),
      partitions: {},
    };
    settleHoles(target, entry, window.now());
    return { target, columns, entry, ...window };
  });
}

/** A manifest's schema must be what the spec gives now: a changed column would mix two types in one dataset. */
export function checkSchemas(runs: readonly TargetRun[], manifest: Manifest): string[] {
  const problems: string[] = [];
  for (const { target, columns } of runs) {
    const entry = manifest.operations[target.operationId];
    if (!entry) continue;
    const kept =
      target.sync.kind === 'updates' ? columns.filter((c) => c.name !== target.partitionColumn) : columns;
    const now = new Map(schemaOf(kept).map((f) => [f.name, f.type]));
    const then = new Map(entry.schema.map((f) => [f.name, f.type]));
    const changed = [...new Set([...then.keys(), ...now.keys()])].filter(
      (name) => then.get(name) !== now.get(name),
    );
    if (changed.length === 0 && entry.partitionColumn === target.partitionColumn) continue;
    const detail = changed.map(
      (name) => `${name} (${then.get(name) ?? 'absent'} then, ${now.get(name) ?? 'absent'} now)`,
    );
    problems.push(`${target.operationId}: ${detail.join('; ') || 'partition column'}`);
  }
  return problems;
}

/** Partitions a run will write, where that is known before it starts (not E8's: its dates come with its records). */
export function plannedPartitions(run: TargetRun, now: number): number | undefined {
  if (run.target.sync.kind === 'dated') return datedUnits(run, now).ask.length;
  if (run.target.sync.kind === 'snapshot') return snapshotDue(run) ? 1 : 0;
  return undefined;
}

export function describePlan(runs: readonly TargetRun[], dir: string, now: number): string {
  const lines = [`plan: sync ${plural(runs.length, 'operation', 'operations')} into ${dir}`];
  for (const run of runs) {
    const { target } = run;
    const name = `GET ${target.operation.meta.path}`;
    if (target.sync.kind === 'dated') {
      const { ask, upToDate, notReleased } = datedUnits(run, now);
      const periods = ask.map((u) => u.period);
      const unit = target.sync.plan.kind === 'day' ? ['day', 'days'] : ['month', 'months'];
      lines.push(
        `  ${name}: ${plural(ask.length, unit[0] as string, unit[1] as string)} to read` +
          `${periods.length ? ` (${shorten(periods)})` : ''}, ${count(upToDate)} up to date, ${count(notReleased)} not released yet`,
      );
    } else if (target.sync.kind === 'snapshot') {
      lines.push(
        `  ${name}: ${snapshotDue(run) ? `a snapshot for ${run.today}` : `up to date (snapshot of ${run.today} kept)`}`,
      );
    } else {
      lines.push(
        `  ${name}: records updated since ${target.sync.sinceParam}=${updatesSince(run)}, ${target.sync.dateField} from ${run.from} to ${run.to}`,
      );
    }
  }
  lines.push(`manifest: ${locationOf(dir, MANIFEST)}`);
  return lines.join('\n');
}

const shorten = (items: string[]) =>
  items.length <= 6 ? items.join(', ') : `${items.slice(0, 3).join(', ')}, …, ${items.slice(-2).join(', ')}`;
