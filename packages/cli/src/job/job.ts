// What export and backfill share: the output files and their checkpoint, opened fresh or resumed.
import { lstatSync, openSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { ListMode } from '../output/csv-layout.js';
import {
  type Destination,
  fileDestination,
  fileKey,
  isStreamFile,
  removeStaleTemps,
  stdoutDestination,
  streamFileDestination,
  tablePath,
} from '../output/destination.js';
import type { Format } from '../output/encoders.js';
import {
  type Checkpoint,
  checkpointPath,
  checkSameJob,
  readCheckpoint,
  removeCheckpoint,
  writeCheckpoint,
} from './checkpoint.js';
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
  /** Write through a symbolic link at --out (refused without it). */
  force: boolean;
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
  /**
   * The output file (its checkpoint is `<real file>.checkpoint.json`, beside the file a link points to); a device or
   * a pipe (no checkpoint); absent: stdout, or a directory of files.
   */
  out?: string | undefined;
  /** For a directory of per-period files, which the command writes itself. */
  checkpointFile?: string | undefined;
  tables: readonly string[];
  restart: boolean;
  /** Write through a symbolic link at `out`. */
  force?: boolean;
  /** Seconds between checkpoints (default 1). */
  checkpointInterval?: number;
  /** Where output without --out goes: the command's stdout (`Io.stdout`), the process's by default. */
  stdout?: NodeJS.WritableStream;
}

/** Opens the job's output: a fresh file, a resumed one cut back to its checkpoint, stdout, or none (a directory). */
export function openJob<P>(
  command: 'export' | 'backfill',
  job: Record<string, unknown>,
  target: OpenTarget,
): OpenedJob<P> {
  if (target.out && isStreamFile(target.out)) return openStream(target.out, target);
  // Beside the real file, whatever link or spelling --out reached it by: any of them resumes it.
  const realOut = target.out && fileKey(target.out);
  const checkpointFile = realOut ? checkpointPath(realOut) : target.checkpointFile;
  if (!checkpointFile) {
    if (target.tables.some((t) => t !== '')) {
      throw new UsageError(
        '--lists files writes one CSV file per nested list: pass --out FILE (stdout holds one file).',
      );
    }
    return { destination: stdoutDestination(target.stdout), save() {}, finish() {} };
  }
  // What a kill or a full disk left between a write and its rename; ours (this pid) are never among them.
  removeStaleTemps(dirname(checkpointFile), realOut ? `${basename(realOut)}.` : '');
  if (target.restart) removeCheckpoint(checkpointFile);
  const resumed = readCheckpoint<P>(checkpointFile);
  if (resumed) {
    checkSameJob(checkpointFile, { command: resumed.command, ...resumed.job }, { command, ...job });
    // Keys of older checkpoints are paths as typed: resolved here against this run's directory.
    resumed.files = Object.fromEntries(Object.entries(resumed.files).map(([k, v]) => [fileKey(k), v]));
  }
  const destination = target.out ? openFiles(target.out, target, resumed?.files) : noDestination;
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

/**
 * The output files, after the checks that keep a run from destroying what it did not write: no writing through a
 * symbolic link without --force, no truncating a file with content that no checkpoint of this job accounts for
 * without --restart. A file that cannot be opened is a setup error (exit 2): nothing was sent yet.
 */
function openFiles(out: string, target: OpenTarget, resume: Record<string, number> | undefined): Destination {
  for (const table of target.tables) {
    const path = tablePath(out, table);
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(path);
    } catch {
      continue; // not there: created fresh
    }
    const link = stat.isSymbolicLink();
    if (link && !target.force) {
      throw new UsageError(
        `${path} is a symbolic link (to ${fileKey(path)}): refusing to write through it. Pass --force to write to ` +
          'the file it points to, or give the real file or another --out.',
      );
    }
    // Through a link, the file it points to is the one that would be overwritten: --force does not cover that.
    const file = link ? statIfThere(path) : stat;
    if (resume?.[fileKey(path)] === undefined && !target.restart && file?.isFile() && file.size > 0) {
      throw new UsageError(
        `${path}${link ? ` (a link to ${fileKey(path)})` : ''} already holds ${count(file.size)} bytes and no ` +
          'checkpoint of this job accounts for them: pass --restart to overwrite it, or write to another --out' +
          `${link ? ' (--force only lets a run write through a link)' : ''}.`,
      );
    }
  }
  try {
    return fileDestination(out, target.tables, resume);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UsageError || typeof code !== 'string') throw error;
    throw new UsageError(
      `cannot write the output (${(error as Error).message}): check that the directory of --out exists and is ` +
        'writable, or pass another --out.',
    );
  }
}

function statIfThere(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A character device or a pipe as --out (`/dev/null`, `/dev/stdout`, a FIFO): written in order, without fsync,
 * truncate or checkpoint, as stdout is; nothing to resume. The links under /dev to them (`/dev/stdout`) are the
 * system's own and need no --force; a link elsewhere does.
 */
function openStream<P>(out: string, target: OpenTarget): OpenedJob<P> {
  if (target.tables.some((t) => t !== '')) {
    throw new UsageError(
      `--lists files writes one CSV file per nested list beside --out, and ${out} is a device or a pipe: pass ` +
        '--out FILE, or another --lists mode.',
    );
  }
  if (lstatSync(out).isSymbolicLink() && !target.force && !resolve(out).startsWith('/dev/')) {
    throw new UsageError(
      `${out} is a symbolic link (to a device or a pipe): refusing to write through it. Pass --force to write to ` +
        'what it points to, or give the device itself.',
    );
  }
  // This process's own stdout (a socket cannot be opened by its /proc link): written as stdout is.
  if (STDOUT_LINKS.has(resolve(out)))
    return { destination: stdoutDestination(target.stdout), save() {}, finish() {} };
  let fd: number;
  try {
    fd = openSync(out, 'w');
  } catch (error) {
    throw new UsageError(`cannot write to ${out} (${(error as Error).message}): pass another --out.`);
  }
  return { destination: streamFileDestination(fd), save() {}, finish() {} };
}

const STDOUT_LINKS = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

const noDestination: Destination = {
  append: () => Promise.reject(new Error('this job writes its own files')),
  sync() {},
  offsets: () => ({}),
  close() {},
};

const number = new Intl.NumberFormat('en-US');
export const count = (n: number) => number.format(n);
