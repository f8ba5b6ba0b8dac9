// Public API of @assoc-feed/client: createFeedClient, plus what a caller of it needs from the packages below
// (errors, environments, the document types), so one import serves an application.

export type {
  EnvironmentName,
  FeedErrorCode,
  Page,
  RetryBudget,
  RetryBudgetOptions,
  RetryContext,
  RetryOptions,
  RetryOptionsInput,
  TokenManager,
  ValidationIssue,
  ValidationRule,
} from '@assoc-feed/core';
export {
  BadRequestError,
  ConfigurationError,
  createRetryBudget,
  createTokenManager,
  DEFAULT_MAX_RESPONSE_BYTES,
  defaultRetryOn,
  environments,
  FeedError,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ResponseTruncatedError,
  ServerError,
  TimeoutError,
  TokenResponseError,
  toFeedError,
  UnauthorizedError,
} from '@assoc-feed/core';
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
export { createFeedClient, type FeedClient, type FeedClientOptions } from './create-feed-client.js';
