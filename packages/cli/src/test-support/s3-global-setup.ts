// One S3-compatible server for the whole test run (vitest globalSetup): the bucket tests share it, each with
// buckets of its own.
import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return server.stop;
}
