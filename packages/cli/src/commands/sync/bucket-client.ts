// The bucket side of `sync --out-dir s3://bucket/prefix`: the location checked, the AWS SDK (loaded only here,
// on first use, so a local run never pays for it) with its own credential chain (AWS_* variables, profiles, the
// instance's role), and every call's failure turned into one line that names the store's error code and the
// bucket, never a credential. Keys are joined to the prefix here and nowhere else; the names below the prefix come
// checked from storage.ts, so a key outside the prefix cannot be built.
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { UsageError } from '../../errors.js';

export interface BucketLocation {
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A prefix's components: S3's safe characters only, and never `.` or `..`. */
const PREFIX_PART = /^[A-Za-z0-9!_.*'()=-]+$/;

/** `s3://bucket/prefix` checked: a bucket name by S3's rules, a prefix of safe components. */
export function parseBucketLocation(text: string): BucketLocation {
  const m = /^s3:\/\/([^/]*)(?:\/(.*))?$/i.exec(text.trim());
  const shown = JSON.stringify(text.slice(0, 120));
  if (!m || !BUCKET.test(m[1] as string) || /\.\./.test(m[1] as string)) {
    throw new UsageError(
      `--out-dir ${shown} does not name a bucket: write s3://BUCKET/PREFIX, where BUCKET is 3 to 63 lower-case ` +
        'letters, digits, dots or hyphens (e.g. s3://my-feed-copy/feed).',
    );
  }
  const parts = (m[2] ?? '').split('/').filter((p, i, all) => !(p === '' && i === all.length - 1));
  if (parts.length === 1 && parts[0] === '') parts.length = 0;
  for (const part of parts) {
    if (!PREFIX_PART.test(part) || part === '.' || part === '..') {
      throw new UsageError(
        `--out-dir ${shown}: the prefix component ${JSON.stringify(part.slice(0, 40))} is not one sync writes under: ` +
          'use letters, digits and - _ . ! * \' ( ) = between single slashes, and no "." or ".." component.',
      );
    }
  }
  return { bucket: m[1] as string, prefix: parts.length ? `${parts.join('/')}/` : '' };
}

/** The endpoint of an S3-compatible store: --s3-endpoint, else AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL. */
export function bucketEndpoint(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [name, value] =
    flag !== undefined
      ? ['--s3-endpoint', flag]
      : env.AWS_ENDPOINT_URL_S3
        ? ['AWS_ENDPOINT_URL_S3', env.AWS_ENDPOINT_URL_S3]
        : env.AWS_ENDPOINT_URL
          ? ['AWS_ENDPOINT_URL', env.AWS_ENDPOINT_URL]
          : [undefined, undefined];
  if (value === undefined || name === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `${name} is not a URL: write it as http(s)://HOST[:PORT] (e.g. http://localhost:9000).`,
    );
  }
  if (!/^https?:$/.test(url.protocol))
    throw new UsageError(`${name} is not an http(s) URL: write it as http(s)://HOST[:PORT].`);
  if (url.username || url.password)
    throw new UsageError(
      `${name} holds a user name or password: give the URL without them, and the keys as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`,
    );
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** A store call that failed: exit 1, the store's error code and the object named. */
export class BucketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BucketError';
  }
}

