// Flow B (document 1, Authentication): standard OAuth 2 client credentials for the input product family only.
// POST {auth_url}/realms/input-api/protocol/openid-connect/token with a form body; resource calls carry
// `Authorization: Bearer <token>`. Kept apart from flow A on purpose: the document forbids using either token
// endpoint for the other family, so the two managers have different types and never share a URL.

import type { Middleware } from 'openapi-fetch';
import { checkServiceUrl, environments } from '../environments/environments.js';
import { ConfigurationError } from '../errors/errors.js';
import { flowBTokenPath } from '../generated/service.js';
import { type FetchFn, globalFetch } from '../transport/http.js';
import { raceAbort } from '../transport/signals.js';
import { checkCredential } from './credentials.js';
import { createTokenCache } from './token-cache.js';
import { requestToken } from './token-request.js';
import { type TokenSource, tokenSource } from './token-source.js';

/** A flow B token source (input family): cannot be passed where a flow A TokenManager is expected. */
export type InputTokenManager = TokenSource<'B'>;

export interface InputTokenManagerOptions {
  clientId: string;
  clientSecret: string;
  /** Default `${inputBaseUrl}/realms/input-api/protocol/openid-connect/token`. */
  tokenUrl?: string | undefined;
  /** Default the production `inputBaseUrl` (the documents' `{auth_url}`; a placeholder host, see environments). */
  inputBaseUrl?: string | undefined;
  fetch?: FetchFn | undefined;
  refreshMarginMs?: number | undefined;
  now?: (() => number) | undefined;
}

export const FLOW_B_TOKEN_PATH = flowBTokenPath;

export function createInputTokenManager(options: InputTokenManagerOptions): InputTokenManager {
  // Flow B's credentials are the input family's, not those FEED_CLIENT_ID holds, and travel in a form body.
  const rules = { fromEnvironment: false, basicAuth: false };
  const clientId = checkCredential(options.clientId, 'clientId', rules);
  const clientSecret = checkCredential(options.clientSecret, 'clientSecret', rules);
  const tokenUrl =
    options.tokenUrl !== undefined
      ? checkServiceUrl(options.tokenUrl, 'tokenUrl')
      : `${checkServiceUrl(options.inputBaseUrl ?? environments.production.inputBaseUrl, 'inputBaseUrl')}${FLOW_B_TOKEN_PATH}`;
  const fetch = options.fetch ?? globalFetch;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });

  const cache = createTokenCache({
    refreshMarginMs: options.refreshMarginMs,
    now: options.now,
    request: () =>
      requestToken({
        fetch,
        buildRequest: () =>
          new Request(tokenUrl, {
            method: 'POST',
            // Never followed (requestToken refuses any redirect): the request carries the credentials.
            redirect: 'manual',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
            body: form.toString(),
          }),
        tokenTypes: ['Bearer'],
        endpointHint: `Check that tokenUrl is the flow B endpoint ({auth_url}${FLOW_B_TOKEN_PATH}), not flow A's.`,
        secrets: [
          clientSecret,
          new URLSearchParams({ s: clientSecret }).toString().slice(2),
          form.toString(),
        ],
      }),
  });

  return tokenSource('B', cache);
}

/**
 * openapi-fetch middleware for input-family clients: adds `Authorization: Bearer <token>`. On a 401 (expired)
 * or a 403 (possibly revoked) it drops that token so the next call gets a fresh one; it does not replay (input
 * calls are POSTs that write).
 */
export function bearerAuthMiddleware(manager: InputTokenManager): Middleware {
  if (manager?.flow !== 'B') {
    throw new ConfigurationError(
      'manager',
      'bearerAuthMiddleware needs a flow B manager from createInputTokenManager(); flow A tokens are for the feed only.',
    );
  }
  return {
    async onRequest({ request }) {
      const token = await raceAbort(manager.getToken(), request.signal);
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status !== 401 && response.status !== 403) return undefined;
      const sent = request.headers.get('Authorization');
      if (sent?.startsWith('Bearer ')) manager.invalidate(sent.slice('Bearer '.length));
      return undefined;
    },
  };
}
