// Rows on their way to a Parquet file, appended as NDJSON under DIR/_tmp, each batch a gzip member (DuckDB reads
// the concatenated members as one file): text of numbers compresses several times over, and the temporary disk a
// run needs is what it holds of the records before their partitions are written. E8 spools one file per
// `data_competencia` for the whole run, and a window can hold thousands of dates: the pool keeps at most `maxOpen`
// files open (the least recently written is closed, and opened again to append when its date comes back), so a
// run never meets the process's limit on open files (often 1,024 on Linux, 256 on macOS).
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { constants, gzipSync } from 'node:zlib';

export const MAX_OPEN_SPOOLS = 64;

export class SpoolPool {
  private readonly open = new Map<Spool, number>();
  /** The most files open at once so far. */
  peakOpen = 0;

  constructor(readonly maxOpen = MAX_OPEN_SPOOLS) {}

  /** A new, empty spool at `path` (created on its first rows). */
  spool(path: string): Spool {
    return new Spool(path, this);
  }

  /** @internal the spool's descriptor, opened (or opened again) for appending. */
  fdOf(spool: Spool, created: boolean): number {
    const fd = this.open.get(spool);
    if (fd !== undefined) {
      // Most recently used last.
      this.open.delete(spool);
      this.open.set(spool, fd);
      return fd;
    }
    while (this.open.size >= this.maxOpen) {
      const [oldest] = this.open.keys();
      this.close(oldest as Spool);
    }
    const opened = openSync(spool.path, created ? 'a' : 'w');
    this.open.set(spool, opened);
    this.peakOpen = Math.max(this.peakOpen, this.open.size);
    return opened;
  }

  close(spool: Spool): void {
    const fd = this.open.get(spool);
    if (fd === undefined) return;
    this.open.delete(spool);
    closeSync(fd);
  }

  get openCount(): number {
    return this.open.size;
  }
}

export class Spool {
  rows = 0;
  bytes = 0;
  private created = false;

  constructor(
    readonly path: string,
    private readonly pool: SpoolPool,
  ) {}

  add(rows: readonly Record<string, unknown>[]): void {
    if (rows.length === 0) return;
    const text = `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
    const bytes = gzipSync(text, { level: constants.Z_BEST_SPEED });
    const fd = this.pool.fdOf(this, this.created);
    this.created = true;
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    this.rows += rows.length;
    this.bytes += bytes.length;
  }

  close(): void {
    this.pool.close(this);
  }

  remove(): void {
    this.close();
    rmSync(this.path, { force: true });
  }
}
