// Reading an answer's body, bounded: at most `maxResponseBytes` are taken in, counted as they stream, and every
// way a read can fail becomes a FeedError naming the call: a body cut short (ResponseTruncatedError, retried like
// a network error), one too large (ResponseTooLargeError), a 2xx that is not JSON (ResponseParseError).
//
// The common answer declares its Content-Length: then undici itself stops at that length (and fails a shorter
// body), so the limit is one header comparison and the body is read by undici's own text(); only a body without
// a length (chunked) is read chunk by chunk to count it.

import {
  FeedError,
  ResponseParseError,
  ResponseTooLargeError,
  ResponseTruncatedError,
} from '../errors/errors.js';

/**
 * Default `maxResponseBytes`: 64 MiB. Well above the largest documented page (E7, the batch registry, at size
 * 1,000 with every context), and still a stop for a runaway answer long before it can exhaust a server's memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** How the caller wants a 2xx body: openapi-fetch's `parseAs` values the client reads itself. */
export type BodyMode = 'json' | 'text' | 'arrayBuffer' | 'blob';

export interface BodyContext {
  method: string;
  /** What errors name; a function so the common call, which fails in no way, never works it out. */
  path: string | (() => string);
  maxResponseBytes: number;
  /** Set once the call was aborted or timed out: its reason wins over the read's own error. */
  abort?: { aborted: boolean; reason: unknown } | undefined;
  /** Parses a JSON body instead of JSON.parse (exact numbers, response validation: response-body.ts). */
  parse?: ((text: string, status: number) => unknown) | undefined;
  /** The operation promises a JSON body (every 2xx the documents give): an empty one is a ResponseParseError. */
  jsonPromised?: boolean | undefined;
}

/**
 * The body as `mode` wants it. An empty body read as JSON is undefined, as openapi-fetch has it, unless the
 * operation promises JSON: then there is no answer to return, and it is a ResponseParseError.
 */
export async function readBodyAs(response: Response, mode: BodyMode, context: BodyContext): Promise<unknown> {
  if (mode === 'arrayBuffer' || mode === 'blob') {
    const bytes = await readBytes(response, context);
    if (mode === 'blob') return new Blob([bytes as Uint8Array<ArrayBuffer>]);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return whole ? bytes.buffer : bytes.slice().buffer;
  }
  const text = await readText(response, context);
  if (mode === 'text') return text;
  if (text === '' && !context.jsonPromised) return undefined;
  let data: unknown;
  try {
    if (text !== '') data = context.parse ? await context.parse(text, response.status) : JSON.parse(text);
  } catch (error) {
    if (error instanceof FeedError) throw error; // the parser's own verdict (ResponseValidationError)
    // The parser's message may quote the body (a token it echoed): the cause keeps what failed and where, not that.
    throw notTheAnswer(
      response,
      context,
      `a body that is not JSON (${text.length} characters, content-type ${response.headers.get('content-type') ?? 'absent'})`,
      parseFailure(error),
    );
  }
  // Every JSON body the documents give is an object or a list: no body, `null` or a bare value is no answer to
  // hand on as `data`, whose type promises the record (the value is not quoted: it may be anything, a token too).
  if (context.jsonPromised && (data === null || typeof data !== 'object')) {
    const what = text === '' ? 'an empty body' : data === null ? 'JSON null' : 'a bare JSON value';
    throw notTheAnswer(response, context, `${what} where the operation documents an object or a list`);
  }
  return data;
}

function notTheAnswer(
  response: Response,
  context: BodyContext,
  what: string,
  cause?: unknown,
): ResponseParseError {
  const { method } = context;
  const path = pathIn(context);
  return new ResponseParseError(
    `${method} ${path} answered ${response.status} with ${what}. The service (or a proxy in front of it) sent ` +
      'something else: check baseUrl, and retry later.',
    cause === undefined
      ? { status: response.status, method, path }
      : { status: response.status, method, path, cause },
  );
}

/**
 * An error answer's body as text, bounded as a 2xx body is: one past `maxResponseBytes` is a ResponseTooLargeError
 * (an empty body in its place would hide that the answer was not read). One cut short reads as no body: the status
 * already says what failed.
 */
export async function readErrorText(response: Response, context: BodyContext): Promise<string> {
  try {
    return await readText(response, context);
  } catch (error) {
    if (error instanceof ResponseTooLargeError) throw error;
    return '';
  }
}

