// One object over the three documents. Each document package already builds a complete client; what this adds
// is the session: one flow A token manager (with its retries and deadline) and one retry budget, made here and
// handed to each document client, so the whole Feed API is reached with one token, requested once and renewed
// once, and the three documents' calls draw retries from one bucket. No document client owns them.

import { ConfigurationError, type DocumentClientOptions } from '@assoc-feed/core';
import { checkResponseValidators, createSession, withSession } from '@assoc-feed/core/internal';
import { createFundosV1Client, type FundosV1Client, type FundosV1ExactClient } from '@assoc-feed/fundos-v1';
import { createFundosV2Client, type FundosV2Client, type FundosV2ExactClient } from '@assoc-feed/fundos-v2';
import {
  createPrecosIndicesClient,
  type PrecosIndicesClient,
  type PrecosIndicesExactClient,
} from '@assoc-feed/precos-indices';

/**
 * The options of `createFeedClient`, handed to each document client (the README's Options table says more):
 * - `clientId`, `clientSecret`: the application's flow A credentials (default FEED_CLIENT_ID, FEED_CLIENT_SECRET);
 * - `environment` (`'production'` or `'sandbox'`, default FEED_ENVIRONMENT) or `baseUrl` (any deployment);
 *   `hosts`: the real host of each environment; `tokenUrl`: where tokens are requested;
 * - `fetch`: the fetch to call with; `retry`: retry options or `false`; `timeoutMs`: each call's deadline;
 *   `maxResponseBytes`: the largest answer body read;
 * - `throwOnError`: throw the typed error instead of returning `{ error }`;
 * - `tokenManager`: a flow A manager shared with clients made elsewhere;
 * - `numbers`: `'exact'` for decimals of more than 15 significant digits as strings;
 * - `validateResponses` (`'off'`, `'warn'`, `'throw'`) with `responseValidators` (from
 *   `@assoc-feed/client/validators`) and `onResponseIssues`: check each answer against the spec;
 * - `hooks`, `logger`, `logLevel`: observe requests, answers, retries and token renewals.
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
export function createFeedClient(
  options: FeedClientOptions & { numbers: 'exact'; throwOnError: true },
): ExactFeedClient<true>;
/** `numbers: 'exact'`: the decimals of more than 15 significant digits arrive as strings. */
export function createFeedClient(options: FeedClientOptions & { numbers: 'exact' }): ExactFeedClient;
/** `throwOnError: true`: every call's result is its success branch (failures are thrown). */
export function createFeedClient(options: FeedClientOptions & { throwOnError: true }): FeedClient<true>;
/**
 * The credentials and the environment the options leave out (or all, without options) come from FEED_CLIENT_ID,
 * FEED_CLIENT_SECRET and FEED_ENVIRONMENT, where there is a `process.env`.
 */
export function createFeedClient(options?: FeedClientOptions): FeedClient;
export function createFeedClient(given?: FeedClientOptions): FeedClient<boolean> | ExactFeedClient<boolean> {
  // No options object: everything from the environment.
  const options = given === undefined ? {} : given;
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError(
      'options',
      "createFeedClient takes an options object ({ clientId, clientSecret, environment: 'production' | 'sandbox' } " +
        'or baseUrl instead of environment), or none to read FEED_CLIENT_ID, FEED_CLIENT_SECRET and FEED_ENVIRONMENT.',
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
