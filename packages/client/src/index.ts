// Public API of @assoc-feed/client: createFeedClient, plus what a caller of it needs from the packages below
// (errors, environments, the document types), so one import serves an application.

// Everything users get from core (errors, environments, token managers, option and paging types), by one line:
// the client's public surface is core's public surface plus its own, never a second list to keep in step.
export * from '@assoc-feed/core';
export type {
  components as FundosV1Components,
  FundosV1Client,
  operations as FundosV1Operations,
  paths as FundosV1Paths,
} from '@assoc-feed/fundos-v1';
export { fetchStructuredFundHistory } from '@assoc-feed/fundos-v1';
export type {
  components as FundosV2Components,
  FundosV2Client,
  operations as FundosV2Operations,
  paths as FundosV2Paths,
} from '@assoc-feed/fundos-v2';
export type {
  components as PrecosIndicesComponents,
  operations as PrecosIndicesOperations,
  PrecosIndicesClient,
  paths as PrecosIndicesPaths,
} from '@assoc-feed/precos-indices';
export {
  createFeedClient,
  type ExactFeedClient,
  type FeedClient,
  type FeedClientOptions,
} from './create-feed-client.js';
