// One token request and the checks on its answer, shared by flow A and flow B. The answer of a token endpoint
// holds the token, so nothing from a 2xx body is ever quoted in an error: only field names and value types.

import { errorFromResponse } from '../errors/error-from-response.js';
import {
  FeedError,
  InvalidCredentialsError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TokenResponseError,
} from '../errors/errors.js';
import { redact } from '../errors/redact.js';
import { type FetchFn, pathOf, readBody } from '../transport/http.js';
import { isRedirect, redirectTarget } from '../transport/redirect.js';
import { releaseBody } from '../transport/release-body.js';
import { isHeaderValue } from './credentials.js';
import type { TokenGrant } from './token-cache.js';

export interface TokenRequestContext {
  fetch: FetchFn;
  /** Built fresh per call: a Request body can be read once. */
  buildRequest: () => Request;
  /** Accepted `token_type` values, compared case-insensitively (OAuth token types are case-insensitive). */
  tokenTypes: readonly string[];
  /** What the caller should check when the answer is not a token (which endpoint, which flow). */
  endpointHint: string;
  /** Scrubbed from any error body. */
  secrets: readonly string[];
}

export async function requestToken(context: TokenRequestContext): Promise<TokenGrant> {
  const request = context.buildRequest();
  const method = request.method;
  const path = pathOf(request.url);
  let response: Response;
  try {
    response = await context.fetch(request);
  } catch (error) {
    // The pipeline's fetch already throws typed errors (TimeoutError, NetworkError); a bare fetch does not.
    if (error instanceof FeedError) throw error;
    throw new NetworkError(
      `${method} ${path} (token request) failed before an answer: ${redact(describe(error), context.secrets)}.`,
      {
        method,
        path,
        cause: error,
      },
    );
  }
  if (isRedirect(response)) {
    releaseBody(response); // not awaited: see releaseBody
    redirectTarget(response, { method, url: request.url, path, tokenCall: true }); // throws: never followed
  }
  if (!response.ok) {
    const body = await readBody(response, { method, path });
    const error = errorFromResponse(response, body, {
      method,
      path,
      tokenCall: true,
      secrets: context.secrets,
    });
    throw isAuthOrRetryable(error) ? error : noToken(error, context.endpointHint);
  }
  const details = { status: response.status, method, path };
  const fail = (problem: string) =>
    new TokenResponseError(
      `${method} ${path} answered ${response.status} but ${problem}. ${context.endpointHint}`,
      details,
    );

  const body = await readBody(response, { method, path });
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail('the body is not a JSON object');
  const {
    access_token: accessToken,
    token_type: tokenType,
    expires_in: expiresIn,
  } = body as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw fail(`access_token is ${typeOf(accessToken)}, not a non-empty string`);
  }
  if (!isHeaderValue(accessToken)) {
    // fetch would refuse it as a header with a TypeError that quotes it whole: named here, never quoted.
    throw fail(
      `access_token is not a valid HTTP header value (${accessToken.length} characters, holding a line break, a ` +
        'control character, a character past Latin-1, or spaces at its ends), so it cannot be sent',
    );
  }
  if (
    typeof tokenType !== 'string' ||
    !context.tokenTypes.some((t) => t.toLowerCase() === tokenType.toLowerCase())
  ) {
    // Quoted to help spot a wrong endpoint, but never with the token in it (a broken server may mix them up).
    const got =
      typeof tokenType === 'string'
        ? redact(JSON.stringify(tokenType.slice(0, 40)), [...context.secrets, accessToken])
        : typeOf(tokenType);
    throw fail(`token_type is ${got}; expected ${context.tokenTypes.join(' or ')}`);
  }
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn <= 0) {
    const got = typeof expiresIn === 'number' ? String(expiresIn) : typeOf(expiresIn);
    throw fail(`expires_in is ${got}; expected a positive whole number of seconds`);
  }
  return { accessToken, expiresIn };
}

/** Refused credentials, and the statuses the retry and rate-limit rules own, keep their own class. */
function isAuthOrRetryable(error: FeedError): boolean {
  return (
    error instanceof InvalidCredentialsError ||
    error instanceof RateLimitedError ||
    error instanceof ServerError
  );
}

/**
 * Any other status (a 404 from a wrong token URL or base URL, a 403, a 405) means no token was issued: an
 * authentication failure, never the feed's own "not found" (which a paginated list reads as its end).
 */
function noToken(error: FeedError, endpointHint: string): TokenResponseError {
  const { status, method, path, body, requestId, headers } = error;
  return new TokenResponseError(
    `${method} ${path} (token request) answered ${status}, so no token was issued and nothing was read. ` +
      endpointHint,
    {
      ...(status === undefined ? {} : { status }),
      ...(method === undefined ? {} : { method }),
      ...(path === undefined ? {} : { path }),
      ...(body === undefined ? {} : { body }),
      ...(requestId === undefined ? {} : { requestId }),
      ...(headers === undefined ? {} : { headers }),
    },
  );
}

function typeOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return `a ${Array.isArray(value) ? 'list' : typeof value}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
