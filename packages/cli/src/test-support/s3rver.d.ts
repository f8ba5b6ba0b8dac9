// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  import type { Readable } from 'node:stream';

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  /** Its store of objects (lib/stores/filesystem.js): the methods s3-atomic-store.ts replaces or calls. */
  export interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: unknown, md5?: string): Promise<void>;
    getObject(bucket: string, key: string, options?: unknown): Promise<{ content: Readable | null } | null>;
    putObject(object: {
      bucket: string;
      key: string;
      content: Readable | Buffer;
      metadata: unknown;
    }): Promise<{ size: number; md5: string }>;
    deleteObject(bucket: string, key: string): Promise<unknown>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: FilesystemStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
