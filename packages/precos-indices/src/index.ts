import { createDocumentClient, type DocumentClientOptions } from '@assoc-feed/core';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export type { components, operations, paths } from './generated/schema.js';
export { meta as precosIndicesMeta };

/**
 * Typed client for document 3 (pricing and indices). `mes` and `ano` are checked to come together before
 * any request (the spec's `x-required-together`).
 */
export function createPrecosIndicesClient(options: DocumentClientOptions) {
  return createDocumentClient<paths>(options, meta);
}

export type PrecosIndicesClient = ReturnType<typeof createPrecosIndicesClient>;
