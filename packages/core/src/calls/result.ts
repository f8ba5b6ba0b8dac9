// The typed error of a non-throwing call. openapi-fetch returns `{ data, error, response }`, where `error` is the
// parsed body (an object: a body that was not one is wrapped, error-body.ts, and read here as it was sent); the
// document client files the call's method and path against the Response, so `toFeedError(result)` can build the
// same typed error throwing mode would have thrown.

import { bodyAsSent } from '../errors/error-body.js';
import { type ErrorContext, errorFromResponse } from '../errors/error-from-response.js';
import type { FeedError } from '../errors/errors.js';
import { pathOf } from '../transport/http.js';

const contexts = new WeakMap<Response, ErrorContext>();

/** Called by the document client for every non-2xx response. */
export function rememberResponse(response: Response, context: ErrorContext): void {
  contexts.set(response, context);
}

/**
 * The typed FeedError of an openapi-fetch result, or undefined when the call succeeded.
 *
 *     const result = await client.GET('/feed/fundos/v2/fundos/{codigo}', { params });
 *     const error = toFeedError(result);
 *     if (error instanceof NotFoundError) ...
 */
export function toFeedError(result: { error?: unknown; response: Response }): FeedError | undefined {
  if (result.response.ok) return undefined;
  const context = contexts.get(result.response) ?? { method: 'HTTP', path: pathOf(result.response.url) };
  return errorFromResponse(result.response, bodyAsSent(result.error), context);
}
