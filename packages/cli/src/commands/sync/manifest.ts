// The manifest `_sync.json`: what the copy holds, per operation. It is a file we wrote and read back, so it is data
// like an answer: checked field by field when read (an operation sync keeps, partition dates that are real dates,
// file names exactly as sync writes them), because its names become paths and its E8 position a query parameter.
// A manifest that fails is refused (exit 2, the field named) before anything is deleted.
import { dirname } from 'node:path';
import { isIsoDate } from '@assoc-feed/core/internal/calendar';
import { UsageError } from '../../errors.js';

export const MANIFEST = '_sync.json';

export interface PartitionEntry {
  /** The file's name in the partition's directory; absent when the service had no data for it. */
  file?: string;
  /** The file's size when written: a run reads the partition again when the file is not that size (or is gone). */
  bytes?: number;
  rows: number;
  /** Final: never asked again. Not final (read before the day was over, or a day not published yet): asked again. */
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

/** A part file's name, as the partition store writes it. */
export const PART_FILE = /^part-[1-9]\d{0,8}\.parquet$/;
/** A hive column's name, as the spec's fields are written. */
export const COLUMN = /^[a-z][a-z0-9_]*$/;
/** `data-atualizacao` in the spec's form (TimestampV2): what E8's position is sent as. */
export const SINCE_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

export const emptyManifest = (): Manifest => ({ version: 1, writtenBy: '', operations: {} });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

class ManifestFieldError extends Error {}

function fail(field: string, problem: string): never {
  throw new ManifestFieldError(`${field} ${problem}`);
}

/**
 * The manifest in `text`, checked against what sync writes; `notes` say what was normalised (an E8 position in an
 * older form) or dropped (one that cannot be read: E8 reads again from the window's start).
 */
export function parseManifest(
  text: string,
  path: string,
  operationIds: ReadonlySet<string>,
): { manifest: Manifest; notes: string[] } {
  const notes: string[] = [];
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fail('the file', 'is not JSON');
    }
    if (!isObject(parsed)) fail('the file', 'is not a JSON object');
    if (parsed.version !== 1) fail('version', `is ${JSON.stringify(parsed.version)}, not 1`);
    if (parsed.writtenBy !== undefined && typeof parsed.writtenBy !== 'string')
      fail('writtenBy', 'is not text');
    if (!isObject(parsed.operations)) fail('operations', 'is not an object of operations by id');
    const operations: Record<string, OperationEntry> = {};
    for (const [id, raw] of Object.entries(parsed.operations)) {
      if (!operationIds.has(id)) fail(`operations[${JSON.stringify(id)}]`, 'is not an operation sync keeps');
      const entry = checkEntry(raw, `operations.${id}`);
      const since = entry.updates?.since;
      if (entry.updates && since !== undefined && !SINCE_FORM.test(since)) {
        const normal = normalSince(since);
        if (normal) entry.updates.since = normal;
        else {
          delete entry.updates;
          notes.push(
            `the manifest's E8 position (${JSON.stringify(since).slice(0, 40)}) cannot be read: ${id} is read again from the window's start.`,
          );
        }
      }
      operations[id] = entry;
    }
    return {
      manifest: { version: 1, writtenBy: (parsed.writtenBy as string | undefined) ?? '', operations },
      notes,
    };
  } catch (error) {
    if (!(error instanceof ManifestFieldError)) throw error;
    throw new UsageError(
      `${path}: ${error.message}, so it is not a manifest sync wrote; nothing was deleted. Restore the file, or ` +
        `write the copy again (this removes it): assoc-feed sync --out-dir ${dirname(path)} --restart`,
    );
  }
}

function checkEntry(raw: unknown, field: string): OperationEntry {
  if (!isObject(raw)) fail(field, 'is not an object');
  const text = (name: string) => {
    if (typeof raw[name] !== 'string') fail(`${field}.${name}`, 'is not text');
    return raw[name] as string;
  };
  const path = text('path');
  const partitionColumn = text('partitionColumn');
  if (!COLUMN.test(partitionColumn)) fail(`${field}.partitionColumn`, 'is not a column name');
  if (raw.documentId !== undefined) text('documentId');
  if (!Array.isArray(raw.schema)) fail(`${field}.schema`, 'is not a list');
  const schema = raw.schema.map((f, i) => {
    if (!isObject(f) || typeof f.name !== 'string' || typeof f.type !== 'string')
      fail(`${field}.schema[${i}]`, 'is not {name, type}');
    return { name: f.name as string, type: f.type as string };
  });
  if (!isObject(raw.partitions)) fail(`${field}.partitions`, 'is not an object of partitions by date');
  const partitions: Record<string, PartitionEntry> = {};
  for (const [value, p] of Object.entries(raw.partitions)) {
    const at = `${field}.partitions[${JSON.stringify(value).slice(0, 40)}]`;
    if (!isIsoDate(value)) fail(at, 'is not named by a date YYYY-MM-DD');
    if (!isObject(p)) fail(at, 'is not an object');
    if (p.file !== undefined && (typeof p.file !== 'string' || !PART_FILE.test(p.file)))
      fail(`${at}.file`, 'is not a part file name (part-<n>.parquet)');
    if (!Number.isSafeInteger(p.rows) || (p.rows as number) < 0) fail(`${at}.rows`, 'is not a row count');
    if (p.bytes !== undefined && (!Number.isSafeInteger(p.bytes) || (p.bytes as number) < 0))
      fail(`${at}.bytes`, 'is not a file size');
    if (typeof p.final !== 'boolean') fail(`${at}.final`, 'is not true or false');
    if (typeof p.readAt !== 'string') fail(`${at}.readAt`, 'is not text');
    partitions[value] = {
      ...(p.file !== undefined ? { file: p.file as string } : {}),
      ...(p.bytes !== undefined ? { bytes: p.bytes as number } : {}),
      rows: p.rows as number,
      final: p.final as boolean,
      readAt: p.readAt as string,
    };
  }
  const entry: OperationEntry = {
    path,
    ...(raw.documentId !== undefined ? { documentId: raw.documentId as string } : {}),
    partitionColumn,
    schema,
    partitions,
  };
  if (raw.updates !== undefined) {
    const u = raw.updates;
    if (!isObject(u) || !isIsoDate(String(u.from)) || !isIsoDate(String(u.to)) || typeof u.since !== 'string')
      fail(`${field}.updates`, 'is not {from, to, since}');
    entry.updates = { from: u.from as string, to: u.to as string, since: u.since as string };
  }
  return entry;
}

const LOOSE_SINCE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;

/** An E8 position of an older form (a space, fewer or more decimals) in the spec's form, or undefined. */
export function normalSince(text: string): string | undefined {
  const m = LOOSE_SINCE.exec(text);
  if (!m || !isIsoDate(m[1] as string)) return undefined;
  const [h, mi, s] = (m[2] as string).split(':').map(Number) as [number, number, number];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}`;
}
