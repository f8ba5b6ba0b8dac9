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
export { meta as precosIndicesMeta };

/**
 * Typed client for document 3 (pricing and indices). `mes` and `ano` are checked to come together before
 * any request (the spec's `x-required-together`).
 */
/** `numbers: 'exact'`: the decimals of more than 15 significant digits arrive as strings (ExactPaths). */
export function createPrecosIndicesClient<Options extends DocumentClientOptions & { numbers: 'exact' }>(
  options: ExactOptions<Options, DocumentClientOptions>,
): PrecosIndicesExactClient<ThrowsOn<Options>>;
export function createPrecosIndicesClient<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): PrecosIndicesClient<ThrowsOn<Options>>;
export function createPrecosIndicesClient<Options extends DocumentClientOptions>(
  options: ExactOptions<Options, DocumentClientOptions>,
): PrecosIndicesClient<ThrowsOn<Options>> | PrecosIndicesExactClient<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta, extras);
}

/**
 * Loaded on first use only, from the package's own entries (`./exact`, `./validators`) and core's `./response-body`: the default bundle
 * carries neither the exact-field list nor the validators (a bundler makes them chunks of their own).
 */
const extras: DocumentExtras = {
  reader: () => import('@assoc-feed/core/response-body'),
  exact: () => import('@assoc-feed/precos-indices/exact'),
  validators: () => import('@assoc-feed/precos-indices/validators'),
};

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type PrecosIndicesClient<Throw extends boolean = false> = DocumentClient<paths, Throw>;

/** The client under `numbers: 'exact'` (`Throw` as in PrecosIndicesClient). */
export type PrecosIndicesExactClient<Throw extends boolean = false> = DocumentClient<ExactPaths, Throw>;
