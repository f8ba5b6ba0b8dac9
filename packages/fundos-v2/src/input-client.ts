// The input product family (private securities; receivables-fund document 3040) authenticates with flow B and
// is called with POST on its own host. It gets its own client so that a flow A token can never reach it, nor a
// flow B token the feed: the two flows are kept apart by construction, not by care.
import {
  bearerAuthMiddleware,
  createInputTokenManager,
  environments,
  type FetchFn,
  type InputTokenManager,
} from '@assoc-feed/core';
import { checkServiceUrl } from '@assoc-feed/core/internal';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema.js';

/** The input-family paths of document 1 (POST only). */
export type InputPaths = Pick<
  paths,
  '/input/titulos-privados/v1/{resource}' | '/external-gateway-service/api/v1/fidc/3040/{resource}'
>;

export interface InputClientOptions {
  /** The client_id supplied for the integration (flow B). */
  clientId: string;
  /** The client_secret supplied for the integration. Server-side only. */
  clientSecret: string;
  /** The input-family host, the documents' `{auth_url}` (token and resource calls). Default: production's. */
  inputBaseUrl?: string;
  /** Default: the global fetch. */
  fetch?: FetchFn;
}

export type InputClient = Client<InputPaths> & { readonly tokenManager: InputTokenManager };

/**
 * Typed client for the input family: a flow B token from `{auth_url}/realms/input-api/…/token` (form body),
 * sent as `Authorization: Bearer …` on every POST. A 401 drops the token so the next call gets a fresh one; the
 * call itself is not replayed (these POSTs write).
 */
export function createFundosV2InputClient(options: InputClientOptions): InputClient {
  const inputBaseUrl = checkServiceUrl(
    options.inputBaseUrl ?? environments.production.inputBaseUrl,
    'inputBaseUrl',
  );
  const tokenManager = createInputTokenManager({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    inputBaseUrl,
    fetch: options.fetch,
  });
  const client = createClient<InputPaths>({
    baseUrl: inputBaseUrl,
    // A redirect comes back as the 3xx answer, never followed with the Bearer token to wherever it points.
    redirect: 'manual',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(bearerAuthMiddleware(tokenManager));
  return Object.assign(client, { tokenManager });
}
