// Typed errors. One class per thing the caller can act on, a `code` string for switch statements and logs, and
// a message that says what to do. Rule for every class: it carries method, path, status, request id and the
// (redacted) parsed body, never a request header, a secret or a token: errors end up in logs. An error made from
// an answer also carries the answer's headers (`headers`, secrets redacted), kept out of JSON and inspect.
// Each subclass narrows `code` (and `status` where the class fixes it) to literals, so a `switch` or an
// `instanceof` check narrows the rest.

import { redact } from './redact.js';
import { parseRetryAfter } from './retry-after.js';

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
// On the prototype (not an own field) so util.inspect prints the class name once, as for built-in errors.
setName(FeedError, 'FeedError');

function setName(ctor: { prototype: Error }, name: string): void {
  Object.defineProperty(ctor.prototype, 'name', {
    value: name,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/** The token request (flow A or B) was refused with 400 or 401. */
export class InvalidCredentialsError extends FeedError {
  declare readonly code: 'invalid_credentials';
  declare readonly status: 400 | 401;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('invalid_credentials', message, details);
  }
}
setName(InvalidCredentialsError, 'InvalidCredentialsError');

/** The token endpoint answered 2xx with something that is not a usable token. */
export class TokenResponseError extends FeedError {
  declare readonly code: 'invalid_token_response';
  declare readonly status: number;
  constructor(message: string, details: FeedErrorDetails) {
    super('invalid_token_response', message, details);
  }
}
setName(TokenResponseError, 'TokenResponseError');

/** A feed call answered 401 again after the token was renewed and the call replayed once. */
export class UnauthorizedError extends FeedError {
  declare readonly code: 'unauthorized';
  declare readonly status: 401;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('unauthorized', message, details);
  }
}
setName(UnauthorizedError, 'UnauthorizedError');

/** 403: token recognised but not allowed (missing permission, revoked, or not in the contracted plan). */
export class ForbiddenError extends FeedError {
  declare readonly code: 'forbidden';
  declare readonly status: 403;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('forbidden', message, details);
  }
}
setName(ForbiddenError, 'ForbiddenError');

/**
 * A feed call answered 404: nothing at this path (an unknown code, or a date with no data). Past the last page of
 * a paginated list, `paginate()` and `pages()` take the 404 as the end instead.
 */
export class NotFoundError extends FeedError {
  declare readonly code: 'not_found';
  declare readonly status: 404;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('not_found', message, details);
  }
}
setName(NotFoundError, 'NotFoundError');

/** A feed call answered 400: the server refused a parameter the local checks let through. */
export class BadRequestError extends FeedError {
  declare readonly code: 'bad_request';
  declare readonly status: 400;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('bad_request', message, details);
  }
}
setName(BadRequestError, 'BadRequestError');

/**
 * A feed call answered 429: after the retries, or at once when the server's `Retry-After` asks for a wait longer
 * than `retry.maxRetryAfterMs` or the call's deadline. `retryAfterMs` is that wait, when the server sent one.
 */
