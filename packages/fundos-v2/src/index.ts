import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type DocumentExtras,
  type ExactNumbers,
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
export function createFundosV2Client(
  options: DocumentClientOptions & { numbers: 'exact' },
): DocumentClient<ExactPaths>;
export function createFundosV2Client(options: DocumentClientOptions): DocumentClient<paths>;
export function createFundosV2Client(
  options: DocumentClientOptions,
): DocumentClient<paths> | DocumentClient<ExactPaths> {
  return createDocumentClient<paths>(options, meta, extras);
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

/** The client under `numbers: 'exact'`. */
export type FundosV2ExactClient = DocumentClient<ExactPaths>;

export type FundosV2Client = ReturnType<typeof createFundosV2Client>;
export {
  createFundosV2InputClient,
  type InputClient,
  type InputClientOptions,
  type InputPaths,
} from './input-client.js';
