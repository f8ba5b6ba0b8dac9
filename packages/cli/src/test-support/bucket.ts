// Test helpers for `sync --out-dir s3://…`: a real S3-compatible server (s3rver, from the npm registry: an HTTP
// server speaking the S3 REST API over a local directory) started once per test run on a free loopback port
// (s3-server.ts, s3-global-setup.ts), and readers that go through the S3 API the way a user's engine does: the manifest first,
// then the parts it names.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

/** s3rver accepts any key pair; these are what the tests send. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const s3Endpoint = () => inject('s3Endpoint');

/** The variables a user sets for an S3-compatible store: the SDK's own. */
export function bucketEnv(endpoint = s3Endpoint()): NodeJS.ProcessEnv {
  return {
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: endpoint,
  };
}

export function s3Client(endpoint = s3Endpoint()): S3Client {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1', credentials: KEYS });
}

let buckets = 0;
/** A new, empty bucket for one test (named `label` exactly when `suffix` is ''). */
export async function newBucket(
  client: S3Client,
  label: string,
  suffix = `-${process.pid}-${++buckets}`,
): Promise<string> {
  const name = `${label}${suffix}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  await client.send(new CreateBucketCommand({ Bucket: name }));
  return name;
}

export async function getText(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await out.Body?.transformToString('utf8');
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function putText(client: S3Client, bucket: string, key: string, body: string): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

/** Every key in the bucket under `prefix` (what the tests check; sync itself never lists). */
export async function listKeys(client: S3Client, bucket: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(out.Contents ?? []).map((c) => c.Key as string));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/**
 * A reader's view of the copy: the manifest read through the S3 API, and the parts it names downloaded into a
 * local directory of the same layout (DuckDB then reads them; its httpfs extension is not installed here).
 */
export async function readBucketCopy(client: S3Client, bucket: string, prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-s3-read-'));
  const manifestText = await getText(client, bucket, `${prefix}_sync.json`);
  if (manifestText === undefined) throw new Error(`no manifest in s3://${bucket}/${prefix}`);
  const manifest = JSON.parse(manifestText) as {
    operations: Record<string, { partitionColumn: string; partitions: Record<string, { file?: string }> }>;
  };
  for (const [id, entry] of Object.entries(manifest.operations)) {
    for (const [value, part] of Object.entries(entry.partitions)) {
      if (!part.file) continue;
      const rel = `${id}/${entry.partitionColumn}=${value}/${part.file}`;
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${rel}` }));
      const bytes = await out.Body?.transformToByteArray();
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), bytes ?? new Uint8Array());
    }
  }
  writeFileSync(join(dir, '_sync.json'), manifestText);
  return dir;
}
