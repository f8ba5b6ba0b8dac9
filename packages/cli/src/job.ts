// What export and backfill share: the output files and their checkpoint, opened fresh or resumed.
import {
  type Checkpoint,
  checkpointPath,
  checkSameJob,
  readCheckpoint,
  removeCheckpoint,
  writeCheckpoint,
} from './checkpoint.js';
import { UsageError } from './errors.js';
import type { ListMode } from './output/csv-layout.js';
import { type Destination, fileDestination, stdoutDestination } from './output/destination.js';
import type { Format } from './output/encoders.js';
import type { ProgressMode } from './progress.js';

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C / SIGTERM. */
  signal: AbortSignal;
}

export interface JobOptions {
  out?: string;
  format: Format;
  lists: ListMode;
  concurrency: number;
  dryRun: boolean;
  restart: boolean;
  progress: ProgressMode;
  progressInterval: number;
  /** Seconds between checkpoints (flush + checkpoint file); a kill redoes at most this much work. */
  checkpointInterval: number;
  quiet: boolean;
  retries?: number;
  timeout?: number;
}

export interface OpenedJob<P> {
  destination: Destination;
  /** The checkpoint being resumed, if any. */
  resumed?: Checkpoint<P>;
  /**
   * Flushes the output and records the committed units (no-op for stdout, which cannot be resumed). At most
   * once per checkpoint interval unless `force`: a flush to disk per date can cost more than the request on a
   * busy disk, and a kill only means the work since the last checkpoint is asked again, never lost or written twice.
   */
  save(records: number, progress: P, force?: boolean): void;
  /** Removes the checkpoint: the output is complete. */
  finish(): void;
}

export interface OpenTarget {
  /** The output file (its checkpoint is `<out>.checkpoint.json`); absent: stdout, or a directory of files. */
  out?: string | undefined;
  /** For a directory of per-period files, which the command writes itself. */
  checkpointFile?: string | undefined;
  tables: readonly string[];
  restart: boolean;
  /** Seconds between checkpoints (default 1). */
  checkpointInterval?: number;
}

/** Opens the job's output: a fresh file, a resumed one cut back to its checkpoint, stdout, or none (a directory). */
export function openJob<P>(
  command: 'export' | 'backfill',
  job: Record<string, unknown>,
  target: OpenTarget,
): OpenedJob<P> {
  const checkpointFile = target.out ? checkpointPath(target.out) : target.checkpointFile;
  if (!checkpointFile) {
    if (target.tables.some((t) => t !== '')) {
      throw new UsageError(
        '--lists files writes one CSV file per nested list: pass --out FILE (stdout holds one file).',
      );
    }
    return { destination: stdoutDestination(), save() {}, finish() {} };
  }
  if (target.restart) removeCheckpoint(checkpointFile);
  const resumed = readCheckpoint<P>(checkpointFile);
  if (resumed)
    checkSameJob(checkpointFile, { command: resumed.command, ...resumed.job }, { command, ...job });
  const destination = target.out ? fileDestination(target.out, target.tables, resumed?.files) : noDestination;
  let savedAt = Number.NEGATIVE_INFINITY;
  return {
    destination,
    ...(resumed ? { resumed } : {}),
    save(records, progress, force = false) {
      const now = performance.now();
      if (!force && now - savedAt < (target.checkpointInterval ?? 1) * 1000) return;
      savedAt = now;
      destination.sync();
      writeCheckpoint<P>(checkpointFile, {
        version: 1,
        command,
        job,
        files: destination.offsets() ?? {},
        records,
        progress,
      });
    },
    finish: () => removeCheckpoint(checkpointFile),
  };
}

const noDestination: Destination = {
  append: () => Promise.reject(new Error('this job writes its own files')),
  sync() {},
  offsets: () => ({}),
  close() {},
};

const number = new Intl.NumberFormat('en-US');
export const count = (n: number) => number.format(n);
