// Where encoded text goes: files (one per table) that a checkpoint can cut back to a known length, or stdout.
// File writes are synchronous and flushed to disk (sync) before the checkpoint that counts them is written, so a
// kill at any moment leaves either the old checkpoint (and bytes after its offsets, cut on resume) or the new.
import { once } from 'node:events';
import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { Chunks } from './encoders.js';

export interface Destination {
  /** Appends each table's text to its file (or stdout). */
  append(chunks: Chunks): Promise<void>;
  /** Flushes what was appended to disk: call before a checkpoint counts it. */
  sync(): void;
  /** Bytes in each file, by real path (fileKey): what a checkpoint records. Undefined for stdout (no resume there). */
  offsets(): Record<string, number> | undefined;
  close(): void;
}

/**
 * The real path of an output file, whatever the spelling it was given as: its directory resolved through
 * symbolic links, then its name (resolved too when it is itself a link that `--force` lets us write through).
 */
export function fileKey(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    // Not there yet: the directory decides, after any link to it (a link to a file the run is about to create).
    const target = danglingTarget(absolute);
    try {
      return join(realpathSync(dirname(target)), basename(target));
    } catch {
      return target;
    }
  }
}

/** Where a chain of links ends when its last target does not exist yet (at most 40 links, as the kernel). */
function danglingTarget(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    try {
      current = resolve(dirname(current), readlinkSync(current));
    } catch {
      return current; // not a link (or not there): the end of the chain
    }
  }
  return current;
}

/**
 * Whether `path` is a character device, a pipe or a socket (`/dev/null`, `/dev/stdout` on a pipe, terminal or
 * socket, a FIFO):
 * written as a stream, in order, with no position, fsync or truncate, and nothing to resume.
 */
export function isStreamFile(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isCharacterDevice() || stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** A device or pipe opened for writing: appended in order, never synced or cut back, no offsets (no resume). */
export function streamFileDestination(fd: number): Destination {
  return {
    async append(chunks) {
      const text = chunks.get('') ?? '';
      if (!text) return;
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    },
    sync() {},
    offsets: () => undefined,
    close() {
      closeSync(fd);
    },
  };
}

/** The file of a table: `funds.csv` for the main one, `funds.classes.csv` for the `classes` list. */
export function tablePath(main: string, table: string): string {
  if (table === '') return main;
  const ext = extname(main);
  return join(dirname(main), `${basename(main, ext)}.${table}${ext}`);
}

/** Opens (or, resuming, cuts back to `resume` offsets, keyed by fileKey) one file per table. */
export function fileDestination(
  main: string,
  tables: readonly string[],
  resume?: Record<string, number>,
): Destination {
  const files = tables.map((table) => {
    const path = tablePath(main, table);
    const key = fileKey(path);
    const offset = resume?.[key];
    let fd: number;
    if (resume && offset !== undefined) {
      fd = openSync(path, 'r+');
      if (fstatSync(fd).size < offset) {
        closeSync(fd);
        throw new UsageError(
          `${path} is shorter than its checkpoint says (${offset} bytes): it was changed since, or the machine stopped before ` +
            'the disk had it. Pass --restart to write it again from the start.',
        );
      }
      ftruncateSync(fd, offset);
    } else fd = openSync(path, 'w');
    return { table, key, fd, size: offset ?? 0, dirty: false };
  });
  const byTable = new Map(files.map((f) => [f.table, f]));
  return {
    async append(chunks) {
      for (const [table, text] of chunks) {
        if (!text) continue;
        const file = byTable.get(table);
        if (!file) throw new Error(`no output file for table ${table}`);
        const bytes = Buffer.from(text, 'utf8');
        let done = 0;
        while (done < bytes.length)
          done += writeSync(file.fd, bytes, done, bytes.length - done, file.size + done);
        file.size += bytes.length;
        file.dirty = true;
      }
    },
    sync() {
      for (const file of files) {
        if (file.dirty) fdatasyncSync(file.fd);
        file.dirty = false;
      }
    },
    offsets: () => Object.fromEntries(files.map((f) => [f.key, f.size])),
    close() {
      for (const file of files) closeSync(file.fd);
    },
  };
}

export function stdoutDestination(stream: NodeJS.WritableStream = process.stdout): Destination {
  return {
    async append(chunks) {
      const text = chunks.get('') ?? '';
      if (text && !stream.write(text)) await once(stream, 'drain');
    },
    sync() {},
    offsets: () => undefined,
    close() {},
  };
}

const TEMP = /\.(\d+)\.tmp$/;

/**
 * Writes a whole file at once: a reader (or a resumed run) sees the old file or the new one, never half. A write
 * that fails (a full disk) removes its temporary file; one a kill left is removed by removeStaleTemps.
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    const fd = openSync(tmp, 'r');
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  syncDirectory(dirname(path));
}

/**
 * Flushes a directory's entries (a rename into it) to disk. Where a directory cannot be opened for that (Windows),
 * the rename is left to the file system, as before.
 */
export function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'EPERM' || code === 'EACCES') return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    // Some file systems refuse to sync a directory (EINVAL): nothing more can be done there.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    closeSync(fd);
  }
}

/** Removes the `<name>.<pid>.tmp` files of writeFileAtomic in `dir` whose name starts with `prefix`, but ours. */
export function removeStaleTemps(dir: string, prefix: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no directory yet: nothing left in it
  }
  for (const name of names) {
    const pid = TEMP.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && name.startsWith(prefix)) {
      rmSync(`${dir}/${name}`, { force: true });
    }
  }
}
