import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { createTokenManager, type DocumentClientOptions } from '@assoc-feed/core';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ConfigurationError,
  createFeedClient,
  type FeedClient,
  type FeedClientOptions,
  ForbiddenError,
  type FundosV1Client,
  type FundosV2Client,
  InvalidRequestError,
  type PrecosIndicesClient,
  UnauthorizedError,
} from './index.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  errorBody,
  type FakeFeedOptions,
  json,
  recordingSleep,
  V1_FUND,
  V2_FUND,
  VNA,
} from './test-support/feed.js';
import { responseValidators } from './validators.js';

function setup(feedOptions: FakeFeedOptions = {}, options: Partial<DocumentClientOptions> = {}) {
  const feed = createFakeFeed(feedOptions);
  const { waits, sleep } = recordingSleep();
  const client = createFeedClient({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    baseUrl: BASE_URL,
    fetch: feed.fetch,
    retry: { sleep, random: () => 0.5 },
    ...options,
  });
  return { feed, client, waits };
}

/** One call on each document (not started until called). */
const oneEach = (feed: FeedClient, i = 0): (() => Promise<{ response: Response }>)[] => [
  () =>
    feed.fundosV2.GET(V2_FUND, {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: `F${String(i).padStart(10, '0')}` } },
    }),
  () => feed.fundosV1.GET(V1_FUND, { params: { path: { ANBIMAcode: String(100000 + i) } } }),
  () => feed.precosIndices.GET(VNA, { params: { query: { data: '2026-11-18' } } }),
];
const callAll = (feed: FeedClient) => Promise.all(oneEach(feed).map((call) => call()));
const callOne = (feed: FeedClient, index: number, i = 0) =>
  (oneEach(feed, i)[index] as () => Promise<unknown>)();

describe('createFeedClient: three documents, one token', () => {
  it('calls on all three documents make one token request, and every call carries that token', async () => {
    const { feed, client } = setup();
    const results = await callAll(client);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(feed.tokenRequests).toHaveLength(1);
    expect(feed.feedRequests.map((r) => r.url.pathname)).toEqual([
      '/feed/fundos/v2/fundos/F0000000000',
      '/feed/fundos/v1/fundos/100000',
      '/feed/precos-indices/v1/titulos-publicos/vna',
    ]);
    for (const r of feed.feedRequests) {
      expect(r.headers.get('client_id')).toBe(CLIENT_ID);
      expect(r.headers.get('access_token')).toBe(feed.issued[0]);
    }
  });

  it('100 concurrent first calls spread over the three documents wait on one token request', async () => {
    const { feed, client } = setup();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => callOne(client, i % 3, i) as Promise<{ response: Response }>),
    );
    expect(results.every((r) => r.response.ok)).toBe(true);
    expect(feed.tokenRequests).toHaveLength(1);
    expect(feed.feedRequests).toHaveLength(100);
  });

  it('the three clients hold the same token manager', () => {
    const { client } = setup();
    expect(client.fundosV1.tokenManager).toBe(client.fundosV2.tokenManager);
    expect(client.precosIndices.tokenManager).toBe(client.fundosV2.tokenManager);
  });

  it('a token refused on one document is renewed once for all three', async () => {
    const { feed, client } = setup();
    await callAll(client);
    feed.expired.add(feed.issued[0] as string);
    const v1 = (await callOne(client, 1)) as { response: Response };
    expect(v1.response.status).toBe(200); // 401, renewal, replay
    const after = await callAll(client);
    expect(after.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(feed.tokenRequests).toHaveLength(2);
    expect(feed.feedRequests.slice(-3).map((r) => r.headers.get('access_token'))).toEqual([
      feed.issued[1],
      feed.issued[1],
      feed.issued[1],
    ]);
  });

  it('a token manager passed in serves all three (one token with clients created elsewhere)', async () => {
    const feed = createFakeFeed();
    const tokenManager = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: feed.fetch,
    });
    await tokenManager.getToken();
    const client = createFeedClient({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      baseUrl: BASE_URL,
      fetch: feed.fetch,
      tokenManager,
    });
    await callAll(client);
    expect(client.precosIndices.tokenManager).toBe(tokenManager);
    expect(feed.tokenRequests).toHaveLength(1);
  });

  it('types each document client from its own spec', () => {
    const { client } = setup();
    expectTypeOf(client.fundosV2).toEqualTypeOf<FundosV2Client>();
    expectTypeOf(client.fundosV1).toEqualTypeOf<FundosV1Client>();
    expectTypeOf(client.precosIndices).toEqualTypeOf<PrecosIndicesClient>();
    // @ts-expect-error a document-1 path is not a document-3 path
    void (() => client.precosIndices.GET(V2_FUND, {} as never));
  });
});

