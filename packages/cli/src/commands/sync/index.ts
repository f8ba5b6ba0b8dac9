// `assoc-feed sync --out-dir DIR`: keeps DIR a queryable copy of the service in Parquet for a window of dates,
// incrementally (each run asks only what is missing or newly released) and exactly once (a killed run, run again,
// leaves what an uninterrupted run leaves). What it keeps: scope.ts; when data is final: release.ts;
// the layout and the manifest: dataset.ts; the column types: column-types.ts.
import { existsSync, statSync } from 'node:fs';
import { FeedError } from '@assoc-feed/core';
import { addMonths, isIsoDate, todayInBrasilia } from '@assoc-feed/core/internal/calendar';
import { loadSpecModel } from '@assoc-feed/specs/load';
import { createFeedClients } from '../../clients.js';
import { type ConnectionFlags, resolveConnection } from '../../connection.js';
import { UsageError } from '../../errors.js';
import { count, type Io } from '../../job/job.js';
import { createProgress, type ProgressMode } from '../../job/progress.js';
import { matchesOnly } from '../../operations.js';
import { cliVersion } from '../../version.js';
import { ValueFitError } from './cells.js';
import { type Column, recordColumns, sqlType } from './column-types.js';
import {
  foreignEntries,
  lockDir,
  type Manifest,
  makeDir,
  type OperationEntry,
  readManifest,
  removeDataset,
  removeLeftovers,
  type SchemaField,
} from './dataset.js';
import { openParquetWriter } from './parquet-writer.js';
import { partitionStore } from './partition-store.js';
import {
  datedUnits,
  runTarget,
  snapshotDue,
  type TargetRun,
  type TargetTally,
  updatesSince,
} from './run-target.js';
import { chooseTargets, type SyncTarget, syncTargets } from './scope.js';

export interface SyncOptions extends ConnectionFlags {
  outDir: string;
  from?: string;
  to?: string;
  only: string[];
  concurrency: number;
  dryRun: boolean;
  restart: boolean;
  progress: ProgressMode;
  progressInterval: number;
  quiet: boolean;
  retries?: number;
  timeout?: number;
}

/**
 * The time the release rules are read against: the machine's clock, or ASSOC_FEED_NOW (an ISO instant) so a test
 * can pin it to its sandbox's clock.
 */
function clock(env: NodeJS.ProcessEnv): () => number {
  const fixed = env.ASSOC_FEED_NOW;
  if (!fixed) return () => Date.now();
  const at = Date.parse(fixed);
  if (Number.isNaN(at)) throw new UsageError(`ASSOC_FEED_NOW=${fixed} is not a date and time: unset it.`);
  return () => at;
}