export class RateLimitedError extends FeedError {
  declare readonly code: 'rate_limited';
  declare readonly status: 429;
  declare readonly headers: Headers;
  /** From `Retry-After`, when the server sent one. */
  declare readonly retryAfterMs?: number;
  constructor(message: string, details: FeedErrorDetails & { retryAfterMs?: number }) {
    super('rate_limited', message, details);
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}
setName(RateLimitedError, 'RateLimitedError');

/** A feed call answered 5xx, after the retries the client's `retry` options allow. */
export class ServerError extends FeedError {
  declare readonly code: 'server_error';
  declare readonly status: number;
  declare readonly headers: Headers;
  constructor(message: string, details: FeedErrorDetails) {
    super('server_error', message, details);
  }
}
setName(ServerError, 'ServerError');

/** fetch itself failed (DNS, refused connection, TLS, reset); the original error is `cause`. */
export class NetworkError extends FeedError {
  declare readonly code: 'network_error';
  declare readonly status?: undefined;
  constructor(message: string, details: FeedErrorDetails) {
    super('network_error', message, details);
  }
}
setName(NetworkError, 'NetworkError');

/**
 * The answer's body ended before it was complete (the connection was reset or closed mid-body, or it was shorter
 * than its Content-Length). Retried like a NetworkError; the original error is `cause`.
 */
export class ResponseTruncatedError extends FeedError {
  constructor(message: string, details: FeedErrorDetails) {
    super('response_truncated', message, details);
  }
}
setName(ResponseTruncatedError, 'ResponseTruncatedError');

/** The answer's body is larger than `maxResponseBytes`: reading stopped there, and the rest was not downloaded. */
export class ResponseTooLargeError extends FeedError {
  /** The limit that was passed, in bytes. */
  readonly maxResponseBytes: number;
  constructor(message: string, details: FeedErrorDetails & { maxResponseBytes: number }) {
    super('response_too_large', message, details);
    this.maxResponseBytes = details.maxResponseBytes;
  }
}
setName(ResponseTooLargeError, 'ResponseTooLargeError');

/** A 2xx answer whose body is not the JSON the operation documents (the parser's error is `cause`). */
export class ResponseParseError extends FeedError {
  constructor(message: string, details: FeedErrorDetails) {
    super('invalid_response', message, details);
  }
}
setName(ResponseParseError, 'ResponseParseError');

/**
 * The server answered with a redirect the client does not follow: to another origin, from https to http, any
 * redirect of the token request, or (in a browser, which hides the target) any redirect at all. Following it
 * would send the credentials or the token somewhere else.
 */
export class RedirectError extends FeedError {
  /** Scheme, host and port the redirect pointed to; absent in a browser, which does not show it. */
  declare readonly targetOrigin?: string;
  constructor(message: string, details: FeedErrorDetails & { targetOrigin?: string | undefined }) {
    super('redirect_refused', message, details);
    if (details.targetOrigin !== undefined) this.targetOrigin = details.targetOrigin;
  }
}
setName(RedirectError, 'RedirectError');

/**
 * The call's deadline (`timeoutMs`, the wait for the token and every retry included) passed before it finished;
 * `timeoutMs` is the deadline that was set.
 */
export class TimeoutError extends FeedError {
  declare readonly code: 'timeout';
  declare readonly status?: undefined;
  readonly timeoutMs: number;
  constructor(message: string, details: FeedErrorDetails & { timeoutMs: number }) {
    super('timeout', message, details);
    this.timeoutMs = details.timeoutMs;
  }
}
setName(TimeoutError, 'TimeoutError');

export type ValidationRule =
  | 'required'
  | 'type'
  | 'pattern'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'format'
  | 'requiredTogether'
  | 'dateWindow'
  | 'unknown';

export interface ValidationIssue {
  parameter: string;
  location: 'path' | 'query' | 'header';
  rule: ValidationRule;
  message: string;
}

/** The request broke a documented parameter rule; nothing was sent. `parameter`/`rule` describe the first issue. */
export class InvalidRequestError extends FeedError {
  declare readonly code: 'invalid_request';
  declare readonly status?: undefined;
  readonly parameter: string;
  readonly rule: ValidationRule;
  readonly location: 'path' | 'query' | 'header';
  readonly issues: readonly ValidationIssue[];
  constructor(
    message: string,
    issues: readonly [ValidationIssue, ...ValidationIssue[]],
    details: FeedErrorDetails,
  ) {
    super('invalid_request', message, details);
    const [first] = issues;
    this.parameter = first.parameter;
    this.rule = first.rule;
    this.location = first.location;
    this.issues = issues;
  }
}
setName(InvalidRequestError, 'InvalidRequestError');

/**
 * Bad client options; thrown when the client is created, before any request (or, for a host that is still the
 * spec's placeholder, by the first call, before anything is sent).
 */
export class ConfigurationError extends FeedError {
  declare readonly code: 'configuration';
  declare readonly status?: undefined;
  /** The option to fix, e.g. `baseUrl`. */
  readonly option: string;
  constructor(option: string, message: string) {
    super('configuration', message);
    this.option = option;
  }
}
setName(ConfigurationError, 'ConfigurationError');

export interface ErrorContext {
  method: string;
  path: string;
  /** True for the token request (flow A or B): 400/401 then mean bad credentials, not a bad feed token. */
  tokenCall?: boolean;
  /** Values to scrub from the body and request id (client secret, Basic header, tokens). */
  secrets?: readonly (string | undefined)[];
  now?: () => number;
}

const FORBIDDEN_HINT =
  'The token is recognised but not allowed here: it lacks permission for this resource, the credential was revoked, ' +
  'or the contracted plan does not include this resource. Regularise the access with the operator; a revoked ' +
  'credential needs a new token once access is restored.';

/** Maps a non-2xx response (body already read and parsed) to its typed error. */
export function errorFromResponse(response: Response, body: unknown, context: ErrorContext): FeedError {
  const secrets = context.secrets ?? [];
  const status = response.status;
  const safeBody = redact(body, secrets);
  const requestId = redact(response.headers.get('x-request-id') ?? undefined, secrets);
  const details: FeedErrorDetails = {
    status,
    method: context.method,
    path: context.path,
    body: safeBody,
    headers: redactHeaders(response.headers, secrets),
  };
  if (requestId) details.requestId = requestId;
  // The server's message usually ends with its own full stop; one is enough.
  const head = `${context.method} ${context.path} answered ${status}${describeBody(safeBody)}`.replace(
    /[.!?]?$/,
    (end) => end || '.',
  );
  const ref = requestId ? ` (request id ${requestId})` : '';

  if (context.tokenCall && (status === 400 || status === 401)) {
    const what =
      status === 400
        ? 'The token request was malformed or incomplete'
        : 'The token request was refused: the credentials are wrong, unknown or changed';
    return new InvalidCredentialsError(
      `${head} ${what}. Check clientId and clientSecret, and that they belong to this environment: production ` +
        `and sandbox credentials are different.${ref}`,
      details,
    );
  }
  switch (true) {
    case status === 400:
      return new BadRequestError(
        `${head} A parameter breaks a rule the server checks; see error.body.details for the parameter and rule.${ref}`,
        details,
      );
    case status === 401:
      return new UnauthorizedError(
        `${head} The access token was refused even after a fresh token was requested and the call replayed once. ` +
          `Check that clientId is the one these credentials were issued with, and that the credentials belong to ` +
          `this environment (production and sandbox credentials are different).${ref}`,
        details,
      );
    case status === 403:
      return new ForbiddenError(`${head} ${FORBIDDEN_HINT}${ref}`, details);
    case status === 404:
      return new NotFoundError(
        `${head} Nothing at this path: check the code or date sent. In a paginated list a page past the last page ` +
          `answers 404, which paginate() treats as the end.${ref}`,
        details,
      );
    case status === 429: {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), (context.now ?? Date.now)());
      const wait =
        retryAfterMs === undefined ? '' : ` The server asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
      return new RateLimitedError(
        `${head} Too many requests: slow down, or raise retry.maxRetryAfterMs and timeoutMs for the client to wait ` +
          `it out (a wait past either is not made).${wait}${ref}`,
        retryAfterMs === undefined ? details : { ...details, retryAfterMs },
      );
    }
    case status >= 500:
      return new ServerError(
        `${head} The service failed; the call was retried as the retry options allow. Try again later and quote the ` +
          `request id to the operator if it persists.${ref}`,
        details,
      );
    default:
      return new FeedError('http_error', `${head}${ref}`, details);
  }
}

/** A copy of `headers` with every secret scrubbed from the values (a server may echo what it was sent). */
function redactHeaders(headers: Headers, secrets: readonly (string | undefined)[]): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    copy.append(name, redact(value, secrets) ?? '');
  });
  return copy;
}

/** ` (type): message` from the documented error body `{ status, error, message }`, or a short text body. */
function describeBody(body: unknown): string {
  if (typeof body === 'string') return body.trim() ? `: ${clip(body.trim())}` : '';
  if (!body || typeof body !== 'object') return '';
  const { error, message } = body as { error?: unknown; message?: unknown };
  const type = typeof error === 'string' && error ? ` (${clip(error)})` : '';
  const text = typeof message === 'string' && message ? `: ${clip(message)}` : '';
  return `${type}${text}`;
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
