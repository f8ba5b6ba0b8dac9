// Parquet files through DuckDB's own writer (@duckdb/node-api: prebuilt per platform, no install script). Rows
// are spooled as NDJSON (cells.ts has already checked each value against its column and written decimals as their
// digits), then one `COPY … TO` reads the spool with the columns' exact types and streams it into a compressed
// Parquet file: DuckDB never holds more than a row group, so memory stays flat whatever the partition's size.
import { closeSync, fdatasyncSync, openSync, renameSync, rmSync } from 'node:fs';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type Column, quoteName, sqlType } from './column-types.js';

export interface ParquetWriter {
  /**
   * Writes the rows of `spool` (NDJSON) to `target` (a temporary name), synced to disk; returns the rows written.
   * With `keys`: one row per key (the spool's last), ordered by key.
   */
  write(spool: string, columns: readonly Column[], target: string, keys?: readonly string[]): Promise<number>;
  /**
   * Writes `target` from the rows of `previous` (a Parquet file) and of `spool`, one row per key: a row of the spool
   * replaces the previous row of its key (the newest of the spool wins among its own).
   */
  merge(
    previous: string,
    spool: string,
    columns: readonly Column[],
    keys: readonly string[],
    target: string,
  ): Promise<number>;
  /**
   * Whether writing `spool` would change nothing: with `keyed`, every row of it is already a row of `previous` (a
   * merge keeps the file's content); without, the two hold the same rows, as many times each.
   */
  holds(previous: string, spool: string, columns: readonly Column[], keyed: boolean): Promise<boolean>;
  close(): void;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function openParquetWriter(): Promise<ParquetWriter> {
  // Loaded on first use: the other commands never pay for the native library.
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance: DuckDBInstance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const connection: DuckDBConnection = await instance.connect();

  const source = (spool: string, columns: readonly Column[]) => {
    const types = columns.map((c) => `${literal(c.name)}: ${literal(sqlType(c.type))}`).join(', ');
    return `read_json(${literal(spool)}, format = 'newline_delimited', columns = {${types}}, maximum_object_size = 268435456)`;
  };
  const names = (columns: readonly Column[]) => columns.map((c) => quoteName(c.name)).join(', ');
  const copy = async (select: string, target: string): Promise<number> => {
    const result = await connection.runAndReadAll(
      `COPY (${select}) TO ${literal(target)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
    );
    syncFile(target);
    return Number(result.getRows()[0]?.[0] ?? 0);
  };
  const latest = (keys: readonly string[], order: string) => {
    const keyList = keys.map(quoteName).join(', ');
    return ` QUALIFY row_number() OVER (PARTITION BY ${keyList} ORDER BY ${order}) = 1 ORDER BY ${keyList}`;
  };

  return {
    write(spool, columns, target, keys = []) {
      if (keys.length === 0) return copy(`SELECT ${names(columns)} FROM ${source(spool, columns)}`, target);
      const select =
        `SELECT ${names(columns)} FROM (SELECT ${names(columns)}, row_number() OVER () AS _line ` +
        `FROM ${source(spool, columns)})${latest(keys, '_line DESC')}`;
      return copy(select, target);
    },
    merge(previous, spool, columns, keys, target) {
      // `_new` ranks the spool's rows above the previous file's, and later spool lines above earlier ones.
      const select =
        `SELECT ${names(columns)} FROM (` +
        `SELECT ${names(columns)}, 0 AS _new, 0 AS _line FROM read_parquet(${literal(previous)}) ` +
        `UNION ALL SELECT ${names(columns)}, 1 AS _new, row_number() OVER () AS _line FROM ${source(spool, columns)}` +
        `)${latest(keys, '_new DESC, _line DESC')}`;
      return copy(select, target);
    },
    async holds(previous, spool, columns, keyed) {
      const fresh = `SELECT ${names(columns)} FROM ${source(spool, columns)}`;
      const kept = `SELECT ${names(columns)} FROM read_parquet(${literal(previous)})`;
      const sql = keyed
        ? `SELECT count(*) FROM (${fresh} EXCEPT ${kept})`
        : `SELECT (SELECT count(*) FROM (${fresh} EXCEPT ALL ${kept})) + (SELECT count(*) FROM (${kept} EXCEPT ALL ${fresh}))`;
      const result = await connection.runAndReadAll(sql);
      return Number(result.getRows()[0]?.[0] ?? 1) === 0;
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Moves a finished temporary file to its final name (atomic within one file system). */
export function publish(temporary: string, final: string): void {
  try {
    renameSync(temporary, final);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
