// A real S3-compatible server for the tests and the bench: s3rver (npm), an HTTP server speaking the S3 REST API
// over a local directory, on a free loopback port. It accepts any key pair and ignores If-None-Match on PUT (the
// lock's degraded mode, bucket-lock.ts, is what runs against it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { makeObjectsAtomic } from './s3-atomic-store.js';

/** `buckets`: created at start (the tests create theirs through the S3 API). */
export async function startS3Server(
  buckets: readonly string[] = [],
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'assoc-feed-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  makeObjectsAtomic(server.store);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
