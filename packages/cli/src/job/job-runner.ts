// The skeleton of a long job (export, backfill): connect, open the output fresh or resumed, show progress, run
// the command's units, checkpoint on every way out (done, failure, Ctrl-C) and print the summary. A command
// gives only what differs: its checkpointed state, how it starts and ends its output, its units, its summary.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LooseClient } from '@assoc-feed/core/internal';
import { createFeedClients } from '../clients.js';
import { type ConnectionFlags, resolveConnection } from '../connection.js';
import { UsageError } from '../errors.js';
import type { Operation } from '../operations.js';
import { fileKey } from '../output/destination.js';
import { type Io, type JobOptions, type OpenedJob, openJob } from './job.js';
import { createProgress, type Progress } from './progress.js';

/** What a command's steps see and update; `records` and `state` are what the checkpoint records. */
export interface JobContext<P> {
  client: LooseClient;
  opened: OpenedJob<P>;
  progress: Progress;
  /** A line on stderr, unless --quiet. */
  log(line: string): void;
  records: number;
  state: P;
  /** A checkpoint of `records` and `state`, at most once per checkpoint interval. */
  save(): void;
}

export interface JobSpec<P> {
  command: 'export' | 'backfill';
  operation: Operation;
  /** What identifies the job in its checkpoint: a resumed run must ask for the same. */
  job: Record<string, unknown>;
  /** A directory of files the command writes itself (created; it holds the checkpoint), instead of `--out`. */
  outDir?: string | undefined;
  tables: readonly string[];
  /** What the progress counts: records, dates, months, windows. */
  unit: string;
  /** The state of a fresh run. */
  initial: P;
  /** The line announcing a resumed run. */
  resuming(context: JobContext<P>): string;
  /** Writes the start of a fresh output. */
  begin(context: JobContext<P>): Promise<void>;
  run(context: JobContext<P>): Promise<void>;
  /** Completes the output, once every unit is committed. */
  end(context: JobContext<P>): Promise<void>;
  /** The closing lines, after a complete run. */
  summary(context: JobContext<P>, seconds: string): string[];
}

export async function runJob<P>(
  spec: JobSpec<P>,
  options: JobOptions & ConnectionFlags,
  io: Io,
): Promise<void> {
  const op = spec.operation.meta;
  const connection = resolveConnection(options, io.env);
  const clients = createFeedClients(connection, { retries: options.retries, timeoutMs: options.timeout });
  if (spec.outDir) makeOutDir(spec.outDir);
  // A directory of files is part of the job by its real path: any spelling of it resumes the same job.
  const job = spec.outDir && 'outDir' in spec.job ? { ...spec.job, outDir: fileKey(spec.outDir) } : spec.job;
  const opened = openJob<P>(spec.command, job, {
    out: options.out,
    checkpointFile: spec.outDir && join(spec.outDir, '_checkpoint.json'),
    tables: spec.tables,
    restart: options.restart,
    force: options.force,
    checkpointInterval: options.checkpointInterval,
    stdout: io.stdout,
  });
  const context: JobContext<P> = {
    client: clients.document(spec.operation.document),
    opened,
    progress: createProgress({
      mode: options.quiet ? 'none' : options.progress,
      unit: spec.unit,
      label: `${spec.command} ${op.path}`,
      shortLabel: `${spec.command} ${op.documentId ?? op.path}`,
      stream: io.stderr,
      intervalSeconds: options.progressInterval,
    }),
    log: (line) => options.quiet || io.stderr.write(`${line}\n`),
    records: opened.resumed?.records ?? 0,
    state: opened.resumed?.progress ?? spec.initial,
    save: () => opened.save(context.records, context.state),
  };
  const started = performance.now();

  try {
    if (opened.resumed) context.log(spec.resuming(context));
    else {
      await spec.begin(context);
      opened.save(context.records, context.state, true);
    }
    await spec.run(context);
    await spec.end(context);
    opened.finish();
    context.progress.stop();
  } catch (error) {
    // Whatever was committed before the failure (or Ctrl-C) is counted, so the next run starts after it.
    try {
      opened.save(context.records, context.state, true);
    } catch {
      /* the original error matters more; the last checkpoint still holds */
    }
    context.progress.stop();
    throw error;
  } finally {
    opened.destination.close();
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const line of spec.summary(context, seconds)) context.log(line);
}

/** An --out-dir that cannot be made (a file in the way, no permission) is a setup error: exit 2, nothing sent. */
function makeOutDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new UsageError(
      `cannot make --out-dir ${dir} (${(error as Error).message}): pass a directory that can be created or written.`,
    );
  }
}
