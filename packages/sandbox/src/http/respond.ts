// Writing answers: JSON bodies with a length, the error body of specs/common/schemas/ErrorBody.yaml, and the headers
// every answer carries. Never echoes a secret or a token.
import { encodeJson, RawJson } from '../cache/raw-json.js';
import type { SandboxResponse } from './exchange.js';
import type { ParamProblem } from './validate-request.js';

const errorTypes: Record<number, string> = {
  400: 'bad request',
  401: 'invalid credential or token',
  403: 'access not authorized',
  404: 'not found',
  405: 'method not allowed',
  406: 'not acceptable',
  413: 'payload too large',
  415: 'unsupported media type',
  429: 'too many requests',
  500: 'internal error',
  501: 'not implemented',
  502: 'bad gateway',
  503: 'service unavailable',
};

/**
 * Anything that may be a token: a run of 32 or more token characters with a capital or a digit in it (the
 * sandbox's own tokens are 43 base64url characters; codes, dates and ids in the API are far shorter, and the
 * long parameter names, `codigo_fundo_ou_classe_ou_subclasse`, are lower case). Applied to every error message
 * and log line, so a token put in a URL path or a parameter is never echoed back or logged.
 */
const TOKEN_LIKE = /[A-Za-z0-9_\-.~+=]{32,}/g;
const RUN = 32;

/** TOKEN_LIKE's characters, by char code. */
const TOKEN_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.~+=')
  TOKEN_CHAR[c.charCodeAt(0)] = 1;
const isTokenChar = (code: number) => code < 128 && TOKEN_CHAR[code] === 1;

/**
 * Whether the text holds a run of RUN token characters. Such a run covers one of the positions RUN-1, 2·RUN-1,
 * …, so only those are looked at, each grown to its whole run: a request log line (a path and a query, mostly
 * runs far shorter) is cleared in a few steps, and the regex runs only on a line that may hold a token.
 */
function holdsLongRun(text: string): boolean {
  for (let i = RUN - 1; i < text.length; i += RUN) {
    if (!isTokenChar(text.charCodeAt(i))) continue;
    let start = i;
    while (start > 0 && isTokenChar(text.charCodeAt(start - 1))) start--;
    let end = i;
    while (end + 1 < text.length && isTokenChar(text.charCodeAt(end + 1))) end++;
    if (end - start + 1 >= RUN) return true;
    // Any later run of RUN starts past `end`, so it covers one of end + RUN, end + 2·RUN, …
    i = end;
  }
  return false;
}

export function redactTokens(text: string): string {
  if (!holdsLongRun(text)) return text;
  return text.replace(TOKEN_LIKE, (run) => (/[A-Z0-9]/.test(run) ? '[redacted]' : run));
}

export interface ErrorBody {
  status: number;
  error: string;
  message: string;
  details?: ParamProblem[];
}

export function errorBody(
  status: number,
  message: string,
  details?: ParamProblem[],
  error?: string,
): ErrorBody {
  const safe = redactTokens(message);
  const body: ErrorBody = {
    status,
    error: (error ?? errorTypes[status] ?? 'error').slice(0, 100),
    message: safe.length > 1000 ? `${safe.slice(0, 997)}...` : safe,
  };
  if (details && details.length > 0) {
    body.details = JSON.parse(redactTokens(JSON.stringify(details.slice(0, 20)))) as ParamProblem[];
  }
  return body;
}

const utf8 = new TextEncoder();

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): SandboxResponse {
  // A cached answer goes out as the bytes it keeps; anything else is encoded here.
  const payload = body instanceof RawJson ? body.bytes : utf8.encode(encodeJson(body));
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(payload.length),
      'cache-control': 'no-store',
      ...headers,
    },
    body: payload,
  };
}

export function errorResponse(
  status: number,
  message: string,
  options: { details?: ParamProblem[]; error?: string; headers?: Record<string, string> } = {},
): SandboxResponse {
  return jsonResponse(status, errorBody(status, message, options.details, options.error), options.headers);
}
