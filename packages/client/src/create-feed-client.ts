// One object over the three documents. Each document package already builds a complete client; what this adds
// is the session: one flow A token manager (with its retries and deadline) and one retry budget, made here and
// handed to each document client, so the whole Feed API is reached with one token, requested once and renewed
// once, and the three documents' calls draw retries from one bucket. No document client owns them.

import {
  ConfigurationError,
  type DocumentClientOptions,
  type ExactOptions,
  type ThrowsOn,
} from '@assoc-feed/core';
import { checkResponseValidators, createSession, withSession } from '@assoc-feed/core/internal';
import { createFundosV1Client, type FundosV1Client, type FundosV1ExactClient } from '@assoc-feed/fundos-v1';
import { createFundosV2Client, type FundosV2Client, type FundosV2ExactClient } from '@assoc-feed/fundos-v2';
import {
  createPrecosIndicesClient,
  type PrecosIndicesClient,
  type PrecosIndicesExactClient,
} from '@assoc-feed/precos-indices';

/**
 * `clientId`, `clientSecret`, `environment` or `baseUrl`, and optionally `fetch`, `retry`, `timeoutMs`,
 * `throwOnError` and a `tokenManager` to share with clients created elsewhere.
 */
export type FeedClientOptions = DocumentClientOptions;

/** `Throw`: made with `throwOnError: true`, so every call's result is its success branch. */
export interface FeedClient<Throw extends boolean = false> {
  /** Document 1: v2 funds, classes, subclasses, institutions, batch registry and series. */
  readonly fundosV2: FundosV2Client<Throw>;
  /** Document 2: v1 funds (regulation 555, offshore, structured). */
  readonly fundosV1: FundosV1Client<Throw>;
  /** Document 3: index results and portfolios, government bonds, curves, debentures, index-linked ETFs. */
  readonly precosIndices: PrecosIndicesClient<Throw>;
}

/** The three clients under `numbers: 'exact'`: decimals of more than 15 significant digits as strings. */
export interface ExactFeedClient<Throw extends boolean = false> {
  readonly fundosV2: FundosV2ExactClient<Throw>;
  readonly fundosV1: FundosV1ExactClient<Throw>;
  readonly precosIndices: PrecosIndicesExactClient<Throw>;
}

/**
 * The typed clients of the three Feed documents, sharing one flow A token (requested on first use by any of
 * them, renewed before it expires). Server-side only: the options hold the client secret.
 */
export function createFeedClient<Options extends FeedClientOptions & { numbers: 'exact' }>(
  options: ExactOptions<Options, FeedClientOptions>,
): ExactFeedClient<ThrowsOn<Options>>;
export function createFeedClient<Options extends FeedClientOptions>(
  options: ExactOptions<Options, FeedClientOptions>,
): FeedClient<ThrowsOn<Options>>;
export function createFeedClient<Options extends FeedClientOptions>(
  options: ExactOptions<Options, FeedClientOptions>,
): FeedClient<ThrowsOn<Options>> | ExactFeedClient<ThrowsOn<Options>> {
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError(
      'options',
      "createFeedClient needs an options object: { clientId, clientSecret, environment: 'production' | 'sandbox' } " +
        'or baseUrl instead of environment.',
    );
  }
  checkResponseValidators(options, '@assoc-feed/client/validators');
  // The token manager the session builds (or the one passed in) and its retry budget serve all three.
  const shared = withSession(options, createSession(options));
  return Object.freeze({
    fundosV2: createFundosV2Client(shared),
    fundosV1: createFundosV1Client(shared),
    precosIndices: createPrecosIndicesClient(shared),
  });
}