describe('createFeedClient: the options reach every document', () => {
  it('the same base URL (environment) for all three', () => {
    const client = createFeedClient({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      environment: 'sandbox',
    });
    expect([client.fundosV2.baseUrl, client.fundosV1.baseUrl, client.precosIndices.baseUrl]).toEqual([
      'https://api-sandbox.assoc.example',
      'https://api-sandbox.assoc.example',
      'https://api-sandbox.assoc.example',
    ]);
  });

  it.each([
    ['fundosV2', 0],
    ['fundosV1', 1],
    ['precosIndices', 2],
  ] as const)(
    'throwOnError: %s throws ForbiddenError with the plan/revoked hint, sent once',
    async (_, index) => {
      const { feed, client, waits } = setup(
        {
          handler: (r) =>
            r.url.pathname === '/oauth/access-token'
              ? undefined
              : json(403, errorBody(403, 'access not authorized', 'Not in the contracted plan.')),
        },
        { throwOnError: true },
      );
      const error = await callOne(client, index).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ForbiddenError);
      expect((error as Error).message).toMatch(/revoked.*contracted plan/s);
      expect(feed.feedRequests).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it('retry and Retry-After apply to every document', async () => {
    const limited = new Set<string>(); // the first call of each path is refused with 429
    const { feed, client, waits } = setup({
      handler: (r) => {
        if (r.url.pathname === '/oauth/access-token' || limited.has(r.url.pathname)) return undefined;
        limited.add(r.url.pathname);
        return json(429, errorBody(429, 'too many requests', 'Slow down.'), { 'retry-after': '1' });
      },
    });
    const results = [];
    for (const call of oneEach(client)) results.push(await call());
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(feed.feedRequests).toHaveLength(6);
  });

  it('the three documents share one retry budget: 102 calls spread over them against a failing service make at most 153 requests', async () => {
    const { feed, client } = setup({
      handler: (r) =>
        r.url.pathname === '/oauth/access-token' ? undefined : json(503, errorBody(503, 'down', 'Down.')),
    });
    const calls = Array.from({ length: 34 }, (_, i) => oneEach(client, i)).flat();
    const results = await Promise.all(calls.map((call) => call()));
    expect(results.every((r) => r.response.status === 503)).toBe(true);
    // One bucket of 500 at 10 a retry: 50 retries in all. Three buckets would allow 102 (each call's 2).
    expect(feed.feedRequests.length).toBeLessThanOrEqual(102 + 50);
    expect(client.fundosV1.retryBudget).toBe(client.fundosV2.retryBudget);
    expect(client.precosIndices.retryBudget).toBe(client.fundosV2.retryBudget);
  });

  it.each<[string, (c: FeedClient) => Promise<unknown>, RegExp]>([
    [
      'v2 code pattern',
      (c) => c.fundosV2.GET(V2_FUND, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: '254851' } } }),
      /codigo_fundo_ou_classe_ou_subclasse must match/,
    ],
    [
      'v1 code pattern',
      (c) => c.fundosV1.GET(V1_FUND, { params: { path: { ANBIMAcode: 'F0000000001' } } }),
      /ANBIMAcode must match/,
    ],
    [
      'impossible date',
      (c) => c.precosIndices.GET(VNA, { params: { query: { data: '2026-02-29' } } }),
      /2026-02 has 28 days/,
    ],
    [
      'mes without ano',
      (c) =>
        c.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/projecoes', {
          params: { query: { mes: '11' } },
        }),
      /mes and ano must be sent together/,
    ],
    [
      'size above the V5 maximum',
      (c) => c.fundosV1.GET('/feed/fundos/v1/fundos-estruturados', { params: { query: { size: 1000 } } }),
      /size must be at most 300/,
    ],
  ])('bad input (%s): InvalidRequestError, nothing sent', async (_, call, message) => {
    const { feed, client } = setup();
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(message);
    expect(feed.requests).toHaveLength(0);
  });

  it('a second 401 is UnauthorizedError on any document', async () => {
    const { feed, client } = setup(
      {
        handler: (r) =>
          r.url.pathname === '/oauth/access-token'
            ? undefined
            : json(401, errorBody(401, 'invalid token', 'no')),
      },
      { throwOnError: true },
    );
    await expect(callOne(client, 2)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(feed.feedRequests).toHaveLength(2);
    expect(feed.tokenRequests).toHaveLength(2);
  });
});

