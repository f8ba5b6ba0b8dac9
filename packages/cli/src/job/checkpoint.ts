// The checkpoint of an export or backfill written to files: what job it belongs to, how many bytes of each
// output file are complete, and where to continue. It is replaced atomically after every committed unit (a
// page, a date, a month), and removed when the job completes.
import { readFileSync, rmSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { writeFileAtomic } from '../output/destination.js';

export interface Checkpoint<Progress> {
  version: 1;
  command: 'export' | 'backfill';
  /** Everything that decides the output's content: a checkpoint of another job is never resumed. */
  job: Record<string, unknown>;
  /**
   * Bytes of each output file that belong to committed units, by the file's real path (destination.ts's fileKey): `r.ndjson`,
   * `./r.ndjson` and `/abs/dir/r.ndjson` are one file, and resume as one.
   */
  files: Record<string, number>;
  /** Records in the output so far. */
  records: number;
  progress: Progress;
}

export function checkpointPath(out: string): string {
  return `${out}.checkpoint.json`;
}

export function readCheckpoint<P>(path: string): Checkpoint<P> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Checkpoint<P>;
    if (parsed.version !== 1 || typeof parsed.files !== 'object') throw new Error('unknown layout');
    return parsed;
  } catch {
    throw new UsageError(
      `Checkpoint ${path} is unreadable: pass --restart to start over (the output is rewritten).`,
    );
  }
}

export function writeCheckpoint<P>(path: string, checkpoint: Checkpoint<P>): void {
  writeFileAtomic(path, `${JSON.stringify(checkpoint, null, 2)}\n`);
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}

/** A checkpoint may be resumed only by the same job: same path, parameters, format and output. */
export function checkSameJob(
  path: string,
  saved: Record<string, unknown>,
  current: Record<string, unknown>,
): void {
  const differences = Object.keys({ ...saved, ...current }).filter(
    (key) => JSON.stringify(saved[key]) !== JSON.stringify(current[key]),
  );
  if (differences.length === 0) return;
  const show = differences.map(
    (k) => `${k}: ${JSON.stringify(saved[k])} then, ${JSON.stringify(current[k])} now`,
  );
  throw new UsageError(
    `Checkpoint ${path} belongs to another job (${show.join('; ')}): run the same command again to resume it, ` +
      'pass --restart to discard it and start over, or write to another --out.',
  );
}
