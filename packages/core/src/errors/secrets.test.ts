// No error, in any rendering, carries the client secret, the Basic header or a token: errors end up in logs.
// Each case builds an error where those values are in scope, and where a hostile (or careless) server echoes them.

import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTokenManager } from '../auth/flow-a.js';
import { createInputTokenManager } from '../auth/flow-b.js';
import { toFeedError } from '../calls/result.js';
import { createDocumentClient } from '../client/create-document-client.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  type FakeFeedOptions,
  json,
  meta,
  type paths,
} from '../test-support/fixtures.js';
import { FeedError } from './errors.js';

const BASIC_B64 = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`, 'utf8').toString('base64');
const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const LEAKY_TOKEN = 'tok-LEAKY-0123456789abcdef';

function renderings(value: unknown): Record<string, string> {
  const error = value as Error;
  return {
    string: String(error),
    json: JSON.stringify(error),
    inspect: inspect(error, { depth: 10 }),
    inspectHidden: inspect(error, { depth: 10, showHidden: true }),
    stack: String(error.stack),
    message: error.message,
  };
}

function expectNoSecrets(value: unknown, extra: readonly string[] = []): void {
  expect(value).toBeInstanceOf(FeedError);
  const forbidden = [CLIENT_SECRET, BASIC_B64, `Basic ${BASIC_B64}`, LEAKY_TOKEN, ...extra];
  for (const [how, text] of Object.entries(renderings(value))) {
    for (const secret of forbidden) {
      expect(text.includes(secret), `${how} contains ${secret}`).toBe(false);
    }
  }
}

/** A server that echoes everything it was sent into its error bodies and request ids. */
function echoing(status: number, feedOnly = true): FakeFeedOptions['handler'] {
  return (request) => {
    if (feedOnly && request.url.pathname === '/oauth/access-token') return undefined;
    const sent = `${request.headers.get('authorization')} ${request.headers.get('access_token')} ${request.body}`;
    return json(
      status,
      {
        status,
        error: `echo ${sent}`,
        message: `You sent ${sent}`,
        details: [{ parameter: 'access_token', rule: sent }],
      },
      { 'x-request-id': `req ${request.headers.get('access_token')}` },
    );
  };
}

function client(feedOptions: FakeFeedOptions, options: { throwOnError?: boolean; timeoutMs?: number } = {}) {
  const feed = createFakeFeed(feedOptions);
  const c = createDocumentClient<paths>(
    {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      baseUrl: BASE_URL,
      fetch: feed.fetch,
      retry: { sleep: async () => {} },
      ...options,
    },
    meta,
  );
  return { feed, client: c };
}

const getFund = (c: ReturnType<typeof client>['client']) =>
  c.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } });

describe('no secret or token in any error', () => {
  it.each([401, 403, 404, 429, 500])('feed %i echoing the token (throwing mode)', async (status) => {
    const { feed, client: c } = client({ handler: echoing(status) }, { throwOnError: true });
    const error = await getFund(c).catch((e: unknown) => e);
    expect((error as FeedError).status).toBe(status);
    expectNoSecrets(error, feed.issued);
  });

  it.each([401, 403])(
    'feed %i echoing the token (default mode): toFeedError and result.error',
    async (status) => {
      const { feed, client: c } = client({ handler: echoing(status) });
      const result = await getFund(c);
      expectNoSecrets(toFeedError(result), feed.issued);
      const raw = JSON.stringify(result.error);
      for (const token of feed.issued) expect(raw).not.toContain(token);
      expect(raw).toContain('[redacted]');
    },
  );

  it.each([400, 401])('token call %i echoing the Basic header', async (status) => {
    const { client: c } = client({ handler: echoing(status, false) }, { throwOnError: true });
    const error = await getFund(c).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_credentials' });
    expectNoSecrets(error);
  });

  it('token answer with a bad token_type (its body holds the token)', async () => {
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: async () => json(200, { access_token: LEAKY_TOKEN, token_type: LEAKY_TOKEN, expires_in: 3600 }),
    });
    const error = await tokens.getToken().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_token_response' });
    expectNoSecrets(error);
  });

  it('flow B token call 401 echoing the form body', async () => {
    const tokens = createInputTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: async (request) => json(401, { message: `bad ${await request.text()} ${CLIENT_SECRET}` }),
    });
    const error = await tokens.getToken().catch((e: unknown) => e);
    expectNoSecrets(error, [new URLSearchParams({ s: CLIENT_SECRET }).toString().slice(2)]);
  });

  it('network error, timeout and invalid input while a token is cached', async () => {
    const network = client({
      handler: (r) =>
        r.url.pathname === '/oauth/access-token' ? undefined : Promise.reject(new TypeError('fetch failed')),
    });
    const slow = client(
      {
        handler: (r) => (r.url.pathname === '/oauth/access-token' ? undefined : new Promise<never>(() => {})),
      },
      { timeoutMs: 10 },
    );
    const errors = [
      await getFund(network.client).catch((e: unknown) => e),
      await getFund(slow.client).catch((e: unknown) => e),
      await slow.client
        .GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: CLIENT_SECRET } } })
        .catch((e: unknown) => e),
    ];
    expect(errors.map((e) => (e as FeedError).code)).toEqual(['network_error', 'timeout', 'invalid_request']);
    expectNoSecrets(errors[0], network.feed.issued);
    expectNoSecrets(errors[1], slow.feed.issued);
    // The invalid value is the caller's own input and is quoted back; the secret in options is not.
    expect(renderings(errors[2]).json).not.toContain(BASIC_B64);
  });

  it('configuration errors never echo the secret', () => {
    const attempts = [
      () =>
        createDocumentClient<paths>(
          { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: 'http://remote.example' },
          meta,
        ),
      () => createDocumentClient<paths>({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, meta),
      () =>
        createDocumentClient<paths>({ clientId: '', clientSecret: CLIENT_SECRET, baseUrl: BASE_URL }, meta),
      () =>
        createTokenManager({
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          tokenUrl: `https://${CLIENT_ID}:${CLIENT_SECRET}@x.example`,
        }),
    ];
    for (const attempt of attempts) {
      let error: unknown;
      try {
        attempt();
      } catch (e) {
        error = e;
      }
      expectNoSecrets(error);
    }
  });
});

it('the client and its token manager do not expose the secret or the token either', async () => {
  const { feed, client: c } = client({});
  await getFund(c);
  for (const text of [
    inspect(c, { depth: 10 }),
    inspect(c.tokenManager, { depth: 10, showHidden: true }),
    JSON.stringify(c.tokenManager),
    JSON.stringify(c.tokenManager.peek()),
  ]) {
    for (const secret of [CLIENT_SECRET, BASIC_B64, ...feed.issued]) expect(text).not.toContain(secret);
  }
});