describe('createFeedClient: configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each<[string, unknown, string]>([
    ['no options and no FEED_CLIENT_ID', undefined, 'clientId'],
    ['options that are not an object', 'sandbox', 'options'],
    ['no clientSecret', { clientId: CLIENT_ID, baseUrl: BASE_URL }, 'clientSecret'],
    ['neither environment nor baseUrl', { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, 'environment'],
    [
      'plain http to a remote host',
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: 'http://api.example.com' },
      'baseUrl',
    ],
  ])('%s: ConfigurationError naming the option, without the secret', (_, options, option) => {
    vi.stubEnv('FEED_CLIENT_ID', undefined);
    vi.stubEnv('FEED_CLIENT_SECRET', undefined);
    let error: unknown;
    try {
      createFeedClient(options as DocumentClientOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    for (const text of [String(error), JSON.stringify(error), inspect(error, { showHidden: true })]) {
      expect(text).not.toContain(CLIENT_SECRET);
    }
  });

  it('checks its options once for all three documents, as often as one document client alone does', () => {
    // Every check of the options reads the secret left to FEED_CLIENT_SECRET (so does the token manager's own
    // check): the three documents share the one check, so the reads are those of a single document client.
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    const readsOfSecret = (make: () => unknown): number => {
      const env = process.env;
      let reads = 0;
      process.env = new Proxy(env, {
        get: (target, key) => {
          if (key === 'FEED_CLIENT_SECRET') reads += 1;
          return Reflect.get(target, key);
        },
      });
      try {
        make();
      } finally {
        process.env = env;
      }
      return reads;
    };
    const options = { clientId: CLIENT_ID, baseUrl: BASE_URL };
    const alone = readsOfSecret(() => createFundosV2Client(options));
    expect(alone).toBeGreaterThan(0);
    expect(readsOfSecret(() => createFeedClient(options))).toBe(alone);
  });

  it.each(['warn', 'throw'] as const)(
    "validateResponses: '%s' without responseValidators: ConfigurationError naming the import",
    (validateResponses) => {
      const make = () => setup({}, { validateResponses });
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow(
        `import { responseValidators } from '@assoc-feed/client/validators' and pass { validateResponses: '${validateResponses}', responseValidators }`,
      );
    },
  );

  it('validateResponses with the validators of @assoc-feed/client/validators checks every document', async () => {
    const reported: string[] = [];
    const { client } = setup(
      {},
      {
        validateResponses: 'warn',
        responseValidators,
        onResponseIssues: (issues) => reported.push(...issues.map((i) => i.operation)),
      },
    );
    await callAll(client);
    // The fake feed's answers are not what the spec promises: each document's validator says so.
    expect([...new Set(reported)].sort()).toEqual(
      [`GET ${V2_FUND} 200`, `GET ${V1_FUND} 200`, `GET ${VNA} 200`].sort(),
    );
  });

  it("FeedClientOptions' TSDoc names every option", () => {
    // Every key of the type, and no other (the compiler checks both): a new option fails here until documented.
    const every = {
      clientId: 0,
      clientSecret: 0,
      environment: 0,
      baseUrl: 0,
      hosts: 0,
      tokenUrl: 0,
      fetch: 0,
      retry: 0,
      maxResponseBytes: 0,
      timeoutMs: 0,
      throwOnError: 0,
      tokenManager: 0,
      numbers: 0,
      validateResponses: 0,
      responseValidators: 0,
      onResponseIssues: 0,
      hooks: 0,
      logger: 0,
      logLevel: 0,
    } satisfies Record<keyof FeedClientOptions, 0>;
    const source = readFileSync(new URL('./create-feed-client.ts', import.meta.url), 'utf8');
    const doc = source.slice(0, source.indexOf('export type FeedClientOptions'));
    const tsdoc = doc.slice(doc.lastIndexOf('/**'));
    expect(Object.keys(every).filter((name) => !tsdoc.includes(`\`${name}\``))).toEqual([]);
  });

  it('neither the feed client nor its parts show the secret or the token', async () => {
    const { feed, client } = setup();
    await callAll(client);
    const text = [
      inspect(client, { depth: 6, showHidden: true }),
      JSON.stringify(client.fundosV2.tokenManager),
    ].join('\n');
    for (const secret of [CLIENT_SECRET, ...feed.issued]) expect(text).not.toContain(secret);
  });
});
