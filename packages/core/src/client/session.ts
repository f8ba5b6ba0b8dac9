// What the clients of one application share: the flow A token manager (one token, requested once and renewed
// once) and the retry budget (one bucket for every call). A document client made alone makes its own; the
// all-documents client makes one session and hands it to each document client, so no document owns it.

import { createTokenManager, type TokenManager } from '../auth/flow-a.js';
import { createPipelineFetch } from '../calls/fetch-pipeline.js';
import type { ClientConfig } from '../config/client-config.js';
import { resolveClientConfig } from '../config/client-config.js';
import type { DocumentClientOptions } from '../config/client-options.js';
import type { RetryBudget } from '../transport/retry-budget.js';
import { withTimeout } from '../transport/timeout.js';

export interface Session {
  /** The options' `tokenManager`, else a flow A manager made from the options. */
  tokenManager: TokenManager;
  /** The options' `retry.budget`, else a new one; undefined under `retry: false` or `budget: false`. */
  retryBudget: RetryBudget | undefined;
}

/** The session the options describe (checked as a document client checks them). */
export function createSession(options: DocumentClientOptions | undefined): Session {
  const config = resolveClientConfig(options);
  const session = {
    tokenManager: options?.tokenManager ?? flowATokenManager(config),
    retryBudget: config.retry.budget || undefined,
  };
  if (options) resolvedFor.set(session, { options, config });
  return session;
}

// The options a session was made from, checked and resolved: withSession hands that resolution on to the
// document clients of the same options, so createFeedClient checks its options once, not once per document.
// Kept beside the objects (a WeakMap), not on them: nothing a user can see or copy changes.
const resolvedFor = new WeakMap<Session, { options: DocumentClientOptions; config: ClientConfig }>();
const sharedConfigs = new WeakMap<DocumentClientOptions, ClientConfig>();

/** The resolution withSession recorded for these options, if they are its answer; else they are resolved now. */
export function sessionConfig(options: DocumentClientOptions): ClientConfig {
  return sharedConfigs.get(options) ?? resolveClientConfig(options);
}

/** The options with the session in place of what it replaces, for each client that shares it. */
export function withSession<O extends DocumentClientOptions>(options: O, session: Session): O {
  const shared = {
    ...options,
    tokenManager: session.tokenManager,
    ...(options.retry === false ? {} : { retry: { ...options.retry, budget: session.retryBudget ?? false } }),
  };
  // The same options, with the session's own token manager and budget: what resolving them again would give.
  const resolved = resolvedFor.get(session);
  if (resolved?.options === options) sharedConfigs.set(shared, resolved.config);
  return shared;
}

/** A flow A token manager: its request gets the same deadline and retries as feed calls, but no renew-and-replay. */
export function flowATokenManager(config: ClientConfig): TokenManager {
  const { fetch, retry, maxResponseBytes, timeoutMs } = config;
  const onRetry = config.hooks?.onRetry;
  const tokenPipeline = createPipelineFetch({ fetch, retry, maxResponseBytes, tokenCall: true, onRetry });
  return createTokenManager({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    tokenUrl: config.tokenUrl,
    fetch: (request) =>
      withTimeout((abort) => tokenPipeline(request, abort), {
        timeoutMs,
        method: request.method,
        path: new URL(request.url).pathname,
      }),
    onToken: config.hooks?.onToken,
  });
}
