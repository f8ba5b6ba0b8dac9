// `--out-dir` to its storage: `s3://bucket/prefix` a bucket (the AWS SDK is loaded only then), anything else a
// local directory.
import { UsageError } from '../../errors.js';
import { Dataset } from './dataset.js';
import { type CopyDataset, isBucketLocation } from './storage.js';

export async function openDataset(
  outDir: string,
  operationIds: ReadonlySet<string>,
  s3Endpoint: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<CopyDataset & { readonly requests?: number }> {
  if (isBucketLocation(outDir)) {
    const { BucketDataset } = await import('./bucket-dataset.js');
    return BucketDataset.open(outDir, operationIds, s3Endpoint, env);
  }
  if (s3Endpoint !== undefined)
    throw new UsageError(
      `--s3-endpoint is for a copy in a bucket (--out-dir s3://BUCKET/PREFIX), and --out-dir ${outDir} is a local directory: drop --s3-endpoint, or give an s3:// --out-dir.`,
    );
  return Dataset.open(outDir, operationIds);
}
