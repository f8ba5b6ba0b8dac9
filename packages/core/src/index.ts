// Public API of @assoc-feed/core: what a user of the clients needs and the README shows (building a document
// client, the two token flows, options, paging, errors, environments). What only the sibling packages share is in
// ./internal.ts (`@assoc-feed/core/internal`), outside semver. api-report.md lists this surface; a change to it
// fails check:packages until `pnpm api:report` rewrites the report, so it is reviewed as a diff.

export type { TokenManager, TokenManagerOptions } from './auth/flow-a.js';
export { createTokenManager } from './auth/flow-a.js';
export type { InputTokenManager, InputTokenManagerOptions } from './auth/flow-b.js';
export { bearerAuthMiddleware, createInputTokenManager } from './auth/flow-b.js';
export type { TokenFlow, TokenSource } from './auth/token-source.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './body/body.js';
export type { ExactNumbers } from './body/exact-types.js';
export type {
  BodyReader,
  BodyReaderModule,
  CompiledValidator,
  DocumentExtras,
  ExactModule,
  ResponseIssue,
  ValidatorsModule,
} from './body/response-types.js';
export { ResponseValidationError } from './body/response-types.js';
export type {
  CallMethod,
  CallOptions,
  CallResult,
  ErrorResult,
  ExactOptions,
  ExtraQueryValue,
  ResultError,
  SuccessResult,
  ThrowsOn,
} from './calls/call-types.js';
export { toFeedError } from './calls/result.js';
export type { DocumentClient, DocumentClientOptions } from './client/create-document-client.js';
export { createDocumentClient } from './client/create-document-client.js';
export type { EnvironmentName } from './environments/environments.js';
export { environments } from './environments/environments.js';
export type { TextErrorBody } from './errors/error-body.js';
export type {
  FeedErrorCode,
  FeedErrorDetails,
  ValidationIssue,
  ValidationRule,
} from './errors/errors.js';
export {
  BadRequestError,
  CodedError,
  ConfigurationError,
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
  UnauthorizedError,
} from './errors/errors.js';
export type {
  CursorPaginationMeta,
  DateWindowMeta,
  DocumentMeta,
  OperationMeta,
  PagePaginationMeta,
  PaginationMeta,
  ParameterMeta,
  ParameterSchemaMeta,
} from './input/meta.js';
export type {
  ClientHooks,
  Logger,
  LogLevel,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  TokenEvent,
} from './observe/observe.js';
export type {
  NotPaginated,
  Page,
  PageItem,
  PaginateArgs,
  PaginatedPath,
  PaginatedPathArg,
  PaginateInit,
  PaginateOptions,
  Paginator,
} from './paging/paginate.js';
export type { FetchFn, FetchInit } from './transport/http.js';
export type { RetryContext, RetryOptions, RetryOptionsInput } from './transport/retry.js';
export { defaultRetryOn } from './transport/retry.js';
export type { RetryBudget, RetryBudgetOptions } from './transport/retry-budget.js';
export { createRetryBudget, DEFAULT_RETRY_BUDGET } from './transport/retry-budget.js';
