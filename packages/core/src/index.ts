// Public API of @assoc-feed/core. Document packages build on createDocumentClient + their generated meta.

export type { DocumentClient, DocumentClientOptions } from './create-document-client.js';
export { createDocumentClient } from './create-document-client.js';
export { type DateRange, resolveDateWindow } from './date-window.js';
export type { BaseUrlOptions, EnvironmentName } from './environments.js';
export { checkServiceUrl, environments, isLoopbackHost, resolveBaseUrl } from './environments.js';
export type {
  ErrorContext,
  FeedErrorCode,
  FeedErrorDetails,
  ValidationIssue,
  ValidationRule,
} from './errors.js';
export {
  BadRequestError,
  ConfigurationError,
  errorFromResponse,
  FeedError,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  TokenResponseError,
  UnauthorizedError,
} from './errors.js';
export type { InputTokenManager, InputTokenManagerOptions } from './flow-b.js';
export { bearerAuthMiddleware, createInputTokenManager, FLOW_B_TOKEN_PATH } from './flow-b.js';
export type { FetchFn, FetchInit } from './http.js';
export type {
  CursorPaginationMeta,
  DateWindowMeta,
  DocumentMeta,
  OperationMeta,
  PagePaginationMeta,
  PaginationMeta,
  ParameterMeta,
  ParameterSchemaMeta,
} from './meta.js';
export { operationKey } from './meta.js';
export type {
  Page,
  PageItem,
  PaginateArgs,
  PaginatedPath,
  PaginateInit,
  PaginateOptions,
  Paginator,
} from './paginate.js';
export { toFeedError } from './result.js';
export type { RetryContext, RetryOptions } from './retry.js';
export {
  backoffDelay,
  defaultRetryOn,
  defaultRetryOptions,
  isRetryableStatus,
  resolveRetryOptions,
} from './retry.js';
export { DEFAULT_TIMEOUT_MS } from './timeout.js';
export type { TokenManager, TokenManagerOptions } from './token-manager.js';
export { createTokenManager, FLOW_A_TOKEN_PATH } from './token-manager.js';
export type { RequestParams } from './validate.js';
export { dateProblem, findIssues, validateRequest } from './validate.js';
