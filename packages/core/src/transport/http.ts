// Small HTTP helpers shared by the token managers, the pipeline and the error mapping.

import { DEFAULT_MAX_RESPONSE_BYTES, readErrorText, readText } from '../body/body.js';
import { CallRequest } from './call-request.js';

/** What the core passes as fetch's second argument: the call's deadline and abort signal. */
export interface FetchInit {
  signal?: AbortSignal | undefined;
}

/**
 * The fetch the core calls: always with one `Request`, and `{ signal }` carrying the call's deadline and the
 * caller's abort. Looser than `typeof fetch`, so both the global fetch and a test double that only takes a
 * Request fit; a wrapper should pass `init` on, or a timed-out request is not cancelled on the network.
 */
export type FetchFn = (input: Request, init?: FetchInit) => Promise<Response>;

/**
 * The runtime's fetch, resolved at call time (so a fetch polyfilled or mocked after the client was created is
 * still used). A body-less Request with the defaults is sent as its URL and init: Node's fetch (undici) given a
 * Request builds a second one from it and makes that follow the first one's signal, the most expensive step of a
 * local GET (`pnpm bench client-http`); given a URL it builds one. Any
 * other Request (a body, a cache mode, credentials...) goes as it is, so nothing it carries is lost. A CallRequest
 * (call-request.ts) is what the document client makes instead of a Request when only this fetch will see it.
 */
export const globalFetch: FetchFn = (input, init) =>
  input instanceof CallRequest || isPlain(input)
    ? globalThis.fetch(input.url, {
        method: input.method,
        headers: input.headers,
        redirect: input.redirect,
        signal: init?.signal,
      })
    : globalThis.fetch(input, init);

/** Whether the URL, method, headers and redirect mode say all the Request says (the rest is at its default). */
function isPlain(request: Request): boolean {
  return (
    request.body === null &&
    request.cache === 'default' &&
    request.credentials === 'same-origin' &&
    request.mode === 'cors' &&
    request.integrity === '' &&
    !request.keepalive &&
    request.referrer === 'about:client' &&
    request.referrerPolicy === ''
  );
}

/** Path and query of a URL: what errors name. Never the origin's credentials, never headers. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * The body of a response as JSON when it parses, else as text; undefined when empty or unreadable. Above
 * `maxResponseBytes` (default 64 MiB: a token answer is a few hundred bytes), a 2xx body reads as undefined
 * and an error body is a ResponseTooLargeError, as for feed calls.
 */
export async function readBody(
  response: Response,
  call: { method: string; path: string },
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
): Promise<unknown> {
  const context = { ...call, maxResponseBytes };
  const text = response.ok
    ? await readText(response, context).catch(() => '')
    : await readErrorText(response, context);
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
