// Maps an answer that is not 2xx to its typed error, with a message that says what to do and every secret the
// client knows scrubbed from the body, the request id and the headers.

import {
  BadRequestError,
  FeedError,
  type FeedErrorDetails,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from './errors.js';
import { redact } from './redact.js';
import { parseRetryAfter } from './retry-after.js';

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
        `${head} Nothing at this path: check the code or date sent. In a paginated list the page after the last one ` +
          `its total implies answers 404, which paginate() treats as the end.${ref}`,
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