export async function syncCommand(options: SyncOptions, io: Io): Promise<void> {
  const now = clock(io.env);
  const today = todayInBrasilia(new Date(now()));
  const from = options.from ?? addMonths(`${today.slice(0, 7)}-01`, -1);
  const to = options.to ?? today;
  for (const [name, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!isIsoDate(value))
      throw new UsageError(
        `${name} ${JSON.stringify(value)} is not a date: write YYYY-MM-DD (e.g. 2026-01-31).`,
      );
    if (value > today)
      throw new UsageError(
        `${name} ${value} is in the future (today is ${today} in Brasília): pass ${today} or earlier.`,
      );
  }
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}: swap them.`);

  const model = loadSpecModel('feed');
  const all = syncTargets(model);
  const targets = chooseTargets(all, options.only);
  const columnsOf = new Map<SyncTarget, Column[]>(
    targets.map((t) => {
      const columns = recordColumns(model, t.operation.meta.path, t.operation.meta.pagination?.itemsField);
      // E8's date is its partition: in the directory name, not in the file.
      const kept = t.sync.kind === 'updates' ? columns.filter((c) => c.name !== t.partitionColumn) : columns;
      return [t, kept];
    }),
  );

  const dir = options.outDir;
  const ids = new Set(all.map((t) => t.operationId));
  checkDirectory(dir, ids);
  const manifest: Manifest = (options.restart ? undefined : readManifest(dir)) ?? {
    version: 1,
    writtenBy: '',
    operations: {},
  };
  checkSchemas(manifest, targets, columnsOf);

  const runs: TargetRun[] = targets.map((target) => ({
    target,
    columns: columnsOf.get(target) as Column[],
    entry: manifest.operations[target.operationId] ?? {
      path: target.operation.meta.path,
      ...(target.operation.meta.documentId ? { documentId: target.operation.meta.documentId } : {}),
      partitionColumn: target.partitionColumn,
      schema: schemaOf(columnsOf.get(target) as Column[]),
      partitions: {},
    },
    from,
    to,
    today,
    now,
  }));

  if (options.dryRun) {
    io.stdout.write(`${describePlan(runs, dir, now())}\ndry run: nothing was sent or written\n`);
    return;
  }

  makeDir(dir);
  const unlock = lockDir(dir);
  try {
    if (options.restart) removeDataset(dir, ids);
    await syncInto(dir, manifest, runs, options, io, now);
  } finally {
    unlock();
  }
}

async function syncInto(
  dir: string,
  manifest: Manifest,
  runs: TargetRun[],
  options: SyncOptions,
  io: Io,
  now: () => number,
): Promise<void> {
  removeLeftovers(dir, manifest);
  manifest.writtenBy = `assoc-feed ${cliVersion()}`;
  const connection = resolveConnection(options, io.env);
  const clients = createFeedClients(connection, { retries: options.retries, timeoutMs: options.timeout });
  const writer = await openParquetWriter();
  const store = partitionStore(dir, manifest, writer);
  const progress = createProgress({
    mode: options.quiet ? 'none' : options.progress,
    unit: 'partitions',
    label: `sync ${dir}`,
    stream: io.stderr,
    intervalSeconds: options.progressInterval,
  });
  const planned = runs.reduce((n, run) => n + plannedPartitions(run, now()), 0);
  let written = 0;
  progress.start(planned || undefined, 0);
  const started = performance.now();
  const tallies: { run: TargetRun; tally?: TargetTally; skipped?: string; failed?: string }[] = [];
  try {
    for (const run of runs) {
      try {
        const tally = await runTarget(run, clients.document(run.target.operation.document), store, {
          concurrency: options.concurrency,
          signal: io.signal,
          onPartition: () => {
            written++;
            if (written > planned) progress.setTotal(written);
            progress.update(written, run.target.operation.meta.documentId);
          },
        });
        tallies.push({ run, tally });
      } catch (error) {
        if (io.signal.aborted) throw error;
        if (error instanceof FeedError && error.status === 403) {
          tallies.push({ run, skipped: error.message });
          continue;
        }
        if (error instanceof ValueFitError) {
          tallies.push({ run, failed: error.message });
          continue;
        }
        throw fullDisk(error, dir) ?? error;
      }
    }
  } finally {
    // Whatever was committed before a failure or Ctrl-C is recorded, so the next run starts after it.
    try {
      store.save();
    } catch {
      /* the original error matters more; the last manifest written still holds */
    }
    writer.close();
    progress.stop();
  }
  removeLeftovers(dir, manifest);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = summarize(tallies, dir, seconds);
  if (!options.quiet) io.stderr.write(`${lines.join('\n')}\n`);
  const named = tallies.filter(
    (t) => t.skipped && options.only.some((item) => matchesOnly(t.run.target.operation, item)),
  );
  const failed = tallies.filter((t) => t.failed);
  if (failed.length > 0 || named.length > 0) {
    const reasons = [
      ...failed.map((t) => `${t.run.target.operation.meta.path}: ${t.failed}`),
      ...named.map(
        (t) =>
          `${t.run.target.operation.meta.path} was named in --only but the service refused it (403): ${t.skipped}`,
      ),
    ];
    throw new Error(`sync did not complete:\n${reasons.join('\n')}`);
  }
}

/** DIR must hold nothing but sync's own files (as `export` refuses to overwrite what it did not write). */
function checkDirectory(dir: string, ids: ReadonlySet<string>): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`--out-dir ${dir} is a file: give a directory (new, or one an earlier sync wrote).`);
  const foreign = foreignEntries(dir, ids);
  if (foreign.length === 0) return;
  const shown =
    foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
  throw new UsageError(
    `--out-dir ${dir} holds files sync did not write (${shown}): give an empty or new directory, or one an ` +
      'earlier sync wrote.',
  );
}

function schemaOf(columns: readonly Column[]): SchemaField[] {
  return columns.map((c) => ({ name: c.name, type: sqlType(c.type) }));
}

/** A manifest's schema must be what the spec gives now: a changed column would mix two types in one dataset. */
function checkSchemas(
  manifest: Manifest,
  targets: readonly SyncTarget[],
  columnsOf: Map<SyncTarget, Column[]>,
) {
  const problems: string[] = [];
  for (const target of targets) {
    const entry = manifest.operations[target.operationId];
    if (!entry) continue;
    const now = new Map(schemaOf(columnsOf.get(target) as Column[]).map((f) => [f.name, f.type]));
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
  if (problems.length > 0) {
    throw new UsageError(
      `the copy was written with another schema than this version's spec gives:\n${problems.join('\n')}\n` +
        'pass --restart to write the copy again with the new schema, or use another --out-dir.',
    );
  }
}

