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

export type { components, operations, paths } from './generated/schema.js';
/** `paths` as `numbers: 'exact'` delivers it: the decimal fields of more than 15 significant digits as strings. */
export type ExactPaths = ExactNumbers<paths, ExactField>;
export type { ExactField };
export { meta as fundosV2Meta };

/** Typed client for document 1 (v2 funds). Authenticates with flow A on first use and renews the token itself. */
/** `numbers: 'exact'`: the decimals of more than 15 significant digits arrive as strings (ExactPaths). */
export function createFundosV2Client<Options extends DocumentClientOptions & { numbers: 'exact' }>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV2ExactClient<ThrowsOn<Options>>;
export function createFundosV2Client<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV2Client<ThrowsOn<Options>>;
export function createFundosV2Client<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): FundosV2Client<ThrowsOn<Options>> | FundosV2ExactClient<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta, extras);
}

/**
 * Loaded on first use only, from the package's own entries (`./exact`, `./validators`) and core's `./response-body`: the default bundle
 * carries neither the exact-field list nor the validators (a bundler makes them chunks of their own).
 */
const extras: DocumentExtras = {
  reader: () => import('@assoc-feed/core/response-body'),
  exact: () => import('@assoc-feed/fundos-v2/exact'),
  validators: () => import('@assoc-feed/fundos-v2/validators'),
};

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type FundosV2Client<Throw extends boolean = false> = DocumentClient<paths, Throw>;

/** The client under `numbers: 'exact'` (`Throw` as in FundosV2Client). */
export type FundosV2ExactClient<Throw extends boolean = false> = DocumentClient<ExactPaths, Throw>;
export {
  createFundosV2InputClient,
  type InputClient,
  type InputClientOptions,
  type InputPaths,
} from './input-client.js';
