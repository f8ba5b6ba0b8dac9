// The Feed client of @assoc-feed/client (the three document clients, one shared flow A token), seen through
// a loosely typed GET: the CLI takes paths as text, so the typed per-path signatures of the clients cannot
// help here; the spec checks (job/request.ts) do that work before anything is sent.
import { createFeedClient, type TokenManager } from '@assoc-feed/client';
import { responseValidators } from '@assoc-feed/client/validators';
import type { DocumentClientOptions, ResponseIssue } from '@assoc-feed/core';
import { type LooseClient, withLosslessNumbers } from '@assoc-feed/core/internal';
import type { Connection } from './connection.js';
import type { DocumentKey } from './operations.js';

export interface FeedClients {
  tokenManager: TokenManager;
  baseUrl: string;
  document(key: DocumentKey): LooseClient;
}

export interface ClientSettings {
  /** Retries after the first attempt, on network errors, 429 and 5xx. */
  retries?: number | undefined;
  /** Deadline of each call in ms, retries included. */
  timeoutMs?: number | undefined;
  /** Check every answer against the spec and hand the differences here (conform). */
  onResponseIssues?: ((issues: readonly ResponseIssue[]) => void) | undefined;
}

export function createFeedClients(connection: Connection, settings: ClientSettings = {}): FeedClients {
  const base: DocumentClientOptions = {
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    ...(connection.baseUrl ? { baseUrl: connection.baseUrl } : { environment: connection.environment }),
    ...(settings.retries !== undefined ? { retry: { maxRetries: settings.retries } } : {}),
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.onResponseIssues
      ? {
          validateResponses: 'warn' as const,
          responseValidators,
          onResponseIssues: settings.onResponseIssues,
        }
      : {}),
  };
  // Every number with the digits the service sent: the writers (stringifyLossless) give them back unchanged.
  const feed = createFeedClient(withLosslessNumbers(base));
  const clients: Record<DocumentKey, unknown> = feed;
  return {
    tokenManager: feed.fundosV2.tokenManager,
    baseUrl: feed.fundosV2.baseUrl,
    document: (key) => clients[key] as LooseClient,
  };
}
