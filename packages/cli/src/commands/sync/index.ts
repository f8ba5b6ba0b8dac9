// `assoc-feed sync --out-dir DIR`: keeps DIR a queryable copy of the service in Parquet for a window of dates,
// incrementally (each run asks only what is missing or newly released) and exactly once (a killed run, run again,
// leaves what an uninterrupted run leaves). What it keeps: scope.ts; when data is final: finality.ts; the
// copy, its lock and manifest: storage.ts, a local directory in dataset.ts, a bucket in bucket-dataset.ts; the
// column types and the checks of every value: column-types.ts
// and cells.ts.
import { FeedError } from '@assoc-feed/core';
import { loadSpecModel } from '@assoc-feed/specs/load';
import { createFeedClients } from '../../clients.js';
import { type ConnectionFlags, resolveConnection } from '../../connection.js';
import { UsageError } from '../../errors.js';
import { count, type Io } from '../../job/job.js';
import { createProgress, type Progress, type ProgressMode } from '../../job/progress.js';
import { matchesOnly } from '../../operations.js';
import { cliVersion } from '../../version.js';
import { ValueFitError } from './cells.js';
import { type Column, recordColumns } from './column-types.js';
import { Dataset } from './dataset.js';
import type { LockOptions } from './lock.js';
import { emptyManifest, type Manifest } from './manifest.js';
import { forgetMissingFiles } from './manifest-files.js';
import { openDataset } from './open-dataset.js';
import { checkOnly, syncClock, syncWindow, todayOf } from './options.js';
import { openParquetWriter } from './parquet-writer.js';
import { partitionStore } from './partition-store.js';
import { checkSchemas, describePlan, plannedPartitions, planRuns } from './plan.js';
import { runTarget } from './run-target.js';
import { chooseTargets, type SyncTarget, syncTargets } from './scope.js';
import { SpoolPool } from './spools.js';
import type { CopyDataset } from './storage.js';
import { fullDisk, type Outcome, readSoFar, summarize } from './summary.js';
import type { TargetRun } from './target.js';

