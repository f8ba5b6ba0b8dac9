// Typed errors. One class per thing the caller can act on, a `code` string for switch statements and logs, and
// a message that says what to do. Rule for every class: it carries method, path, status, request id and the
// (redacted) parsed body, never a request header, a secret or a token: errors end up in logs. An error made from
// an answer also carries the answer's headers (`headers`, secrets redacted), kept out of JSON and inspect.
// Each subclass narrows `code` (and `status` where the class fixes it) to literals, so a `switch` or an
// `instanceof` check narrows the rest.

import type { ValidationIssue, ValidationRule } from './validation-issue.js';

export type { ValidationIssue, ValidationRule } from './validation-issue.js';

export type FeedErrorCode =
  | 'invalid_credentials'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'network_error'
  | 'response_truncated'
  | 'response_too_large'
  | 'invalid_response'
  | 'redirect_refused'
  | 'timeout'
  | 'invalid_request'
  | 'invalid_token_response'
  | 'unexpected_response'
  | 'pagination_stalled'
  | 'pagination_inconsistent'
  | 'configuration';

export interface FeedErrorDetails {
  status?: number;
  method?: string;
  path?: string;
  body?: unknown;
  requestId?: string;
  /** The response headers (secrets redacted), when there was a response. */
  headers?: Headers;
  cause?: unknown;
}

/**
 * The base of every error the clients throw, and the error itself (`code: 'http_error'`) for a status no subclass
 * names. Switch on `code` or test `instanceof` a subclass; quote `requestId` to the operator.
 */
export class FeedError extends Error {
  readonly code: FeedErrorCode;
  // `declare` so absent details are absent properties (not `undefined` own props cluttering inspect/JSON).
  declare readonly status?: number;
  /** HTTP method of the call (absent only on ConfigurationError). */
  declare readonly method?: string;
  /** Path and query of the call (absent only on ConfigurationError). */
  declare readonly path?: string;
  /** The parsed response body, secrets redacted. */
  declare readonly body?: unknown;
  /** The `x-request-id` response header: quote it to the operator. */
  declare readonly requestId?: string;
  /** The response's headers (secrets redacted) when there was a response; not in JSON or inspect output. */
  declare readonly headers?: Headers;

  constructor(code: FeedErrorCode, message: string, details: FeedErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.method !== undefined) this.method = details.method;
    if (details.path !== undefined) this.path = details.path;
    if (details.body !== undefined) this.body = details.body;
    if (details.requestId !== undefined) this.requestId = details.requestId;
    if (details.headers !== undefined) {
      Object.defineProperty(this, 'headers', { value: details.headers, enumerable: false });
    }
  }

  /** What JSON.stringify writes: the public fields, never `cause` (a foreign object we cannot vouch for). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause' && value !== undefined) out[key] = value;
    }
    return out;
  }
}
named(FeedError, 'FeedError');

/**
 * The base of the errors whose class fixes the code (and, for an answer's status, `status` and `headers`), so
 * `instanceof` and a `switch` on `code` narrow alike. A subclass is one line and `named` gives it its name and code.
 */
export abstract class CodedError<
  Code extends FeedErrorCode,
  Status extends number | undefined = number | undefined,
  AnswerHeaders extends Headers | undefined = Headers | undefined,
> extends FeedError {
  declare readonly code: Code;
  declare readonly status: Status;
  declare readonly headers: AnswerHeaders;
  constructor(message: string, details: FeedErrorDetails = {}) {
    super((new.target.prototype as { code: Code }).code, message, details);
  }
}

/**
 * Names a class by a string literal (a name read from the constructor does not survive a user's minifier) and,
 * for a CodedError, fixes its code. On the prototype, not an own field, so util.inspect prints the name once.
 */
export function named(ctor: { prototype: Error }, name: string, code?: FeedErrorCode): void {
  const hidden = { writable: true, configurable: true, enumerable: false };
  Object.defineProperty(ctor.prototype, 'name', { ...hidden, value: name });
  if (code) Object.defineProperty(ctor.prototype, 'code', { ...hidden, value: code });
}

/** The token request (flow A or B) was refused with 400 or 401. */
export class InvalidCredentialsError extends CodedError<'invalid_credentials', 400 | 401, Headers> {}
named(InvalidCredentialsError, 'InvalidCredentialsError', 'invalid_credentials');

/**
 * The token endpoint gave no usable token: a 2xx that is not a token, or a status that is neither a refusal of the
 * credentials (InvalidCredentialsError) nor a failure the retries own (429, 5xx), such as the 404 of a wrong token
 * or base URL.
 */
export class TokenResponseError extends CodedError<'invalid_token_response', number> {}
named(TokenResponseError, 'TokenResponseError', 'invalid_token_response');

/** A feed call answered 401 again after the token was renewed and the call replayed once. */
export class UnauthorizedError extends CodedError<'unauthorized', 401, Headers> {}
named(UnauthorizedError, 'UnauthorizedError', 'unauthorized');

/** 403: token recognised but not allowed (missing permission, revoked, or not in the contracted plan). */
export class ForbiddenError extends CodedError<'forbidden', 403, Headers> {}
named(ForbiddenError, 'ForbiddenError', 'forbidden');

