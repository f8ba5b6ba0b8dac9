import { createDocumentClient, type DocumentClientOptions } from '@assoc-feed/core';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export type { components, operations, paths } from './generated/schema.js';
export { meta as fundosV2Meta };

/** Typed client for document 1 (v2 funds). Authenticates with flow A on first use and renews the token itself. */
export function createFundosV2Client(options: DocumentClientOptions) {
  return createDocumentClient<paths>(options, meta);
}

export type FundosV2Client = ReturnType<typeof createFundosV2Client>;
export {
  createFundosV2InputClient,
  type InputClient,
  type InputClientOptions,
  type InputPaths,
} from './input-client.js';
