// The client most core tests call: a document client over the in-memory fake feed (test-support/fixtures.ts),
// whose retries record their waits instead of sleeping, so nothing depends on the machine's speed.

import { createDocumentClient, type DocumentClientOptions } from '../client/create-document-client.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  type FakeFeedOptions,
  meta,
  type paths,
  recordingSleep,
} from './fixtures.js';

export const LIST = '/feed/fundos/v2/fundos';
export const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
export const MONTHLY = '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/resumo-mensal';
/** The parameters of one fund's detail (DETAIL). */
export const ONE_FUND = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } };

/** The options every test client shares: the fake feed's fetch and credentials, retries that only record. */
export function testClientOptions(
  fetch: DocumentClientOptions['fetch'],
  sleep: (ms: number) => Promise<void>,
) {
  return {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    baseUrl: BASE_URL,
    fetch,
    retry: { sleep, random: () => 0.5 },
  } satisfies DocumentClientOptions;
}

/**
 * A fake feed and a client of it. `options` are laid over the shared ones; `waits` holds each retry's wait;
 * `getOne()` asks for one fund's detail.
 */
export function setupClient(feedOptions: FakeFeedOptions = {}, options: Partial<DocumentClientOptions> = {}) {
  const feed = createFakeFeed(feedOptions);
  const { waits, sleep } = recordingSleep();
  const client = createDocumentClient<paths>({ ...testClientOptions(feed.fetch, sleep), ...options }, meta);
  const getOne = () => client.GET(DETAIL, { params: ONE_FUND });
  return { feed, client, waits, getOne };
}
