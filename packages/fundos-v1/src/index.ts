import { createDocumentClient, type DocumentClientOptions } from '@assoc-feed/core';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export { fetchStructuredFundHistory, type HistoryFetchOptions } from './fetch-history.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type HistoryRange,
  maxHistoryMonths,
  planHistoryWindows,
  resolveHistoryRange,
} from './history-window.js';
export { meta as fundosV1Meta };

/**
 * Typed client for document 2 (v1 funds: regulation-555, offshore, structured). Authenticates with flow A on
 * first use and renews the token itself. The v1 interfaces are discontinued since 2024-10-01 (v2 replaces them).
 */
export function createFundosV1Client(options: DocumentClientOptions) {
  return createDocumentClient<paths>(options, meta);
}

export type FundosV1Client = ReturnType<typeof createFundosV1Client>;
