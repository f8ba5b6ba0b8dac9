// Flow A (document 1, Authentication): the token for every feed call of documents 1, 2 and 3.
// POST {base_url}/oauth/access-token, `Authorization: Basic BASE64(client_id:client_secret)`, JSON body
// {"grant_type":"client_credentials"}; the answer's token goes in the `access_token` header beside `client_id`.

import { checkServiceUrl } from '../environments/environments.js';
import { flowATokenPath } from '../generated/service.js';
import type { TokenEvent } from '../observe/observe.js';
import { type FetchFn, globalFetch } from '../transport/http.js';
import { basicAuthorization } from './base64.js';
import { checkCredential } from './credentials.js';
import { createTokenCache } from './token-cache.js';
import { requestToken } from './token-request.js';
import { type TokenSource, tokenSource } from './token-source.js';

/** A flow A token source: what feed clients take as `tokenManager`. */
export type TokenManager = TokenSource<'A'>;

export interface TokenManagerOptions {
  /** The application's client_id; default FEED_CLIENT_ID, where there is a process environment. */
  clientId?: string | undefined;
  /** The application's client_secret; default FEED_CLIENT_SECRET, where there is a process environment. */
  clientSecret?: string | undefined;
  /** `${baseUrl}/oauth/access-token`. */
  tokenUrl: string;
  fetch?: FetchFn | undefined;
  /** Renew this long before expiry (default 60 s), or 10% of expires_in if that is smaller. */
  refreshMarginMs?: number | undefined;
  now?: (() => number) | undefined;
  /** Told each time a new token arrives, and why it was requested (never the token). */
  onToken?: ((event: TokenEvent) => void) | undefined;
}

export const FLOW_A_TOKEN_PATH = flowATokenPath;

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const clientId = checkCredential(options.clientId, 'clientId');
  const clientSecret = checkCredential(options.clientSecret, 'clientSecret');
  const tokenUrl = checkServiceUrl(options.tokenUrl, 'tokenUrl');
  const fetch = options.fetch ?? globalFetch;
  // Kept in this closure only: nothing reachable from the returned object (or an error) holds it.
  const authorization = basicAuthorization(clientId, clientSecret);

  const cache = createTokenCache({
    refreshMarginMs: options.refreshMarginMs,
    now: options.now,
    onRenewed: options.onToken,
    request: () =>
      requestToken({
        fetch,
        buildRequest: () =>
          new Request(tokenUrl, {
            method: 'POST',
            // Never followed (requestToken refuses any redirect): the request carries the credentials.
            redirect: 'manual',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json',
              Authorization: authorization,
            },
            body: JSON.stringify({ grant_type: 'client_credentials' }),
          }),
        tokenTypes: ['Bearer', 'access_token'],
        endpointHint: `Check that tokenUrl is the flow A endpoint (POST {base_url}${FLOW_A_TOKEN_PATH}), not flow B's.`,
        secrets: [clientSecret, authorization, authorization.slice('Basic '.length)],
      }),
  });

  return tokenSource('A', cache);
}
