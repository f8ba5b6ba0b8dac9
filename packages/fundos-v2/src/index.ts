import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type ThrowsOn,
} from '@assoc-feed/core';
import { meta } from './generated/meta.js';
import type { paths } from './generated/schema.js';

export type { components, operations, paths } from './generated/schema.js';
export { meta as fundosV2Meta };

/** Typed client for document 1 (v2 funds). Authenticates with flow A on first use and renews the token itself. */
export function createFundosV2Client<Options extends DocumentClientOptions>(
  options: Options,
): FundosV2Client<ThrowsOn<Options>> {
  return createDocumentClient<paths, Options>(options, meta);
}

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export type FundosV2Client<Throw extends boolean = false> = DocumentClient<paths, Throw>;
export {
  createFundosV2InputClient,
  type InputClient,
  type InputClientOptions,
  type InputPaths,
} from './input-client.js';
