import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type DocumentExtras,
  type ExactNumbers,
  type ExactOptions,
  type ThrowsOn,
} from '@assoc-feed/core';
import type { ExactField } from './generated/exact.js';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export { fetchStructuredFundHistory, type HistoryFetchOptions } from './fetch-history.js';
export type { components, operations, paths } from './generated/schema.js';
/** `paths` as `numbers: 'exact'` delivers it: the decimal fields of more than 15 significant digits as strings. */
export type ExactPaths = ExactNumbers<paths, ExactField>;
export {
  type HistoryRange,
  maxHistoryMonths,
  planHistoryWindows,
  resolveHistoryRange,
} from './history-window.js';
export type { ExactField };
export { meta as fundosV1Meta };

/**
 * Typed client for document 2 (v1 funds: regulation-555, offshore, structured). Authenticates with flow A on
 * first use and renews the token itself. The v1 interfaces are discontinued since 2024-10-01 (v2 replaces them).
 */
/** `numbers: 'exact'`: the decimals of more than 15 significant digits arrive as strings (ExactPaths). */
export function createFundosV1Client<Options extends DocumentClientOptions & { numbers: 'exact' }>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV1ExactClient<ThrowsOn<Options>>;
export function createFundosV1Client<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV1Client<ThrowsOn<Options>>;
export function createFundosV1Client<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV1Client<ThrowsOn<Options>> | FundosV1ExactClient<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta, extras);
}

/**
 * Loaded on first use only, from the package's own entries (`./exact`, `./validators`) and core's `./response-body`: the default bundle
 * carries neither the exact-field list nor the validators (a bundler makes them chunks of their own).
 */
const extras: DocumentExtras = {
  reader: () => import('@assoc-feed/core/response-body'),
  exact: () => import('@assoc-feed/fundos-v1/exact'),
  validators: () => import('@assoc-feed/fundos-v1/validators'),
};

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type FundosV1Client<Throw extends boolean = false> = DocumentClient<paths, Throw>;

/** The client under `numbers: 'exact'` (`Throw` as in FundosV1Client). */
export type FundosV1ExactClient<Throw extends boolean = false> = DocumentClient<ExactPaths, Throw>;
