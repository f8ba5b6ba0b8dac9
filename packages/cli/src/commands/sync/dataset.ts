// The directory `sync` keeps, opened once on DIR:
//   DIR/_sync.json                                           what is complete, per operation, and its schema
//   DIR/_sync.lock                                           held by the run writing DIR (lock.ts)
//   DIR/<operationId>/<column>=YYYY-MM-DD/part-<n>.parquet   one file per partition (hive-style)
//   DIR/_tmp/                                                spools and files being written (never `.parquet`)
// A partition file is written under a temporary name, synced, renamed, and only then recorded in the manifest
// (itself replaced atomically). So after a kill at any moment the manifest names only whole files; a file it does
// not name (renamed just before the kill) and the temporary directory are removed by the next run, which then
// redoes that partition: the dataset ends up row for row what an uninterrupted run writes.
// Every path below DIR is built here, from checked names only, and verified to stay under DIR.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { isIsoDate } from '@assoc-feed/core/internal/calendar';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../output/destination.js';
import { type HeldLock, LOCK, type LockOptions, takeLock } from './lock.js';
import { COLUMN, emptyManifest, MANIFEST, type Manifest, PART_FILE, parseManifest } from './manifest.js';
import { publish } from './parquet-writer.js';
import { type CopyDataset, nextGeneration, type PartRef, partPath } from './storage.js';

export const TEMP_DIR = '_tmp';
const MANIFEST_TEMP = /^_sync\.json\.\d+\.tmp$/;
const PARTITION = /^[a-z][a-z0-9_]*=\d{4}-\d{2}-\d{2}$/;

export class Dataset implements CopyDataset {
  private lock: HeldLock | undefined;

  private constructor(
    readonly dir: string,
    /** Every operation sync keeps: the only names of directories under DIR. */
    readonly operationIds: ReadonlySet<string>,
  ) {}

  /** DIR checked as `--out-dir`: a directory (new, or one sync wrote) holding nothing sync did not write. */
  static open(dir: string, operationIds: ReadonlySet<string>): Dataset {
    if (dir.trim() === '') throw new UsageError('--out-dir is empty: give the directory of the copy.');
    checkDirectory(dir);
    const foreign = foreignEntries(dir, operationIds);
    if (foreign.length > 0) {
      const shown =
        foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
      throw new UsageError(
        `--out-dir ${dir} holds files sync did not write (${shown}): give an empty or new directory, or one an ` +
          'earlier sync wrote.',
      );
    }
    return new Dataset(dir, operationIds);
  }

  get manifestPath(): string {
    return join(this.dir, MANIFEST);
  }

