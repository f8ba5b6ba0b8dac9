import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type ThrowsOn,
} from '@assoc-feed/core';
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
export function createFundosV1Client<Options extends DocumentClientOptions>(
  options: Options,
): FundosV1Client<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta);
}

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type FundosV1Client<Throw extends boolean = false> = DocumentClient<paths, Throw>;
