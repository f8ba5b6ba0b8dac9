// A copy in a bucket, `s3://bucket/prefix`: the layout of the local copy (dataset.ts), object for file:
//   PREFIX/_sync.json                                           the manifest: the commit
//   PREFIX/_sync.lock                                           the run's lock object (bucket-lock.ts)
//   PREFIX/<operationId>/<column>=YYYY-MM-DD/part-<n>.parquet   one object per partition
// Objects cannot be renamed, so the commit is the manifest alone: each part is uploaded under a name no manifest
// read at the start references (a new generation), then the manifest is written once, at the end of the run,
// and only then are the parts it stopped naming removed. A reader that reads the manifest sees a whole run. What a
// run killed at any moment leaves is listed in its lock (bucket-lock.ts) and removed by the next run when the
// manifest does not name it; the prefix is never listed, so objects a user put there are never removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { type Bucket, bucketEndpoint, openBucket, parseBucketLocation } from './bucket-client.js';
import { type BucketLock, lockLost, takeBucketLock } from './bucket-lock.js';
import type { LockOptions } from './lock.js';
import { emptyManifest, MANIFEST, type Manifest, parseManifest } from './manifest.js';
import { type CopyDataset, nextGeneration, type PartRef, partPath } from './storage.js';

export class BucketDataset implements CopyDataset {
  private lock: BucketLock | undefined;
  private scratch: string | undefined;
  /** The manifest's text as read: an unchanged manifest is not written again. */
  private storedText: string | undefined;
  /** Part names some manifest read by this run names, or this run wrote: never written over. */
  private readonly taken = new Set<string>();
  /** Parts of operations being written again (--restart): removed once the run's manifest is written. */
  private retired: PartRef[] = [];
  /** A predecessor's leftovers are removed once, before this run writes. */
  private leftoversRemoved = false;

  private constructor(
    readonly dir: string,
    readonly operationIds: ReadonlySet<string>,
    private readonly bucket: Bucket,
  ) {}

  static async open(
    dir: string,
    operationIds: ReadonlySet<string>,
    endpointFlag: string | undefined,
    env: NodeJS.ProcessEnv,
  ): Promise<BucketDataset> {
    const location = parseBucketLocation(dir);
    const bucket = await openBucket(location, bucketEndpoint(endpointFlag, env), env);
    return new BucketDataset(bucket.url, operationIds, bucket);
  }

  get requests(): number {
    return this.bucket.requests;
  }

  async readManifest(): Promise<{ manifest: Manifest; notes: string[] }> {
    const text = await this.bucket.getText(MANIFEST);
    this.storedText = text;
    if (text === undefined) return { manifest: emptyManifest(), notes: [] };
    const read = parseManifest(text, `${this.dir}/${MANIFEST}`, this.operationIds);
    this.reserve(read.manifest);
    return read;
  }

  async take(options?: LockOptions): Promise<void> {
    this.lock = await takeBucketLock(this.bucket, options);
  }

  async release(): Promise<void> {
    try {
      await this.lock?.release();
    } finally {
      this.lock = undefined;
      if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
      this.scratch = undefined;
      this.bucket.close();
    }
  }

  /**
   * The operations' parts are retired: still named by the manifest in the bucket until this run's manifest
   * replaces it, then removed. A kill before that leaves the previous copy whole.
   */
  async restart(_manifest: Manifest, operationIds: readonly string[]): Promise<void> {
    let stored: Manifest;
    try {
      const text = await this.bucket.getText(MANIFEST);
      this.storedText = text;
      stored =
        text === undefined ? emptyManifest() : parseManifest(text, MANIFEST, this.operationIds).manifest;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return; // a manifest sync cannot read names nothing it may remove
    }
    this.reserve(stored);
    for (const id of operationIds) this.retired.push(...partsOf(stored, id));
  }

  /** The parts a killed run's lock lists as pending that the manifest does not name. */
  async removeLeftovers(manifest: Manifest): Promise<number> {
    if (this.leftoversRemoved) return 0;
    this.leftoversRemoved = true;
    const pending = this.lock?.previousPending ?? [];
    let removed = 0;
    for (const name of new Set(pending)) {
      const part = this.checkedPart(name);
      if (!part || names(manifest, part)) continue;
      await this.bucket.remove(name);
      removed++;
    }
    return removed;
  }

  tempPath(name: string): string {
    if (!/^[A-Za-z0-9_.=-]+$/.test(name) || name.startsWith('.'))
      throw new Error(`not a temporary name: ${name}`);
    this.scratch ??= mkdtempSync(join(tmpdir(), 'assoc-feed-sync-'));
    return join(this.scratch, name);
  }

  nextPartFile(part: Omit<PartRef, 'file'>, previous: string | undefined): string {
    let file = nextGeneration(previous);
    while (this.taken.has(partPath(this.operationIds, { ...part, file }))) file = nextGeneration(file);
    return file;
  }

  async partFile(part: PartRef): Promise<string | undefined> {
    const local = this.tempPath(`${part.operationId}-${part.value}-${part.file}.previous`);
    return (await this.bucket.download(partPath(this.operationIds, part), local)) ? local : undefined;
  }

  async publishPart(temporary: string, part: PartRef): Promise<void> {
    const name = partPath(this.operationIds, part);
    this.taken.add(name);
    await this.lockHeld().addPending([name]);
    try {
      await this.bucket.upload(temporary, name);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  async saveManifest(manifest: Manifest, replaced: readonly PartRef[], last: boolean): Promise<boolean> {
    if (!last) return false;
    const lock = this.lockHeld();
    const dropped = [...replaced, ...this.retired].filter((part) => !names(manifest, part));
    if (dropped.length > 0) await lock.addPending(dropped.map((part) => partPath(this.operationIds, part)));
    if (!(await lock.held())) throw lockLost(this.dir);
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    if (text !== this.storedText) await this.bucket.putText(MANIFEST, text);
    this.storedText = text;
    for (const part of dropped) await this.bucket.remove(partPath(this.operationIds, part));
    this.retired = [];
    await lock.clearPending();
    return true;
  }

  private lockHeld(): BucketLock {
    if (!this.lock) throw new Error(`${this.dir}: the copy's lock is not held`);
    return this.lock;
  }

  private reserve(manifest: Manifest): void {
    for (const id of Object.keys(manifest.operations))
      for (const part of partsOf(manifest, id)) this.taken.add(partPath(this.operationIds, part));
  }

  /** A name from a lock object (read back from the store): a part name sync writes, or undefined. */
  private checkedPart(name: string): PartRef | undefined {
    const m = /^([^/]+)\/([a-z][a-z0-9_]*)=([^/]+)\/([^/]+)$/.exec(name);
    if (!m) return undefined;
    const part = {
      operationId: m[1] as string,
      column: m[2] as string,
      value: m[3] as string,
      file: m[4] as string,
    };
    try {
      return partPath(this.operationIds, part) === name ? part : undefined;
    } catch {
      return undefined;
    }
  }
}

function partsOf(manifest: Manifest, operationId: string): PartRef[] {
  const entry = manifest.operations[operationId];
  if (!entry) return [];
  return Object.entries(entry.partitions).flatMap(([value, p]) =>
    p.file ? [{ operationId, column: entry.partitionColumn, value, file: p.file }] : [],
  );
}

/** Whether the manifest names the part as its partition's file. */
function names(manifest: Manifest, part: PartRef): boolean {
  const entry = manifest.operations[part.operationId];
  return entry?.partitionColumn === part.column && entry.partitions[part.value]?.file === part.file;
}
