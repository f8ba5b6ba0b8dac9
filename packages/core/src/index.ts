// Public API of @assoc-feed/core: what a user of the clients needs and the README shows (building a document
// client, the two token flows, options, paging, errors, environments). What only the sibling packages share is in
// ./internal.ts (`@assoc-feed/core/internal`), outside semver. api-report.md lists this surface; a change to it
// fails check:packages until `pnpm api:report` rewrites the report, so it is reviewed as a diff.

export { DEFAULT_MAX_RESPONSE_BYTES } from './body.js';
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
} from './call-types.js';
export type { DocumentClient, DocumentClientOptions } from './create-document-client.js';
export { createDocumentClient } from './create-document-client.js';
export type { EnvironmentName } from './environments.js';
export { environments } from './environments.js';
export type { TextErrorBody } from './error-body.js';
export type {
  FeedErrorCode,
  FeedErrorDetails,
  ValidationIssue,
  ValidationRule,
} from './errors.js';
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
} from './errors.js';
export type { ExactNumbers } from './exact-types.js';
export type { TokenManager, TokenManagerOptions } from './flow-a.js';
export { createTokenManager } from './flow-a.js';
export type { InputTokenManager, InputTokenManagerOptions } from './flow-b.js';
export { bearerAuthMiddleware, createInputTokenManager } from './flow-b.js';
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
export type {
  ClientHooks,
  Logger,
  LogLevel,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  TokenEvent,
} from './observe.js';
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
} from './paginate.js';
export type {
  BodyReader,
  BodyReaderModule,
  CompiledValidator,
  DocumentExtras,
  ExactModule,
  ResponseIssue,
  ValidatorsModule,
} from './response-types.js';
export { ResponseValidationError } from './response-types.js';
export { toFeedError } from './result.js';
export type { RetryContext, RetryOptions, RetryOptionsInput } from './retry.js';
export { defaultRetryOn } from './retry.js';
export type { RetryBudget, RetryBudgetOptions } from './retry-budget.js';
export { createRetryBudget, DEFAULT_RETRY_BUDGET } from './retry-budget.js';
export type { TokenFlow, TokenSource } from './token-source.js';
