// The input product family (private securities; receivables-fund document 3040) authenticates with flow B and
// is called with POST on its own host. It gets its own client so that a flow A token can never reach it, nor a
// flow B token the feed: the two flows are kept apart by construction, not by care.
import {
  bearerAuthMiddleware,
  ConfigurationError,
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
  /**
   * The input-family host, the documents' `{auth_url}` (token and resource calls). Default: FEED_INPUT_BASE_URL
   * in the environment. The documents name no host, so without either the client refuses every call before
   * anything is sent.
   */
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
  const given = options.inputBaseUrl ?? readEnv(INPUT_HOST_VARIABLE);
  const inputBaseUrl = checkServiceUrl(
    given ?? environments.production.inputBaseUrl,
    options.inputBaseUrl !== undefined ? 'inputBaseUrl' : INPUT_HOST_VARIABLE,
  );
  // The spec's input host is a placeholder: the token request (which carries the secret) must never go there.
  const fetch = given === undefined ? refusePlaceholder : options.fetch;
  const tokenManager = createInputTokenManager({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    inputBaseUrl,
    fetch,
  });
  const client = createClient<InputPaths>({
    baseUrl: inputBaseUrl,
    // A redirect comes back as the 3xx answer, never followed with the Bearer token to wherever it points.
    redirect: 'manual',
    ...(fetch ? { fetch } : {}),
  });
  client.use(bearerAuthMiddleware(tokenManager));
  return Object.assign(client, { tokenManager });
}

/** Where a deployment sets the input-family host once, as FEED_BASE_URL does for the feed. */
export const INPUT_HOST_VARIABLE = 'FEED_INPUT_BASE_URL';

function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name] || undefined;
}

const refusePlaceholder: FetchFn = () =>
  Promise.reject(
    new ConfigurationError(
      'inputBaseUrl',
      `The input-family host ${environments.production.inputBaseUrl} is a placeholder: the Feed documents name no ` +
        `host, and nothing was sent. Set the host your contract gives once: ${INPUT_HOST_VARIABLE}=https://… in the ` +
        "environment, or inputBaseUrl: 'https://…' in the client options.",
    ),
  );
