// Where a copy lives, behind one interface: a local directory (dataset.ts) or a prefix in an S3-compatible bucket
// (bucket-dataset.ts). Both are written the same way, by the partition store: a partition's Parquet file is made
// in a local temporary file, then published under its part name, and the manifest that names it is written after.
// The part names are built here, from checked values only: an operation sync keeps, a column name, a real date, a
// part file name. So no name below the copy's root comes from an unchecked value, whichever the storage.
import { join } from 'node:path';
import { isIsoDate } from '@assoc-feed/core/internal/calendar';
import type { LockOptions } from './lock.js';
import { COLUMN, type Manifest, PART_FILE } from './manifest.js';

/** One partition's file: `<operationId>/<column>=<value>/<file>` below the copy's root. */
export interface PartRef {
  operationId: string;
  column: string;
  value: string;
  file: string;
}

export interface CopyDataset {
  /** The copy's location as the user gave it (a directory, or s3://bucket/prefix), for messages. */
  readonly dir: string;
  /** Every operation sync keeps: the only names of the copy's top-level folders. */
  readonly operationIds: ReadonlySet<string>;
  /** The manifest, checked (exit 2 naming the field otherwise); a new one when the copy has none. */
  readManifest(): { manifest: Manifest; notes: string[] } | Promise<{ manifest: Manifest; notes: string[] }>;
  /** Takes the copy's lock for this run. */
  take(options?: LockOptions): void | Promise<void>;
  release(): void | Promise<void>;
  /** `--restart` of these operations (see each storage for the order that keeps a kill harmless). */
  restart(manifest: Manifest, operationIds: readonly string[]): void | Promise<void>;
  /** What an interrupted run left; returns how many files or objects were removed. */
  removeLeftovers(manifest: Manifest): number | Promise<number>;
  /** A local temporary file for spools and Parquet files being written. */
  tempPath(name: string): string;
  /** The part name for a new file of a partition whose current file is `previous`. */
  nextPartFile(part: Omit<PartRef, 'file'>, previous: string | undefined): string;
  /** A local file holding that part's rows (to merge new rows into), or undefined when it is not there. */
  partFile(part: PartRef): string | undefined | Promise<string | undefined>;
  /** Moves a finished local Parquet file to its part name. */
  publishPart(temporary: string, part: PartRef): void | Promise<void>;
  /**
   * Writes the manifest (after checking the lock is still this run's), then removes the parts in `replaced`,
   * which it no longer names. Returns false when this storage writes the manifest only at the end of a run and
   * `last` is false (nothing written, `replaced` kept for the last call).
   */
  saveManifest(manifest: Manifest, replaced: readonly PartRef[], last: boolean): boolean | Promise<boolean>;
}

/** The part's path below the copy's root, every component checked; throws on anything sync does not write. */
export function partPath(operationIds: ReadonlySet<string>, part: PartRef): string {
  const { operationId, column, value, file } = part;
  if (!operationIds.has(operationId) || !COLUMN.test(column) || !isIsoDate(value) || !PART_FILE.test(file))
    throw new Error(`not a part sync writes: ${operationId}/${column}=${value}/${file}`);
  return `${operationId}/${column}=${value}/${file}`;
}

/** The next generation's part name: one above the current file's. */
export function nextGeneration(previous: string | undefined): string {
  const generation = previous ? Number(/\d+/.exec(previous)?.[0] ?? 0) + 1 : 1;
  return `part-${generation}.parquet`;
}

/** A name below the copy's location, for messages: `DIR/name` or `s3://bucket/prefix/name`. */
export function locationOf(dir: string, name: string): string {
  return dir.startsWith('s3://') ? `${dir.replace(/\/+$/, '')}/${name}` : join(dir, name);
}

export const isBucketLocation = (dir: string) => /^s3:\/\//i.test(dir.trim());
