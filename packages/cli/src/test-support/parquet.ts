// Test helpers: read what `sync` wrote the way a user does, with DuckDB over the hive-partitioned files.
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

let connection: Promise<DuckDBConnection> | undefined;

function connect(): Promise<DuckDBConnection> {
  connection ??= DuckDBInstance.create(':memory:').then((db) => db.connect());
  return connection;
}

/** Rows of a query, every value as DuckDB prints it (VARCHAR): decimals with their scale, dates YYYY-MM-DD. */
export async function query(sql: string): Promise<Record<string, string | null>[]> {
  const c = await connect();
  const result = await c.runAndReadAll(sql);
  const names = result.columnNames();
  return result
    .getRows()
    .map((row) => Object.fromEntries(row.map((v, i) => [names[i] as string, v === null ? null : String(v)])));
}

/** The column names and DuckDB types of a query's result. */
export async function describeQuery(sql: string): Promise<Record<string, string>> {
  const rows = await query(`DESCRIBE ${sql}`);
  return Object.fromEntries(rows.map((r) => [r.column_name as string, r.column_type as string]));
}

/** Every row of every Parquet file under `dir` (hive partitions included), as text, in one order. */
export async function datasetContent(dir: string, operationId: string): Promise<string[]> {
  const rows = await query(
    `SELECT COLUMNS(*)::VARCHAR FROM read_parquet('${dir}/${operationId}/**/*.parquet', hive_partitioning = true) ORDER BY ALL`,
  );
  return rows.map((r) => JSON.stringify(r));
}
