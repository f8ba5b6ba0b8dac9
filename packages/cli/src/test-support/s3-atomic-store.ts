// s3rver's store made to keep S3's promise that sync's lock relies on: a PUT is atomic, so a read sees the whole
// previous object or the whole new one, and an upload cut off (its client killed) leaves the object as it was.
// s3rver itself truncates the object's file when a PUT starts, answers before the file is flushed, and keeps what
// a cut-off upload sent: a lock read during a heartbeat's write came back torn, and a run killed while writing its
// lock left one no run could read. Here each object's reads, writes and removal take turns, and a write is a
// whole body written aside, then renamed over the object.
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { FilesystemStore } from 's3rver';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function makeObjectsAtomic(store: FilesystemStore): void {
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(bucket: string, key: string, step: () => Promise<T>): Promise<T> => {
    const id = `${bucket}/${key}`;
    const run = (turns.get(id) ?? Promise.resolve()).then(step);
    const tail = run.catch(() => undefined);
    turns.set(id, tail);
    void tail.then(() => {
      if (turns.get(id) === tail) turns.delete(id);
    });
    return run;
  };
  const getObject = store.getObject.bind(store);
  const deleteObject = store.deleteObject.bind(store);

  store.putObject = async (object) => {
    // The whole body before anything is written: an upload that never ends writes nothing.
    const body = Buffer.isBuffer(object.content) ? object.content : await readAll(object.content);
    return inTurn(object.bucket, object.key, async () => {
      const path = store.getResourcePath(object.bucket, object.key, 'object');
      const aside = store.getResourcePath(object.bucket, object.key, 'uploading');
      await mkdir(dirname(path), { recursive: true });
      await writeFile(aside, body);
      await rename(aside, path);
      const md5 = createHash('md5').update(body).digest('hex');
      await store.putMetadata(object.bucket, object.key, object.metadata, md5);
      return { size: body.length, md5 };
    });
  };
  store.getObject = (bucket, key, options) =>
    inTurn(bucket, key, async () => {
      const object = await getObject(bucket, key, options);
      // Read whole in its turn: a write after it cannot change what this answer sends.
      if (object?.content)
        object.content = Readable.from([await readAll(object.content)], { objectMode: false });
      return object;
    });
  store.deleteObject = (bucket, key) => inTurn(bucket, key, () => deleteObject(bucket, key));
}
