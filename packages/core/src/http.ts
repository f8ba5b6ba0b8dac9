// Small HTTP helpers shared by the token managers, the pipeline and the error mapping.

import { DEFAULT_MAX_RESPONSE_BYTES, readText } from './body.js';

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

/** Resolved at call time, so a fetch polyfilled or mocked after the client was created is still used. */
export const globalFetch: FetchFn = (input, init) => globalThis.fetch(input, init);

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
 * The body of a response as JSON when it parses, else as text; undefined when empty, unreadable or above
 * `maxResponseBytes` (default 64 MiB: a token answer is a few hundred bytes).
 */
export async function readBody(
  response: Response,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
): Promise<unknown> {
  let text: string;
  try {
    text = await readText(response, { method: '', path: '', maxResponseBytes });
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
