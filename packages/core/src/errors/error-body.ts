// The `error` of a non-throwing call's result is always an object, so `if (error) throw …` narrows the result to
// its success branch. TypeScript keeps `data` possibly undefined after such a check when the error could be a
// string (it could be ''); and at run time an empty body would be '' and slip past the check. The documented
// error object is handed on as it is, and only a body that matches it; any other body (the API gateway's bare
// JSON string, text that is not JSON, no body at all, another JSON value, an object that only looks like one of
// these forms) becomes a TextErrorBody whose `message` is its text. toFeedError still reads the body as it was sent.

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
  if (isErrorObject(body)) return body;
  const message = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const wrapped: TextErrorBody = { status, error: 'text body', message };
  asSent.set(wrapped, body);
  return wrapped;
}

/** The body as the answer sent it, behind a result's `error`. */
export function bodyAsSent(error: unknown): unknown {
  return typeof error === 'object' && error !== null && asSent.has(error) ? asSent.get(error) : error;
}

/** The service's documented error object: `{ status, error, message, details? }`, each of its documented type. */
export interface ErrorObject {
  status: number;
  error: string;
  message: string;
  details?: readonly { parameter: string; rule: string; in?: string }[];
}

/** Whether `body` is the documented error object, field by field (not merely an object). */
export function isErrorObject(body: unknown): body is ErrorObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { status, error, message, details } = body as Record<string, unknown>;
  return (
    Number.isInteger(status) &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (details === undefined || (Array.isArray(details) && details.every(isDetail)))
  );
}

function isDetail(detail: unknown): boolean {
  if (typeof detail !== 'object' || detail === null) return false;
  const { parameter, rule } = detail as Record<string, unknown>;
  return typeof parameter === 'string' && typeof rule === 'string';
}