/**
 * A feed call answered 404: nothing at this path (an unknown code, or a date with no data). For the page after the
 * last one a paginated list's total implies, `paginate()` and `pages()` take the 404 as the end instead.
 */
export class NotFoundError extends CodedError<'not_found', 404, Headers> {}
named(NotFoundError, 'NotFoundError', 'not_found');

/** A feed call answered 400: the server refused a parameter the local checks let through. */
export class BadRequestError extends CodedError<'bad_request', 400, Headers> {}
named(BadRequestError, 'BadRequestError', 'bad_request');

/**
 * A feed call answered 429: after the retries, or at once when the server's `Retry-After` asks for a wait longer
 * than `retry.maxRetryAfterMs` or the call's deadline. `retryAfterMs` is that wait, when the server sent one.
 */
export class RateLimitedError extends CodedError<'rate_limited', 429, Headers> {
  /** From `Retry-After`, when the server sent one. */
  declare readonly retryAfterMs?: number;
  constructor(message: string, details: FeedErrorDetails & { retryAfterMs?: number }) {
    super(message, details);
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}
named(RateLimitedError, 'RateLimitedError', 'rate_limited');

/** A feed call answered 5xx, after the retries the client's `retry` options allow. */
export class ServerError extends CodedError<'server_error', number, Headers> {}
named(ServerError, 'ServerError', 'server_error');

/** fetch itself failed (DNS, refused connection, TLS, reset); the original error is `cause`. */
export class NetworkError extends CodedError<'network_error', undefined> {}
named(NetworkError, 'NetworkError', 'network_error');

/**
 * The answer's body ended before it was complete (the connection was reset or closed mid-body, or it was shorter
 * than its Content-Length). Retried like a NetworkError; the original error is `cause`.
 */
export class ResponseTruncatedError extends CodedError<'response_truncated'> {}
named(ResponseTruncatedError, 'ResponseTruncatedError', 'response_truncated');

/** The answer's body is larger than `maxResponseBytes`: reading stopped there, and the rest was not downloaded. */
export class ResponseTooLargeError extends CodedError<'response_too_large'> {
  /** The limit that was passed, in bytes. */
  readonly maxResponseBytes: number;
  constructor(message: string, details: FeedErrorDetails & { maxResponseBytes: number }) {
    super(message, details);
    this.maxResponseBytes = details.maxResponseBytes;
  }
}
named(ResponseTooLargeError, 'ResponseTooLargeError', 'response_too_large');

/** A 2xx answer whose body is not the JSON the operation documents (the parser's error is `cause`). */
export class ResponseParseError extends CodedError<'invalid_response'> {}
named(ResponseParseError, 'ResponseParseError', 'invalid_response');

/**
 * The server answered with a redirect the client does not follow: to another origin, from https to http, any
 * redirect of the token request, or (in a browser, which hides the target) any redirect at all. Following it
 * would send the credentials or the token somewhere else.
 */
export class RedirectError extends CodedError<'redirect_refused'> {
  /** Scheme, host and port the redirect pointed to; absent in a browser, which does not show it. */
  declare readonly targetOrigin?: string;
  constructor(message: string, details: FeedErrorDetails & { targetOrigin?: string | undefined }) {
    super(message, details);
    if (details.targetOrigin !== undefined) this.targetOrigin = details.targetOrigin;
  }
}
named(RedirectError, 'RedirectError', 'redirect_refused');

/**
 * The call's deadline (`timeoutMs`, the wait for the token and every retry included) passed before it finished;
 * `timeoutMs` is the deadline that was set.
 */
export class TimeoutError extends CodedError<'timeout', undefined> {
  readonly timeoutMs: number;
  constructor(message: string, details: FeedErrorDetails & { timeoutMs: number }) {
    super(message, details);
    this.timeoutMs = details.timeoutMs;
  }
}
named(TimeoutError, 'TimeoutError', 'timeout');

/** The request broke a documented parameter rule; nothing was sent. `parameter`/`rule` describe the first issue. */
export class InvalidRequestError extends CodedError<'invalid_request', undefined> {
  readonly parameter: string;
  readonly rule: ValidationRule;
  readonly location: 'path' | 'query' | 'header';
  readonly issues: readonly ValidationIssue[];
  constructor(
    message: string,
    issues: readonly [ValidationIssue, ...ValidationIssue[]],
    details: FeedErrorDetails,
  ) {
    super(message, details);
    const [first] = issues;
    this.parameter = first.parameter;
    this.rule = first.rule;
    this.location = first.location;
    this.issues = issues;
  }
}
named(InvalidRequestError, 'InvalidRequestError', 'invalid_request');

/**
 * Bad client options; thrown when the client is created, before any request (or, for a host that is still the
 * spec's placeholder, by the first call, before anything is sent).
 */
export class ConfigurationError extends CodedError<'configuration', undefined> {
  /** The option to fix, e.g. `baseUrl`. */
  readonly option: string;
  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}
named(ConfigurationError, 'ConfigurationError', 'configuration');
