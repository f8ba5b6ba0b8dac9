// The directory `sync` keeps, and its manifest `_sync.json`:
//   DIR/_sync.json                                           what is complete, per operation, and its schema
//   DIR/<operationId>/<column>=YYYY-MM-DD/part-<n>.parquet   one file per partition (hive-style)
//   DIR/_tmp/                                                spools and files being written (never `.parquet`)
// A partition file is written under a temporary name, synced, renamed, and only then recorded in the manifest
// (itself replaced atomically). So after a kill at any moment the manifest names only whole files; a file it does
// not name (renamed just before the kill) and the temporary directory are removed by the next run, which then
// redoes that partition: the dataset ends up row for row what an uninterrupted run writes.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../output/destination.js';

export const MANIFEST = '_sync.json';
/** Held by the run writing DIR (its pid): a second run at the same time would remove the first one's files. */
export const LOCK = '_sync.lock';
export const TEMP_DIR = '_tmp';

export interface PartitionEntry {
  /** The file's name in the partition's directory; absent when the service had no data for it. */
  file?: string;
  rows: number;
  /** Final: never asked again. Not final (read before the day was over): asked again on the next run. */
  final: boolean;
  /** When it was read (UTC). */
  readAt: string;
}

export interface SchemaField {
  name: string;
  type: string;
}

export interface OperationEntry {
  path: string;
  documentId?: string;
  /** The hive column of its partitions (`data`, `mes`, `data_competencia`, `snapshot`). */
  partitionColumn: string;
  schema: SchemaField[];
  /** By partition value (YYYY-MM-DD). */
  partitions: Record<string, PartitionEntry>;
  /** E8: the window read so far and the newest `data_atualizacao` kept (the next run reads from it). */
  updates?: { from: string; to: string; since: string };
}

export interface Manifest {
  version: 1;
  /** The CLI version that last wrote it (information only: a new version with the same schemas resumes). */
  writtenBy: string;
  operations: Record<string, OperationEntry>;
}

export function partitionDir(dir: string, operationId: string, column: string, value: string): string {
  return join(dir, operationId, `${column}=${value}`);
}

export function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Manifest;
    if (parsed.version !== 1 || typeof parsed.operations !== 'object') throw new Error('unknown layout');
    return parsed;
  } catch {
    throw new UsageError(
      `${path} is not a manifest this version of assoc-feed reads: pass --restart to start the copy over.`,
    );
  }
}

export function writeManifest(dir: string, manifest: Manifest): void {
  writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

const PARTITION = /^[a-z_]+=\d{4}-\d{2}-\d{2}$/;
const PART_FILE = /^part-\d+\.parquet$/;
const MANIFEST_TEMP = /^_sync\.json\.\d+\.tmp$/;

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
 * partition directories left empty. Returns how many files were removed.
 */
export function removeLeftovers(dir: string, manifest: Manifest | undefined): number {
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
  for (const [operationId, entry] of Object.entries(manifest?.operations ?? {})) {
    const opDir = join(dir, operationId);
    for (const partition of list(opDir)) {
      const partitionPath = join(opDir, partition);
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
    if (manifest?.operations[name] || name === TEMP_DIR || !isDir(path)) continue;
    for (const partition of list(path)) {
      removed += list(join(path, partition)).length;
      rmSync(join(path, partition), { recursive: true, force: true });
    }
    rmdirSync(path);
  }
  return removed;
}

/** Takes DIR for this run; refused while another live process holds it (a lock a kill left is taken over). */
export function lockDir(dir: string): () => void {
  const path = join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new UsageError(
          `another assoc-feed sync (pid ${pid}) is writing ${dir}: wait for it to finish, or stop it first.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new UsageError(`cannot take ${path}: remove it if no assoc-feed sync is running.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes everything sync wrote in `dir` (for --restart): the manifest and the operations' directories. */
export function removeDataset(dir: string, operationIds: ReadonlySet<string>): void {
  rmSync(join(dir, TEMP_DIR), { recursive: true, force: true });
  for (const name of list(dir)) {
    if (operationIds.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
  rmSync(join(dir, MANIFEST), { force: true });
}

export function makeDir(path: string): void {
  mkdirSync(path, { recursive: true });
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
