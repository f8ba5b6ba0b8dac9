// The connection to the Feed API: the typed document clients of @assoc-feed/client, over an in-process sandbox
// (--sandbox) or where the FEED_* variables point. Every number is read with the digits the service sent.
import { createFeedClient } from '@assoc-feed/client';
import { type DocumentClientOptions, type EnvironmentName, FeedError, type FetchFn } from '@assoc-feed/core';
import {
  ACCESS_TOKEN_HEADER,
  environmentFromVariable,
  type LooseClient,
  type LooseParams,
  withLosslessNumbers,
} from '@assoc-feed/core/internal';
import type { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';

/** What --sandbox answers from (the in-process sandbox's shape). */
export type InProcessSandbox = ReturnType<typeof createInProcessSandbox>;

import type { DocumentKey } from './catalog.js';
import { type Settings, UsageError } from './settings.js';

export type Params = LooseParams;

export interface Feed {
  client(key: DocumentKey): LooseClient;
  /** Generated data: every answer says so. */
  sandbox: boolean;
  /** Where calls go, for the log (never a credential). */
  label: string;
  /** Values no answer may contain: the client secret, the Basic value and the access tokens sent so far. */
  secrets(): string[];
}

/** How many of the latest access tokens are kept to scrub: a token lives an hour, a renewal replaces it. */
const TOKENS_KEPT = 8;

/**
 * The client's fetch, watched for the access token each call carries, so that an answer echoing it can be scrubbed
 * (the client keeps its token to itself). Nothing else is read or changed.
 */
function watchTokens(inner: FetchFn | undefined, tokens: string[]): FetchFn {
  return (request, init) => {
    const token = request.headers.get(ACCESS_TOKEN_HEADER);
    if (token && !tokens.includes(token)) {
      tokens.push(token);
      if (tokens.length > TOKENS_KEPT) tokens.shift();
    }
    return inner ? inner(request, init) : globalThis.fetch(request, init);
  };
}

/** BASE64(client_id:client_secret), what the token request's Basic header carries. */
function basicValue(clientId: string | undefined, clientSecret: string | undefined): string | undefined {
  return clientId && clientSecret
    ? Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')
    : undefined;
}

function where(env: NodeJS.ProcessEnv): { environment?: EnvironmentName; baseUrl?: string; label: string } {
  let environment: EnvironmentName | undefined;
  try {
    environment = environmentFromVariable(env.FEED_ENVIRONMENT);
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(error.message);
    throw error;
  }
  // With FEED_ENVIRONMENT, FEED_BASE_URL is the production host (the client reads it); alone, it is the target.
  if (environment) return { environment, label: environment };
  if (env.FEED_BASE_URL) return { baseUrl: env.FEED_BASE_URL, label: env.FEED_BASE_URL };
  throw new UsageError(
    'No environment chosen: set FEED_ENVIRONMENT=production or sandbox (the hosts in FEED_BASE_URL and ' +
      'FEED_SANDBOX_BASE_URL), or FEED_BASE_URL alone; or pass --sandbox to try it on generated data with no account.',
  );
}

/** `local`: the in-process sandbox --sandbox answers from (a test passes its own; by default a fresh one). */
export async function connect(
  settings: Settings,
  env: NodeJS.ProcessEnv = process.env,
  local?: InProcessSandbox,
): Promise<Feed> {
  let base: DocumentClientOptions;
  let sandbox: boolean;
  let label: string;
  if (settings.sandbox) {
    // Loaded only here: a server on the real service never builds the sandbox's world.
    const box = local ?? (await import('@assoc-feed/sandbox/in-process')).createInProcessSandbox();
    base = {
      clientId: box.clientId,
      clientSecret: box.clientSecret,
      baseUrl: box.url,
      fetch: box.fetch,
    };
    sandbox = true;
    label = `the in-process sandbox (${box.url})`;
  } else {
    const clientId = env.FEED_CLIENT_ID;
    const clientSecret = env.FEED_CLIENT_SECRET;
    if (!clientId || !clientSecret) {
      throw new UsageError(
        `${clientId ? 'FEED_CLIENT_SECRET' : 'FEED_CLIENT_ID'} is not set: set FEED_CLIENT_ID and FEED_CLIENT_SECRET ` +
          "in the server's environment (the assistant's MCP configuration has an env block), or pass --sandbox.",
      );
    }
    const target = where(env);
    base = {
      clientId,
      clientSecret,
      ...(target.baseUrl
        ? { baseUrl: target.baseUrl }
        : { environment: target.environment as EnvironmentName }),
    };
    sandbox = target.environment === 'sandbox';
    label = target.label;
  }
  const tokens: string[] = [];
  const options: DocumentClientOptions = {
    ...base,
    fetch: watchTokens(base.fetch, tokens),
    throwOnError: true,
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
  };
  let feed: ReturnType<typeof createFeedClient>;
  try {
    feed = createFeedClient(withLosslessNumbers(options));
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(error.message);
    throw error;
  }
  const clients: Record<DocumentKey, unknown> = feed;
  return {
    client: (key) => clients[key] as LooseClient,
    sandbox,
    label,
    secrets: () =>
      [base.clientSecret, basicValue(base.clientId, base.clientSecret), ...tokens].filter(
        (s): s is string => !!s,
      ),
  };
}