/**
 * The parser's error without any of the body. V8 quotes the body's start (`Unexpected token 'x', "xshorttok1"... is
 * not valid JSON`): kept up to the quote. Other messages name a JSON token and a position; one holding anything
 * else (another parser's) is replaced.
 */
function parseFailure(error: unknown): SyntaxError {
  const message = error instanceof Error ? error.message : '';
  const quoted = message.indexOf('"');
  const kept =
    quoted === -1 ? message : `${message.slice(0, message.search(/['"]/)).replace(/[\s,]+$/, '')} (not JSON)`;
  return new SyntaxError(SAFE_PARSE_MESSAGE.test(kept) ? kept : 'The body is not JSON.');
}

const SAFE_PARSE_MESSAGE = /^[A-Za-z][\w ',{}[\]:().-]{0,200}$/;

function pathIn(context: BodyContext): string {
  return typeof context.path === 'function' ? context.path() : context.path;
}

/**
 * For a caller who reads the body as a stream (`parseAs: 'stream'`): the same limit, enforced as the caller
 * reads. A declared length above it throws at once; a body without one is counted through a TransformStream
 * (a new Response, made only then), which errors with ResponseTooLargeError past the limit.
 */
export function limitStream(response: Response, context: BodyContext): Response {
  const body = response.body;
  if (!body || declaredLength(response, context) !== undefined) return response;
  let size = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > context.maxResponseBytes) {
          controller.error(tooLarge(response, context, `sent more than ${context.maxResponseBytes} bytes`));
        } else controller.enqueue(chunk);
      },
    }),
  );
  const { status, statusText, headers } = response;
  return new Response(counted, { status, statusText, headers });
}

/** The whole body as text, at most `maxResponseBytes`. */
export async function readText(response: Response, context: BodyContext): Promise<string> {
  try {
    if (declaredLength(response, context) !== undefined) return await response.text();
    return decoder.decode(await readCounted(response, context));
  } catch (error) {
    throw readError(error, response, context);
  }
}

async function readBytes(response: Response, context: BodyContext): Promise<Uint8Array> {
  try {
    if (declaredLength(response, context) !== undefined) return new Uint8Array(await response.arrayBuffer());
    return await readCounted(response, context);
  } catch (error) {
    throw readError(error, response, context);
  }
}

const decoder = new TextDecoder();

/** The Content-Length, when there is one; throws (and drops the body unread) when it is above the limit. */
function declaredLength(response: Response, context: BodyContext): number | undefined {
  const header = response.headers.get('content-length');
  if (header === null) return undefined;
  const length = Number(header);
  if (!Number.isSafeInteger(length) || length < 0) return undefined; // unreadable: count it instead
  if (length > context.maxResponseBytes) {
    response.body?.cancel().catch(() => {});
    throw tooLarge(response, context, `declares ${length} bytes`);
  }
  return length;
}

async function readCounted(response: Response, context: BodyContext): Promise<Uint8Array> {
  const body = response.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > context.maxResponseBytes) {
      // Not awaited: a mocked body's cancel may never settle (see release-body.ts).
      reader.cancel().catch(() => {});
      throw tooLarge(response, context, `sent more than ${context.maxResponseBytes} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

function tooLarge(response: Response, context: BodyContext, what: string): ResponseTooLargeError {
  const { method, maxResponseBytes } = context;
  const path = pathIn(context);
  const fix = response.ok
    ? 'Ask for less (a smaller page size, a narrower filter), or raise maxResponseBytes if such answers are expected.'
    : 'Check baseUrl (no error body of the service is that large), or raise maxResponseBytes.';
  return new ResponseTooLargeError(
    `${method} ${path} answered ${response.status} with a body that ${what}, above maxResponseBytes ` +
      `(${maxResponseBytes}); the rest was not downloaded. ${fix}`,
    { status: response.status, method, path, maxResponseBytes },
  );
}

function readError(error: unknown, response: Response, context: BodyContext): unknown {
  if (context.abort?.aborted) return context.abort.reason;
  if (error instanceof FeedError) return error;
  const { method } = context;
  const path = pathIn(context);
  return new ResponseTruncatedError(
    `${method} ${path} answered ${response.status}, but the body ended before it was complete (${describe(error)}): ` +
      'the connection was closed or reset mid-answer. It was retried as the retry options allow.',
    { status: response.status, method, path, cause: error },
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}