function plannedPartitions(run: TargetRun, now: number): number {
  if (run.target.sync.kind === 'dated') return datedUnits(run, now).ask.length;
  if (run.target.sync.kind === 'snapshot') return snapshotDue(run) ? 1 : 0;
  return 0;
}

function describePlan(runs: readonly TargetRun[], dir: string, now: number): string {
  const lines = [`plan: sync ${runs.length} operations into ${dir}`];
  for (const run of runs) {
    const { target } = run;
    const name = `GET ${target.operation.meta.path}`;
    if (target.sync.kind === 'dated') {
      const { ask, upToDate, notReleased } = datedUnits(run, now);
      const periods = ask.map((u) => u.period);
      lines.push(
        `  ${name}: ${count(ask.length)} ${target.sync.plan.kind === 'day' ? 'days' : 'months'} to read` +
          `${periods.length ? ` (${shorten(periods)})` : ''}, ${upToDate} up to date, ${notReleased} not released yet`,
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
  return lines.join('\n');
}

const shorten = (items: string[]) =>
  items.length <= 6 ? items.join(', ') : `${items.slice(0, 3).join(', ')}, …, ${items.slice(-2).join(', ')}`;

function summarize(
  tallies: { run: TargetRun; tally?: TargetTally; skipped?: string; failed?: string }[],
  dir: string,
  seconds: string,
): string[] {
  const done = tallies.filter((t) => t.tally);
  const sum = (key: 'requests' | 'partitions' | 'rows' | 'upToDate' | 'notReleased') =>
    done.reduce((n, t) => n + (t.tally?.[key] ?? 0), 0);
  const lines = [
    `synced ${done.length} of ${tallies.length} operations into ${dir} in ${seconds} s: ${count(sum('requests'))} requests, ` +
      `${count(sum('partitions'))} partitions written (${count(sum('rows'))} rows), ${count(sum('upToDate'))} up to date, ` +
      `${count(sum('notReleased'))} not released yet; manifest in ${dir}/_sync.json`,
  ];
  const skipped = tallies.filter((t) => t.skipped);
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
  for (const t of tallies.filter((x) => x.failed)) lines.push(`failed: ${t.failed}`);
  return lines;
}

/** A full disk is the user's to fix, with a message that says so (nothing half-written is kept). */
function fullDisk(error: unknown, dir: string): Error | undefined {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOSPC' || /no space left on device/i.test(String(e?.message))) {
    return new Error(
      `the disk holding ${dir} is full: free some space and run the same command again. No partition was half-written; ` +
        'the copy holds every partition completed before this one.',
    );
  }
  return undefined;
}

export type { OperationEntry };