export interface SyncOptions extends ConnectionFlags {
  outDir: string;
  /** The endpoint of an S3-compatible store, for an s3:// --out-dir. */
  s3Endpoint?: string;
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

/** What tests inject: limits a run keeps whatever its window (defaults in spools.ts and lock.ts). */
export interface SyncLimits {
  maxOpenSpools?: number;
  lock?: LockOptions;
}

export async function syncCommand(options: SyncOptions, io: Io, limits: SyncLimits = {}): Promise<void> {
  const warn = (line: string) => io.stderr.write(`${line}\n`);
  const now = syncClock(io.env, warn);
  const today = todayOf(now);
  const window = syncWindow(options, today);
  const only = checkOnly(options.only);

  const model = loadSpecModel('feed');
  const all = syncTargets(model);
  const targets = chooseTargets(all, only);
  const columnsOf = new Map<SyncTarget, Column[]>(
    targets.map((t) => [
      t,
      recordColumns(model, t.operation.meta.path, t.operation.meta.pagination?.itemsField),
    ]),
  );

  const dataset = await openDataset(
    options.outDir,
    new Set(all.map((t) => t.operationId)),
    options.s3Endpoint,
    io.env,
  );
  // --restart without --only starts the whole copy over: its manifest is not even read.
  const restartAll = options.restart && only.length === 0;
  const { manifest, notes } = restartAll
    ? { manifest: emptyManifest(), notes: [] }
    : await Promise.resolve(dataset.readManifest()).catch(async (error) => {
        await dataset.release(); // a bucket's client is closed on every way out
        throw error;
      });
  // A local copy is checked against the files its manifest names (a bucket's manifest is its commit).
  if (dataset instanceof Dataset) notes.push(...forgetMissingFiles(dataset, manifest));
  const restarted = options.restart ? targets.map((t) => t.operationId) : [];
  for (const id of restarted) delete manifest.operations[id];
  const runs = planRuns(targets, columnsOf, manifest, { ...window, today, now });
  const problems = checkSchemas(runs, manifest);
  if (problems.length > 0) {
    const names = problems.map((p) => p.slice(0, p.indexOf(':')));
    await dataset.release();
    throw new UsageError(
      `the copy was written with another schema than this version's spec gives:\n${problems.join('\n')}\n` +
        `write those operations again with: assoc-feed sync --out-dir ${options.outDir} --restart --only ` +
        `${names.map((id) => targets.find((t) => t.operationId === id)?.operation.meta.path ?? id).join(',')}` +
        ' (the others are kept), or use another --out-dir.',
    );
  }
  if (options.dryRun) {
    for (const note of notes) warn(`note: ${note}`);
    io.stdout.write(`${describePlan(runs, options.outDir, now())}\ndry run: nothing was sent or written\n`);
    await dataset.release();
    return;
  }

  try {
    await dataset.take(limits.lock);
    for (const note of notes) warn(`note: ${note}`);
    if (restartAll) await dataset.restart(manifest, [...dataset.operationIds]);
    else if (restarted.length > 0) await dataset.restart(manifest, restarted);
    await syncInto(dataset, manifest, runs, options, io, limits);
  } finally {
    await dataset.release();
  }
}

async function syncInto(
  dataset: CopyDataset & { readonly requests?: number },
  manifest: Manifest,
  runs: TargetRun[],
  options: SyncOptions,
  io: Io,
  limits: SyncLimits,
): Promise<void> {
  const dir = dataset.dir;
  await dataset.removeLeftovers(manifest);
  manifest.writtenBy = `assoc-feed ${cliVersion()}`;
  const connection = resolveConnection(options, io.env);
  const clients = createFeedClients(connection, { retries: options.retries, timeoutMs: options.timeout });
  const writer = await openParquetWriter();
  const store = partitionStore(dataset, manifest, writer, new SpoolPool(limits.maxOpenSpools));
  const progress = syncProgress(options, io, dir);
  const outcomes: Outcome[] = [];
  const started = performance.now();
  // Whatever was committed before a failure or Ctrl-C is recorded, so the next run starts after it.
  const finish = async () => {
    try {
      await store.save(true);
    } finally {
      writer.close();
      progress.stop();
    }
  };
  try {
    await readAll(runs, clients, store, options, io, progress, outcomes);
  } catch (error) {
    // The read's own error matters more; the last manifest written still holds.
    await finish().catch(() => undefined);
    throw error;
  }
  // After a whole read, a manifest that could not be written fails the run: its new parts are named by none.
  await finish();
  await dataset.removeLeftovers(manifest);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!options.quiet) {
    const lines = summarize(outcomes, dir, seconds);
    if (dataset.requests !== undefined) lines.push(`${count(dataset.requests)} calls to the bucket's store`);
    io.stderr.write(`${lines.join('\n')}\n`);
  }
  const named = outcomes.filter(
    (t) => t.skipped && options.only.some((item) => matchesOnly(t.run.target.operation, item)),
  );
  const failed = outcomes.filter((t) => t.failed);
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

function syncProgress(options: SyncOptions, io: Io, dir: string): Progress {
  return createProgress({
    mode: options.quiet ? 'none' : options.progress,
    unit: 'partitions',
    oneUnit: 'partition',
    label: `sync ${dir}`,
    stream: io.stderr,
    intervalSeconds: options.progressInterval,
  });
}

/** Each operation in turn: a 403 skips it, a value the spec does not allow fails it, the others go on. */
async function readAll(
  runs: readonly TargetRun[],
  clients: ReturnType<typeof createFeedClients>,
  store: ReturnType<typeof partitionStore>,
  options: SyncOptions,
  io: Io,
  progress: Progress,
  outcomes: Outcome[],
): Promise<void> {
  // A total is shown only where it is known: E8's partitions come with its records.
  const totals = runs.map((run) => plannedPartitions(run, run.now()));
  const known = totals.every((t) => t !== undefined);
  const planned = totals.reduce<number>((n, t) => n + (t ?? 0), 0);
  let written = 0;
  progress.start(known && planned > 0 ? planned : undefined, 0);
  for (const run of runs) {
    const label = run.target.operation.meta.documentId ?? run.target.operationId;
    // E8 writes its partitions after its last answer: its line keeps the records read of their total.
    const byRecords = run.target.sync.kind === 'updates';
    progress.update(written, label);
    try {
      const tally = await runTarget(run, clients.document(run.target.operation.document), store, {
        concurrency: options.concurrency,
        signal: io.signal,
        onPartition: () => {
          written++;
          progress.update(written, byRecords ? undefined : label);
        },
        onRead: (t) =>
          progress.update(
            written,
            `${label}: ${readSoFar(t)} read in ${count(t.pages)} ${t.pages === 1 ? 'answer' : 'answers'}`,
          ),
      });
      outcomes.push({ run, tally });
    } catch (error) {
      if (io.signal.aborted) throw error;
      if (error instanceof FeedError && error.status === 403) {
        outcomes.push({ run, skipped: error.message });
        continue;
      }
      if (error instanceof ValueFitError) {
        outcomes.push({ run, failed: error.message });
        continue;
      }
      throw fullDisk(error, store.dataset.dir) ?? error;
    }
  }
}

export type { OperationEntry } from './manifest.js';
