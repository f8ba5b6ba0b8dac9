// The three document clients with one shared flow A token, and a loosely typed GET over any of them: the CLI
// takes paths as text, so the typed per-path signatures of the clients cannot help here; the spec checks can.
//
// @assoc-feed/client (createFeedClient) will offer exactly this composition; until it exists, the first client
// makes the token manager (with its retries and deadline) and the others share it.
import type { DocumentClientOptions, TokenManager } from '@assoc-feed/core';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import type { Connection } from './connection.js';
import type { DocumentKey } from './operations.js';
import type { CallParams } from './request.js';

export interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface LoosePage {
  page: number;
  items: unknown[];
  totalElements?: number;
  totalPages?: number;
}

export interface LooseClient {
  GET(path: string, init: { params: CallParams; signal?: AbortSignal }): Promise<CallResult>;
  pages(path: string, init: { params: CallParams; signal?: AbortSignal }): AsyncIterableIterator<LoosePage>;
}

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
}

export function createFeedClients(connection: Connection, settings: ClientSettings = {}): FeedClients {
  const base: DocumentClientOptions = {
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    ...(connection.baseUrl ? { baseUrl: connection.baseUrl } : { environment: connection.environment }),
    ...(settings.retries !== undefined ? { retry: { maxRetries: settings.retries } } : {}),
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
  };
  const fundosV2 = createFundosV2Client(base);
  const shared = { ...base, tokenManager: fundosV2.tokenManager };
  const clients: Record<DocumentKey, unknown> = {
    fundosV2,
    fundosV1: createFundosV1Client(shared),
    precosIndices: createPrecosIndicesClient(shared),
  };
  return {
    tokenManager: fundosV2.tokenManager,
    baseUrl: fundosV2.baseUrl,
    document: (key) => clients[key] as LooseClient,
  };
}