interface SdkError {
  name?: string;
  Code?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** One line for a failed call: its code and HTTP status, what to check; the SDK's own text is left out. */
export function bucketError(error: unknown, action: string, where: string, endpoint?: string): Error {
  if (error instanceof BucketError || error instanceof UsageError) return error;
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const code = String(e.Code ?? e.name ?? e.code ?? 'Error').slice(0, 60);
  const at = endpoint ? ` at ${endpoint}` : '';
  if (code === 'CredentialsProviderError')
    return new BucketError(
      `${action} ${where}: no AWS credentials were found (CredentialsProviderError): set AWS_ACCESS_KEY_ID and ` +
        'AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or run where a role provides them.',
    );
  if (/region is missing/i.test(String((error as Error)?.message)))
    return new BucketError(`${action} ${where}: no region is set: set AWS_REGION (e.g. us-east-1).`);
  if (status === undefined) {
    const net = String((error as { cause?: SdkError })?.cause?.code ?? e.code ?? code).slice(0, 40);
    return new BucketError(
      `${action} ${where}: the store${at} could not be reached (${net}): check the network, and --s3-endpoint or ` +
        'AWS_ENDPOINT_URL_S3 for an S3-compatible store.',
    );
  }
  const hint =
    code === 'NoSuchBucket'
      ? `the bucket does not exist${at}: create it, or fix the name in --out-dir`
      : status === 403 || /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|ExpiredToken/.test(code)
        ? 'the store refused the credentials: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) and that they may read, write and delete under the prefix'
        : status === 301 || code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed'
          ? 'the bucket is in another region: set AWS_REGION to its region'
          : 'run again; if it persists, check the store';
  return new BucketError(`${action} ${where}: ${code} (HTTP ${status}): ${hint}.`);
}

export interface Bucket {
  readonly location: BucketLocation;
  /** `s3://bucket/prefix` for messages. */
  readonly url: string;
  /** Calls made so far. */
  readonly requests: number;
  /** The object's text, or undefined when there is none. */
  getText(key: string): Promise<string | undefined>;
  /**
   * Writes a small object. `ifNoneMatch`: only if no object has the key (false when one has: 412); a store that
   * ignores the condition writes it anyway.
   */
  putText(key: string, body: string, options?: { ifNoneMatch?: boolean }): Promise<boolean>;
  /** Uploads a local file (in parts when large). */
  upload(file: string, key: string): Promise<void>;
  /** Downloads an object to a local file; false when there is none. */
  download(key: string, file: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  close(): void;
}

export async function openBucket(
  location: BucketLocation,
  endpoint: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Bucket> {
  // The SDK warns on every run about Node versions it will drop later; the CLI's own engines say what it needs.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined);
  // Keys in the command's environment are used as given; otherwise the SDK's chain finds them (profiles, roles).
  const keys =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {};
  const client: S3Client = new sdk.S3Client({
    ...(region ? { region } : {}),
    ...keys,
    // S3-compatible stores (MinIO, Ceph, R2, GCS's interoperability endpoint) address buckets by path.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  const { bucket, prefix } = location;
  const url = `s3://${bucket}${prefix ? `/${prefix.replace(/\/$/, '')}` : ''}`;
  let requests = 0;
  const key = (name: string) => {
    if (
      name === '' ||
      name.startsWith('/') ||
      name.split('/').some((p) => p === '.' || p === '..' || p === '')
    )
      throw new Error(`not a name below the prefix: ${name}`);
    return `${prefix}${name}`;
  };
  const call = async <T>(action: string, name: string, run: () => Promise<T>): Promise<T> => {
    requests++;
    try {
      return await run();
    } catch (error) {
      throw bucketError(error, action, `s3://${bucket}/${key(name)}`, endpoint);
    }
  };
  const missing = (error: unknown) => {
    const e = error as SdkError;
    return (
      e?.name === 'NoSuchKey' ||
      e?.Code === 'NoSuchKey' ||
      (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket' && e?.Code !== 'NoSuchBucket')
    );
  };
  return {
    location,
    url,
    get requests() {
      return requests;
    },
    getText: (name) =>
      call('reading', name, async () => {
        try {
          const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key(name) }));
          return (await out.Body?.transformToString('utf8')) ?? '';
        } catch (error) {
          if (missing(error)) return undefined;
          throw error;
        }
      }),
    putText: (name, body, options = {}) =>
      call('writing', name, async () => {
        try {
          await client.send(
            new sdk.PutObjectCommand({
              Bucket: bucket,
              Key: key(name),
              Body: body,
              ContentType: 'application/json',
              ...(options.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
            }),
          );
          return true;
        } catch (error) {
          const status = (error as SdkError).$metadata?.httpStatusCode;
          if (options.ifNoneMatch && (status === 412 || status === 409)) return false;
          throw error;
        }
      }),
    upload: (file, name) =>
      call('uploading', name, async () => {
        await new Upload({
          client,
          params: {
            Bucket: bucket,
            Key: key(name),
            Body: createReadStream(file),
            ContentType: 'application/vnd.apache.parquet',
          },
        }).done();
      }),
    download: (name, file) =>
      call('reading', name, async () => {
        try {
          const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key(name) }));
          await pipeline(out.Body as Readable, createWriteStream(file));
          return true;
        } catch (error) {
          if (missing(error)) return false;
          throw error;
        }
      }),
    remove: (name) =>
      call('removing', name, async () => {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
      }),
    close: () => client.destroy(),
  };
}
