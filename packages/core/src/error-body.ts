// The `error` of a non-throwing call's result is always an object, so `if (error) throw …` narrows the result to
// its success branch. TypeScript keeps `data` possibly undefined after such a check when the error could be a
// string (it could be ''); and at run time an empty body would be '' and slip past the check. The documented
// error object is handed on as it is; any other body (the API gateway's bare JSON string, text that is not JSON,
// no body at all, another JSON value) becomes a TextErrorBody holding its text. toFeedError still reads the body
// as it was sent.

/** The `error` of a result whose answer body was not a JSON object. */
export interface TextErrorBody {
  /** The answer's HTTP status. */
  status: number;
  /** Tells this form from the service's error object. */
  error: 'text body';
  /**
   * The body's text: a bare JSON string's value (the API gateway's message, e.g. for a missing or unknown
   * client_id), else the body as sent; '' when the answer had no body.
   */
  message: string;
}

const asSent = new WeakMap<object, unknown>();

/** The result's `error` for a non-2xx answer whose body openapi-fetch parsed to `body`. */
export function resultError(body: unknown, status: number): object {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  const message = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const wrapped: TextErrorBody = { status, error: 'text body', message };
  asSent.set(wrapped, body);
  return wrapped;
}

/** The body as the answer sent it, behind a result's `error`. */
export function bodyAsSent(error: unknown): unknown {
  return typeof error === 'object' && error !== null && asSent.has(error) ? asSent.get(error) : error;
}
