// Writing one partition, exactly once: rows spooled under DIR/_tmp, the Parquet file written there under a
// temporary name (never ending in `.parquet`), synced, renamed into its partition directory, then recorded in the
// manifest, and only then the file it replaces removed. See dataset.ts for what a kill leaves and how it is undone.
// The manifest is written at most once a second (and at the end of each operation): a file renamed but not yet
// recorded is removed and read again by the next run, and a replaced file is removed only after a manifest that
// no longer names it is on disk, so a kill between two manifest writes loses nothing and duplicates nothing.
import type { Column } from './column-types.js';
import type { Manifest, OperationEntry } from './manifest.js';
import type { ParquetWriter } from './parquet-writer.js';
import type { Spool, SpoolPool } from './spools.js';
import type { CopyDataset, PartRef } from './storage.js';

export interface PartitionStore {
  readonly dataset: CopyDataset;
  readonly manifest: Manifest;
  readonly spools: SpoolPool;
  /** A new spool in the temporary directory, named after what it holds. */
  spool(name: string): Spool;
  /**
   * Writes the spool as partition `value` of the operation (merged with its previous file when `keys` are given:
   * one row per key, the spool's winning), then records it. An empty spool without keys records "no data".
   */
  commit(
    operationId: string,
    entry: OperationEntry,
    value: string,
    spool: Spool,
    columns: readonly Column[],
    status: { final: boolean; readAt: number; keys?: readonly string[] },
  ): Promise<number>;
  /**
   * Writes the manifest as it stands, then removes the files it no longer names. `last`: the run's final save (a
   * bucket's manifest is written only then, so a reader sees whole runs).
   */
  save(last?: boolean): Promise<void>;
}

/** Seconds between manifest writes while partitions are being committed. */
const SAVE_INTERVAL_MS = 1000;

export function partitionStore(
  dataset: CopyDataset,
  manifest: Manifest,
  writer: ParquetWriter,
  spools: SpoolPool,
): PartitionStore {
  /** Files replaced by a newer one: removed once a saved manifest names the newer one. */
  let replaced: PartRef[] = [];
  let savedAt = performance.now();
  const saveSoon = async () => {
    if (performance.now() - savedAt >= SAVE_INTERVAL_MS) await store.save();
  };
  let spoolCount = 0;
  const store: PartitionStore = {
    dataset,
    manifest,
    spools,
    spool: (name) => spools.spool(dataset.tempPath(`${name}.${process.pid}.${++spoolCount}.ndjson.gz`)),
    async commit(operationId, entry, value, spool, columns, status) {
      spool.close();
      manifest.operations[operationId] = entry;
      const previous = entry.partitions[value];
      const partition = { operationId, column: entry.partitionColumn, value };
      const readAt = new Date(status.readAt).toISOString();
      try {
        if (spool.rows === 0) {
          // No records: "no data" for a date, or nothing new for a keyed partition (kept as it is).
          if (status.keys) return previous?.rows ?? 0;
          entry.partitions[value] = { rows: 0, final: status.final, readAt };
          if (previous?.file) replaced.push({ ...partition, file: previous.file });
          await saveSoon();
          return 0;
        }
        const file = dataset.nextPartFile(partition, previous?.file);
        const temporary = dataset.tempPath(`${operationId}-${value}-${file}.${process.pid}.tmp`);
        const previousPart = previous?.file ? { ...partition, file: previous.file } : undefined;
        const previousPath = previousPart ? await dataset.partFile(previousPart) : undefined;
        // Nothing new (a day read again while it may change, records read again at E8's position): the file
        // stays, so a run with nothing new writes no file.
        if (
          previousPath &&
          previous &&
          (await writer.holds(previousPath, spool.path, columns, !!status.keys))
        ) {
          if (!status.keys) {
            entry.partitions[value] = { ...previous, final: status.final, readAt };
            await saveSoon();
          }
          return previous.rows;
        }
        const rows =
          previousPath && status.keys
            ? await writerMerge(writer, previousPath, spool, columns, status.keys, temporary)
            : await writer.write(spool.path, columns, temporary, status.keys);
        await dataset.publishPart(temporary, { ...partition, file });
        entry.partitions[value] = { file, rows, final: status.final, readAt };
        if (previousPart) replaced.push(previousPart);
        await saveSoon();
        return rows;
      } finally {
        spool.remove();
      }
    },
    async save(last = false) {
      if (!(await dataset.saveManifest(manifest, replaced, last))) return;
      savedAt = performance.now();
      replaced = [];
    },
  };
  return store;
}

function writerMerge(
  writer: ParquetWriter,
  previous: string,
  spool: Spool,
  columns: readonly Column[],
  keys: readonly string[],
  temporary: string,
): Promise<number> {
  return writer.merge(previous, spool.path, columns, keys, temporary);
}
