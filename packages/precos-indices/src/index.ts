import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type ThrowsOn,
} from '@assoc-feed/core';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export type { components, operations, paths } from './generated/schema.js';
export { meta as precosIndicesMeta };

/**
 * Typed client for document 3 (pricing and indices). `mes` and `ano` are checked to come together before
 * any request (the spec's `x-required-together`).
 */
export function createPrecosIndicesClient<Options extends DocumentClientOptions>(
  options: Options,
): PrecosIndicesClient<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta);
}

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type PrecosIndicesClient<Throw extends boolean = false> = DocumentClient<paths, Throw>;
