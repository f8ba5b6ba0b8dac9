// Redirects, decided by the client rather than by fetch: every request goes out with `redirect: 'manual'`,
// because fetch follows a redirect with every header still on (client_id and access_token, or the Basic
// credentials of the token request) to wherever it points, https to http included.
//
// A feed call may follow a redirect on its own origin (same scheme, host and port: the credentials stay where
// they were sent), for GET and HEAD, a few hops deep. Anything else is refused with a RedirectError: another
// origin, https to http (another origin too), a token request (it carries the secret, and a token from another
// host would then be sent to ours), and, in a browser, every redirect (`opaqueredirect`: the target is hidden).

import { RedirectError } from '../errors/errors.js';

/** Hops a feed call may follow on its own origin before it is refused as a loop. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Status 0 is how a browser shows a manual redirect (`opaqueredirect`); 3xx with Location is Node's. */
export function isRedirect(response: Response): boolean {
  const status = response.status;
  if (status === 0) return response.type === 'opaqueredirect';
  return REDIRECT_STATUSES.has(status) && response.headers.has('location');
}

export interface RedirectContext {
  method: string;
  /** Full URL of the request that was redirected. */
  url: string;
  /** What the error names (path and query, never the origin's credentials). */
  path: string;
  /** The token request: never follows. */
  tokenCall?: boolean | undefined;
  /** Hops already followed. */
  hops?: number;
}

/** The URL to go to next, or a RedirectError when following would take the credentials elsewhere. */
export function redirectTarget(response: Response, context: RedirectContext): URL {
  const { method, path } = context;
  const where = { status: response.status, method, path };
  if (response.type === 'opaqueredirect') {
    throw new RedirectError(
      `${method} ${path} was answered with a redirect, which the browser does not let the client inspect: refused, ` +
        'because following it could send the credentials to another host. Point baseUrl at the address the ' +
        'service answers on.',
      { ...where, status: 0 },
    );
  }
  const location = response.headers.get('location') ?? '';
  let target: URL;
  try {
    target = new URL(location, context.url);
  } catch {
    throw new RedirectError(
      `${method} ${path} answered ${response.status} with a Location that is not a URL: refused.`,
      where,
    );
  }
  const from = new URL(context.url);
  const details = { ...where, targetOrigin: target.origin };
  const head = `${method} ${path} answered ${response.status}, a redirect to ${target.origin}`;
  if (context.tokenCall) {
    throw new RedirectError(
      `${head}: refused, because the token request is never redirected (it carries the client credentials, and ` +
        'a token from another host would then be sent to this one). Set baseUrl (or tokenUrl) to the address ' +
        'the service answers on.',
      details,
    );
  }
  if (from.protocol === 'https:' && target.protocol !== 'https:') {
    throw new RedirectError(
      `${head}: refused, because it goes from https to ${target.protocol.replace(':', '')} and would send ` +
        'client_id and access_token unencrypted. Check baseUrl.',
      details,
    );
  }
  if (target.origin !== from.origin) {
    throw new RedirectError(
      `${head}, another origin than ${from.origin}: refused, because following it would send client_id and ` +
        'access_token there. If the service has moved, set baseUrl to its new address.',
      details,
    );
  }
  if (method !== 'GET' && method !== 'HEAD') {
    throw new RedirectError(
      `${head}: refused, because only GET and HEAD follow a redirect (a body is never sent twice).`,
      details,
    );
  }
  if ((context.hops ?? 0) >= MAX_REDIRECTS) {
    throw new RedirectError(`${head}: refused after ${MAX_REDIRECTS} redirects in a row (a loop?).`, details);
  }
  return target;
}
