// The built client packages, loaded at run time for the client benchmarks (they measure what users get: dist).
// Not static imports: tools cannot depend on the client packages (those depend on tools for code generation), so
// tools' type-check, which runs before the packages are built on a clean clone, must not reach their dist. The
// interfaces below are the little of their surface the benchmarks use.
import { existsSync } from 'node:fs';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';

export interface LooseResult {
  data?: unknown;
  response: Response;
}
export interface LooseClient {
  GET(path: string, init?: Record<string, unknown>): Promise<LooseResult>;
}
export interface BenchClientOptions {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  fetch?: (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;
  timeoutMs?: number;
}
export interface FeedClientLike {
  fundosV2: LooseClient;
  fundosV1: LooseClient;
  precosIndices: LooseClient;
}

async function load<T>(pkg: string): Promise<T> {
  // A document package's entry is generated (tools/codegen/entry.ts); the umbrella client's is written by hand.
  const entry = `${repoRoot}packages/${pkg}/dist/${pkg === 'client' ? '' : 'generated/'}index.js`;
  if (!existsSync(entry)) {
    throw new Error(
      `${entry} is missing: the client benchmarks measure the built packages, so run \`pnpm build\` first.`,
    );
  }
  return (await import(entry)) as T;
}

export const loadFeedClient = () =>
  load<{ createFeedClient: (options: BenchClientOptions) => FeedClientLike }>('client');

export const loadFundosV2 = () =>
  load<{ createFundosV2Client: (options: BenchClientOptions) => LooseClient }>('fundos-v2');
