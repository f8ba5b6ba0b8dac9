// What openapi-fetch builds for a call (its `Request` option) when nothing but the core will ever see it: the
// default fetch, no middleware of the user's, no RequestInit option beyond the method, headers and redirect mode.
// A real Request costs undici a URL parse, a header list and an AbortController of its own (`pnpm bench
// client-http` measures it), and the default fetch sends the call as a URL and an init anyway (http.ts). Anything
// else gets a real Request: a user's fetch or middleware may use all of one.

/** The few members of a Request the core and openapi-fetch read. */
export class CallRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly redirect: RequestRedirect;
  readonly body: null = null;

  constructor(url: string, init: { method?: string; headers?: HeadersInit; redirect?: RequestRedirect }) {
    this.url = url;
    this.method = init.method ?? 'GET';
    // openapi-fetch hands over the Headers it merged: kept as they are (a Request would copy them).
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.redirect = init.redirect ?? 'follow';
  }
}

/** The init keys a call may carry and still be sent as a CallRequest (the core's own key included). */
const PLAIN_KEYS = new Set(['params', 'parseAs', 'headers', 'querySerializer', 'pathSerializer']);

/** Whether openapi-fetch's init for a call asks for nothing a CallRequest drops (a body, `cache`, `middleware`…). */
export function isPlainCall(init: Record<string, unknown>, ownKey: string): boolean {
  for (const key in init) if (key !== ownKey && !PLAIN_KEYS.has(key)) return false;
  return true;
}