  /** The manifest, checked (exit 2 naming the field otherwise); a new one when DIR has none. */
  readManifest(): { manifest: Manifest; notes: string[] } {
    let text: string;
    try {
      text = readFileSync(this.manifestPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { manifest: emptyManifest(), notes: [] };
      throw error;
    }
    return parseManifest(text, this.manifestPath, this.operationIds);
  }

  writeManifest(manifest: Manifest): void {
    writeFileAtomic(this.manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  }

  /** Creates DIR and takes its lock for this run. */
  take(options?: LockOptions): void {
    mkdirSync(this.dir, { recursive: true });
    this.lock = takeLock(this.dir, options);
  }

  /** Before the manifest is written: a run whose lock another run took over stops, writing nothing more. */
  checkLock(): void {
    if (this.lock && !this.lock.held()) {
      throw new Error(
        `another assoc-feed sync took over ${join(this.dir, LOCK)} (this run's lock looked stale to it): this run ` +
          'stops here and leaves DIR to it; run again once it has finished.',
      );
    }
  }

  release(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  /** The directory of one partition: a known operation, a column name, a real date; always under DIR. */
  partitionDir(operationId: string, column: string, value: string): string {
    if (!this.operationIds.has(operationId) || !COLUMN.test(column) || !isIsoDate(value))
      throw new Error(`not a partition sync writes: ${operationId}/${column}=${value}`);
    return this.under(join(this.dir, operationId, `${column}=${value}`));
  }

  nextPartFile(_part: Omit<PartRef, 'file'>, previous: string | undefined): string {
    return nextGeneration(previous);
  }

  /** The part's path (always under DIR). */
  partPath(part: PartRef): string {
    return this.under(join(this.dir, partPath(this.operationIds, part)));
  }

  partFile(part: PartRef): string | undefined {
    const path = this.partPath(part);
    return existsSync(path) ? path : undefined;
  }

  publishPart(temporary: string, part: PartRef): void {
    mkdirSync(this.partitionDir(part.operationId, part.column, part.value), { recursive: true });
    publish(temporary, this.partPath(part));
  }

  /** Written whenever asked: a file renamed but not yet recorded is removed and read again by the next run. */
  saveManifest(manifest: Manifest, replaced: readonly PartRef[]): boolean {
    this.checkLock();
    this.writeManifest(manifest);
    for (const part of replaced) rmSync(this.partPath(part), { force: true });
    return true;
  }

  /** A file in the temporary directory (created on first use). */
  tempPath(name: string): string {
    if (!/^[A-Za-z0-9_.=-]+$/.test(name) || name.startsWith('.'))
      throw new Error(`not a temporary name: ${name}`);
    mkdirSync(join(this.dir, TEMP_DIR), { recursive: true });
    return this.under(join(this.dir, TEMP_DIR, name));
  }

  private under(path: string): string {
    const rel = relative(resolve(this.dir), resolve(path));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
      throw new Error(`${path} is outside ${this.dir}`);
    return path;
  }

  /**
   * `--restart` of these operations: their entries leave the manifest first (written), then their directories go,
   * so a kill in between leaves a manifest that names nothing missing.
   */
  restart(manifest: Manifest, operationIds: readonly string[]): void {
    for (const id of operationIds) delete manifest.operations[id];
    if (existsSync(this.manifestPath)) this.writeManifest(manifest);
    for (const id of operationIds) {
      if (this.operationIds.has(id)) rmSync(this.under(join(this.dir, id)), { recursive: true, force: true });
    }
  }

  /** What an interrupted run left (see removeLeftovers). */
  removeLeftovers(manifest: Manifest): number {
    return removeLeftovers(this.dir, manifest);
  }
}

/** `--out-dir` must be a directory or not exist yet; a dangling link is neither. */
function checkDirectory(dir: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(dir);
  } catch {
    return; // created by the run
  }
  if (stat.isSymbolicLink()) {
    let target: ReturnType<typeof statSync>;
    try {
      target = statSync(dir);
    } catch {
      throw new UsageError(
        `--out-dir ${dir} is a symbolic link to nothing: create what it points to, or give another directory.`,
      );
    }
    if (target.isDirectory()) return;
  } else if (stat.isDirectory()) return;
  throw new UsageError(`--out-dir ${dir} is a file: give a directory (new, or one an earlier sync wrote).`);
}

/**
 * What in `dir` sync did not write, by the layout above: the manifest, its temporary copies, the temporary
 * directory, and per operation directory (one of `operationIds`) partition directories of part files.
 */
export function foreignEntries(dir: string, operationIds: ReadonlySet<string>): string[] {
  const foreign: string[] = [];
  for (const name of list(dir)) {
    const path = join(dir, name);
    if (name === MANIFEST || name === LOCK || MANIFEST_TEMP.test(name)) continue;
    if (name === TEMP_DIR && isDir(path)) continue;
    if (!operationIds.has(name) || !isDir(path)) {
      foreign.push(name);
      continue;
    }
    for (const partition of list(path)) {
      const partitionPath = join(path, partition);
      if (!PARTITION.test(partition) || !isDir(partitionPath)) {
        foreign.push(join(name, partition));
        continue;
      }
      for (const file of list(partitionPath)) {
        if (!PART_FILE.test(file)) foreign.push(join(name, partition, file));
      }
    }
  }
  return foreign;
}

/**
 * Removes what an interrupted run left: the temporary directory, part files the manifest does not name, and
 * partition directories left empty. Returns how many files were removed. Only names checked by foreignEntries
 * (DIR's own layout) and a checked manifest reach here.
 */
export function removeLeftovers(dir: string, manifest: Manifest): number {
  let removed = 0;
  const temp = join(dir, TEMP_DIR);
  if (existsSync(temp)) {
    removed += list(temp).length;
    rmSync(temp, { recursive: true, force: true });
  }
  for (const name of list(dir)) {
    if (MANIFEST_TEMP.test(name)) {
      rmSync(join(dir, name), { force: true });
      removed++;
    }
  }
  for (const [operationId, entry] of Object.entries(manifest.operations)) {
    const opDir = join(dir, operationId);
    for (const partition of list(opDir)) {
      const partitionPath = join(opDir, partition);
      if (!PARTITION.test(partition) || !isDir(partitionPath)) continue;
      const value = partition.slice(partition.indexOf('=') + 1);
      const kept = entry.partitions[value]?.file;
      for (const file of list(partitionPath)) {
        if (file !== kept || !partition.startsWith(`${entry.partitionColumn}=`)) {
          rmSync(join(partitionPath, file), { force: true });
          removed++;
        }
      }
      if (list(partitionPath).length === 0) rmdirSync(partitionPath);
    }
  }
  // Operations the manifest does not know yet hold only files of a run killed before its first record.
  for (const name of list(dir)) {
    const path = join(dir, name);
    if (manifest.operations[name] || name === TEMP_DIR || !isDir(path)) continue;
    for (const partition of list(path)) {
      removed += list(join(path, partition)).length;
      rmSync(join(path, partition), { recursive: true, force: true });
    }
    rmdirSync(path);
  }
  return removed;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
