import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createTokenManager } from '../auth/flow-a.js';
import { toFeedError } from '../calls/result.js';
import {
  ConfigurationError,
  FeedError,
  ForbiddenError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '../errors/errors.js';
import { DETAIL, LIST, MONTHLY, setupClient as setup } from '../test-support/client.js';
import { useFakeClock, useRealClock } from '../test-support/clock.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  errorBody,
  json,
  meta,
  type paths,
  recordingSleep,
} from '../test-support/fixtures.js';
import { createDocumentClient, type DocumentClientOptions } from './create-document-client.js';

/** Answers `answer` for feed calls (token calls go to the built-in route) the first `times` times. */
const feedCalls = (answer: (n: number) => Response | undefined) => {
  let n = 0;
  return (request: { url: URL }) =>
    request.url.pathname === '/oauth/access-token' ? undefined : answer(n++);
};

const getFund = (client: ReturnType<typeof setup>['client'], code = 'F0000000001') =>
  client.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: code } } });

describe('createDocumentClient options', () => {
  it.each<[string, Partial<Record<keyof DocumentClientOptions, unknown>>, string, RegExp]>([
    ['no clientId', { clientId: undefined }, 'clientId', /clientId is missing/],
    ['empty clientSecret', { clientSecret: '' }, 'clientSecret', /clientSecret is empty/],
    [
      'no environment nor baseUrl',
      { baseUrl: undefined },
      'environment',
      /environment: 'production' or 'sandbox', or baseUrl/,
    ],
    ['plain http to a remote host', { baseUrl: 'http://api.example.com' }, 'baseUrl', /must use https/],
    ['a zero timeout', { timeoutMs: 0 }, 'timeoutMs', /positive number/],
    ['a fetch that is not a function', { fetch: 'fetch' }, 'fetch', /fetch must be a function/],
    ['negative retries', { retry: { maxRetries: -1 } }, 'retry.maxRetries', /retry.maxRetries/],
  ])('%s -> ConfigurationError naming the option', (_, patch, option, message) => {
    const options = {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      baseUrl: BASE_URL,
      ...patch,
    } as DocumentClientOptions;
    let error: unknown;
    try {
      createDocumentClient<paths>(options, meta);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect((error as Error).message).toMatch(message);
  });

  it('validateResponses without responseValidators -> ConfigurationError naming the document package entry', () => {
    const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL };
    const loaders = { reader: () => import('../body/response-body.js') };
    const make = () => createDocumentClient<paths>({ ...options, validateResponses: 'warn' }, meta, loaders);
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow("import { responseValidators } from '@assoc-feed/fixture/validators'");
    const given = { validators: {} };
    expect(() =>
      createDocumentClient<paths>(
        { ...options, validateResponses: 'warn', responseValidators: given },
        meta,
        loaders,
      ),
    ).not.toThrow();
  });

  it('accepts an environment name', () => {
    const client = createDocumentClient<paths>(
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, environment: 'sandbox' },
      meta,
    );
    expect(client.baseUrl).toBe('https://api-sandbox.assoc.example');
  });
});

describe('calls', () => {
  it('authenticate with flow A and return openapi-fetch results, typed', async () => {
    const { feed, client } = setup();
    const result = await getFund(client);
    expect(result.data?.content.codigo_fundo).toBe('F0000000001');
    expectTypeOf(result.data).toEqualTypeOf<
      { content: { codigo_fundo: string; nome: string } } | undefined
    >();
    expect(feed.tokenRequests[0]?.url.href).toBe(`${BASE_URL}/oauth/access-token`);
    const [call] = feed.feedRequests;
    expect(call?.headers.get('client_id')).toBe(CLIENT_ID);
    expect(call?.headers.get('access_token')).toBe(feed.issued[0]);
  });

  it('tokenUrl: tokens from another host (public-client evidence, item 10), feed calls to baseUrl', async () => {
    const tokenHost = 'https://tokens.test.example';
    const { feed, client } = setup({}, { tokenUrl: `${tokenHost}/oauth/access-token` });
    const { response } = await getFund(client);
    expect(response.status).toBe(200);
    expect(feed.tokenRequests.map((r) => r.url.href)).toEqual([`${tokenHost}/oauth/access-token`]);
    expect(feed.feedRequests.map((r) => r.url.origin)).toEqual([BASE_URL]);
  });

  it.each([
    ['http://tokens.test.example/oauth/access-token', /tokenUrl/],
    ['not a url', /tokenUrl/],
  ])('tokenUrl %j is refused with a ConfigurationError naming the option', (tokenUrl, message) => {
    expect(() => setup({}, { tokenUrl })).toThrow(ConfigurationError);
    expect(() => setup({}, { tokenUrl })).toThrow(message);
  });

  it.each([200, 201, 202])(
    'a token answer of %i is success (any 2xx, public-client evidence, item 11)',
    async (status) => {
      const { feed, client } = setup({
        handler: (r) =>
          r.url.pathname === '/oauth/access-token'
            ? json(status, {
                access_token: 'tok-2xx-xxxxxxxxxxxxxxxxxxxxxxxx',
                token_type: 'Bearer',
                expires_in: 3600,
              })
            : undefined,
      });
      feed.issued.push('tok-2xx-xxxxxxxxxxxxxxxxxxxxxxxx');
      const { response } = await getFund(client);
      expect(response.status).toBe(200);
      expect(feed.feedRequests[0]?.headers.get('access_token')).toBe('tok-2xx-xxxxxxxxxxxxxxxxxxxxxxxx');
    },
  );

  it('100 concurrent calls share exactly one token request', async () => {
    const { feed, client } = setup();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => getFund(client, `F${String(i).padStart(10, '0')}`)),
    );
    expect(results.every((r) => r.response.ok)).toBe(true);
    expect(feed.tokenRequests).toHaveLength(1);
    expect(feed.feedRequests).toHaveLength(100);
  });

  it('several document clients can share one token manager (one token for all)', async () => {
    const feed = createFakeFeed();
    const tokenManager = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: feed.fetch,
    });
    const options = {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      baseUrl: BASE_URL,
      fetch: feed.fetch,
      tokenManager,
    };
    const a = createDocumentClient<paths>(options, meta);
    const b = createDocumentClient<paths>(options, meta);
    await Promise.all([getFund(a), getFund(b), getFund(a)]);
    expect(feed.tokenRequests).toHaveLength(1);
    expect(a.tokenManager).toBe(b.tokenManager);
  });

  type Client = ReturnType<typeof setup>['client'];
  it.each<[string, (client: Client) => Promise<unknown>, RegExp]>([
    [
      'pattern',
      (c) => c.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F123' } } }),
      /must match/,
    ],
    [
      'size above the maximum',
      (c) => c.GET(LIST, { params: { query: { size: 5000 } } }),
      /size must be at most 1000 \(the document's maximum for this list\); use paginate\(\) to read more/,
    ],
    [
      'mes without ano',
      (c) =>
        c.GET(MONTHLY, {
          params: { path: { codigo_classe_ou_subclasse: 'C0000000001' }, query: { mes: '02' } },
        }),
      /mes and ano must be sent together/,
    ],
    [
      '2026-02-30',
      (c) =>
        c.GET(MONTHLY, {
          params: { path: { codigo_classe_ou_subclasse: 'C0000000001' }, query: { data: '2026-02-30' } },
        }),
      /real calendar date/,
    ],
    [
      'unknown param',
      // @ts-expect-error the types reject it too; the runtime check is for JavaScript callers and casts
      (c) => c.GET(LIST, { params: { query: { tipo_fundo: 'FIF' } } }),
      /did you mean tipo-fundo/,
    ],
    ['a required param missing', (c) => c.GET(DETAIL, { params: { path: {} } } as never), /is required/],
  ])('bad input (%s) -> InvalidRequestError and zero fetch calls', async (_, call, message) => {
    const { feed, client } = setup();
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(message);
    expect(feed.requests).toHaveLength(0); // not even the token request
  });

  it('bad input throws in throwing mode too', async () => {
    const { feed, client } = setup({}, { throwOnError: true });
    await expect(client.GET(LIST, { params: { query: { page: -1 } } })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(feed.requests).toHaveLength(0);
  });
});

describe('401: renew the token once and replay once', () => {
  it('a 401 renews the token and the replay succeeds', async () => {
    const { feed, client } = setup();
    await getFund(client);
    feed.rejected.add(feed.issued[0] as string); // expired on the server's side before our clock says so
    const result = await getFund(client);
    expect(result.response.status).toBe(200);
    expect(feed.tokenRequests).toHaveLength(2);
    expect(feed.feedRequests.map((r) => r.headers.get('access_token'))).toEqual([
      feed.issued[0],
      feed.issued[0],
      feed.issued[1],
    ]);
  });

  it('50 concurrent 401s on one stale token renew it once', async () => {
    const { feed, client } = setup();
    await getFund(client);
    feed.rejected.add(feed.issued[0] as string);
    const results = await Promise.all(Array.from({ length: 50 }, () => getFund(client)));
    expect(results.every((r) => r.response.ok)).toBe(true);
    expect(feed.tokenRequests).toHaveLength(2);
  });

  it('a second 401 is the answer: one replay only (default mode: error result + toFeedError)', async () => {
    const { feed, client, waits } = setup({
      handler: feedCalls(() => json(401, errorBody(401, 'invalid credential or token', 'nope'))),
    });
    const result = await getFund(client);
    expect(result.response.status).toBe(401);
    expect(result.error).toEqual(errorBody(401, 'invalid credential or token', 'nope'));
    const error = toFeedError(result);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, method: 'GET', path: '/feed/fundos/v2/fundos/F0000000001' });
    expect(feed.feedRequests).toHaveLength(2);
    expect(feed.tokenRequests).toHaveLength(2);
    expect(waits).toEqual([]); // 401 is never retried, only replayed
  });

  it('a second 401 throws UnauthorizedError in throwing mode', async () => {
    const { feed, client } = setup(
      { handler: feedCalls(() => json(401, errorBody(401, 'x', 'y'))) },
      { throwOnError: true },
    );
    await expect(getFund(client)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(feed.feedRequests).toHaveLength(2);
  });

  it('replays a POST body intact', async () => {
    const { feed, client } = setup({
      handler: feedCalls((n) => (n === 0 ? json(401, errorBody(401, 'x', 'expired')) : undefined)),
    });
    const body = { codigos: ['F0000000001', 'C0000000002'], nota: 'açúcar ✓' };
    const result = await client.POST('/feed/exemplo/v1/consultas', { body });
    expect(result.data?.content.received).toEqual(body);
    const [first, replay] = feed.feedRequests;
    expect(first?.body).toBe(JSON.stringify(body));
    expect(replay?.body).toBe(first?.body);
    expect(replay?.headers.get('content-type')).toBe('application/json');
    expect(replay?.headers.get('access_token')).toBe(feed.issued[1]);
  });
});

describe('403: a revoked token is not replayed; the next call gets a new one', () => {
  it('the 403 is the answer (one request), the cached token is dropped, the next call sends a new token', async () => {
    const { feed, client, waits } = setup({
      handler: feedCalls((n) =>
        n === 1 ? json(403, errorBody(403, 'access not authorized', 'The token was revoked.')) : undefined,
      ),
    });
    await getFund(client);
    const refused = await getFund(client);
    expect(refused.response.status).toBe(403);
    expect(toFeedError(refused)).toBeInstanceOf(ForbiddenError);
    expect(feed.tokenRequests).toHaveLength(1);
    const after = await getFund(client);
    expect(after.response.status).toBe(200);
    expect(feed.tokenRequests).toHaveLength(2);
    expect(feed.feedRequests.map((r) => r.headers.get('access_token'))).toEqual([
      feed.issued[0],
      feed.issued[0],
      feed.issued[1],
    ]);
    expect(waits).toEqual([]);
  });
});

describe('retries', () => {
  it('429 with Retry-After: waits as asked, then succeeds', async () => {
    const { feed, client, waits } = setup({
      handler: feedCalls((n) =>
        n === 0 ? json(429, errorBody(429, 'too many', 'slow'), { 'retry-after': '2' }) : undefined,
      ),
    });
    const result = await getFund(client);
    expect(result.response.status).toBe(200);
    expect(waits).toEqual([2000]);
    expect(feed.feedRequests).toHaveLength(2);
  });

  it('429 with a Retry-After above the cap: no wait, RateLimitedError with retryAfterMs', async () => {
    const { client, waits } = setup(
      { handler: feedCalls(() => json(429, undefined, { 'retry-after': '3600' })) },
      { throwOnError: true },
    );
    const error = await getFund(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(3_600_000);
    expect(waits).toEqual([]);
  });

  it('5xx is retried up to maxRetries with jittered delays inside the bounds', async () => {
    const feed = createFakeFeed({
      handler: feedCalls(() => json(503, errorBody(503, 'unavailable', 'later'))),
    });
    const { waits, sleep } = recordingSleep();
    const client = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        fetch: feed.fetch,
        retry: { sleep, maxRetries: 4 },
      },
      meta,
    );
    const result = await getFund(client);
    expect(toFeedError(result)).toBeInstanceOf(ServerError);
    expect(feed.feedRequests).toHaveLength(5);
    expect(waits).toHaveLength(4);
    waits.forEach((wait, attempt) => {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(Math.min(8000, 500 * 2 ** attempt));
    });
  });

  it.each([
    [400, 1],
    [401, 2], // the single replay after renewing the token, no retry
    [403, 1],
    [404, 1],
  ])('%i is never retried (%i request)', async (status, requests) => {
    const { feed, client, waits } = setup({
      handler: feedCalls(() => json(status, errorBody(status, 'e', 'm'))),
    });
    const result = await getFund(client);
    expect(result.response.status).toBe(status);
    expect(feed.feedRequests).toHaveLength(requests);
    expect(waits).toEqual([]);
  });

  it('a network error is retried, then succeeds', async () => {
    const { feed, client, waits } = setup({
      handler: feedCalls((n) => {
        if (n < 2) throw new TypeError('fetch failed');
        return undefined;
      }),
    });
    expect((await getFund(client)).response.status).toBe(200);
    expect(waits).toEqual([250, 500]);
    expect(feed.feedRequests).toHaveLength(3);
  });

  it('a network error that persists becomes NetworkError with its cause', async () => {
    const cause = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const { client } = setup({
      handler: feedCalls(() => {
        throw cause;
      }),
    });
    const error = await getFund(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toMatch(/failed before an answer \(fetch failed: ECONNREFUSED\)/);
  });

  it('the token request is retried too', async () => {
    let n = 0;
    const { feed, client, waits } = setup({
      handler: (r) =>
        r.url.pathname === '/oauth/access-token' && n++ === 0 ? json(502, undefined) : undefined,
    });
    expect((await getFund(client)).response.status).toBe(200);
    expect(feed.tokenRequests).toHaveLength(2);
    expect(waits).toEqual([250]);
  });

  it('retry: false sends once', async () => {
    const { feed, client } = setup({ handler: feedCalls(() => json(503, undefined)) }, { retry: false });
    await getFund(client);
    expect(feed.feedRequests).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  const hang = () => feedCalls(() => new Promise<never>(() => {}) as unknown as Response);

  /**
   * Runs `body` on the test's clock (fake timers and Date): a deadline is the behaviour under test, so it passes
   * when the test says, not when a busy machine gets round to it. The fake feed answers in microtasks.
   */
  async function onTestClock<T>(body: (advance: (ms: number) => Promise<void>) => Promise<T>): Promise<T> {
    useFakeClock();
    try {
      return await body(async (ms) => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    } finally {
      useRealClock();
    }
  }

  it('the client timeout gives TimeoutError', async () => {
    const { client } = setup({ handler: hang() }, { timeoutMs: 20 });
    const error = await onTestClock(async (advance) => {
      // The token first (no time passes on the test's clock), so the deadline can only pass on the feed call.
      await client.tokenManager.getToken();
      const call = getFund(client).catch((e: unknown) => e);
      await advance(21);
      return call;
    });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 20, method: 'GET', path: '/feed/fundos/v2/fundos/F0000000001' });
  });

  it('a per-call timeoutMs overrides the client one', async () => {
    const { client } = setup({ handler: hang() }, { timeoutMs: 60_000 });
    const error = await client
      .GET(DETAIL, {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
        timeoutMs: 15,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 15 });
  });

  it('a bad per-call timeoutMs is refused before anything is sent', async () => {
    const { feed, client } = setup();
    const error = await client
      .GET(DETAIL, {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
        timeoutMs: -1,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'timeoutMs' });
    expect(feed.requests).toHaveLength(0);
  });

  it('fetch gets the call signal as init.signal, which aborts at the deadline so the request is cancelled', async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const feed = createFakeFeed({ handler: hang() });
    const client = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        timeoutMs: 20,
        fetch: (request, init) => {
          if (new URL(request.url).pathname !== '/oauth/access-token') seen.push(init?.signal);
          return feed.fetch(request);
        },
      },
      meta,
    );
    const error = await onTestClock(async (advance) => {
      await client.tokenManager.getToken(); // the deadline can then only pass on the feed call
      const call = getFund(client).catch((e: unknown) => e);
      await advance(21);
      return call;
    });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(true);
    expect(seen[0]?.reason).toBe(error);
  });

  it.each<[string, number, boolean, boolean]>([
    ['default deadline', 30_000, false, true],
    ['no deadline, a caller signal', Number.POSITIVE_INFINITY, true, true],
    [
      'no deadline, no caller signal: nothing could abort, so no signal',
      Number.POSITIVE_INFINITY,
      false,
      false,
    ],
  ])('%s -> fetch gets a signal: %s / %s', async (_, timeoutMs, callerSignal, expected) => {
    const seen: (AbortSignal | undefined)[] = [];
    const feed = createFakeFeed();
    const client = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        timeoutMs,
        fetch: (request, init) => {
          if (new URL(request.url).pathname !== '/oauth/access-token') seen.push(init?.signal);
          return feed.fetch(request);
        },
      },
      meta,
    );
    const signal = callerSignal ? new AbortController().signal : undefined;
    const result = await client.GET(DETAIL, {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
      signal,
    });
    expect(result.response.status).toBe(200);
    expect(seen[0] instanceof AbortSignal).toBe(expected);
  });

  it.each([
    ['stream', true],
    ['json', false],
  ] as const)(
    "parseAs %s: the caller's abort after the call returned reaches fetch's signal: %s",
    async (parseAs, reaches) => {
      let signal: AbortSignal | undefined;
      const feed = createFakeFeed();
      const client = createDocumentClient<paths>(
        {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          baseUrl: BASE_URL,
          fetch: (request, init) => {
            if (new URL(request.url).pathname !== '/oauth/access-token') signal = init?.signal;
            return feed.fetch(request);
          },
        },
        meta,
      );
      const controller = new AbortController();
      const result = await client.GET(DETAIL, {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
        parseAs,
        signal: controller.signal,
      });
      expect(result.response.status).toBe(200);
      controller.abort('done reading');
      expect(signal?.aborted).toBe(reaches);
    },
  );

  it("the caller's abort wins and keeps its reason", async () => {
    const { client } = setup({ handler: hang() }, { timeoutMs: 60_000 });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 10);
    const pending = client.GET(DETAIL, {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
      signal: controller.signal,
    });
    await expect(pending).rejects.toBe(reason);
  });

  it("the caller's abort also cuts a backoff wait short", async () => {
    const feed = createFakeFeed({ handler: feedCalls(() => json(503, undefined)) });
    const client = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        fetch: feed.fetch,
        retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 0.99 },
      },
      meta,
    );
    const controller = new AbortController();
    const pending = client.GET(LIST, { signal: controller.signal });
    // Once the first answer (503) is in, the call waits its 60 s backoff: abort then, however long that took.
    await vi.waitFor(() => expect(feed.feedRequests).toHaveLength(1), { timeout: 20_000 });
    controller.abort('stop');
    await expect(pending).rejects.toBe('stop');
    expect(feed.feedRequests).toHaveLength(1);
  });
});

describe('error modes', () => {
  it('throwOnError throws the typed error, with body and request id', async () => {
    const { client } = setup(
      {
        handler: feedCalls(() =>
          json(
            403,
            errorBody(403, 'access not authorized', 'The contracted plan does not include this resource.'),
            { 'x-request-id': 'r-1' },
          ),
        ),
      },
      { throwOnError: true },
    );
    const error = await getFund(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ status: 403, requestId: 'r-1', body: { error: 'access not authorized' } });
    expect((error as Error).message).toMatch(/contracted plan.*Regularise/s);
  });

  it('throwOnError still returns data on success', async () => {
    const { client } = setup({}, { throwOnError: true });
    expect((await getFund(client)).data?.content.codigo_fundo).toBe('F0000000001');
  });

  it('default mode keeps { error, response } and toFeedError gives the typed error', async () => {
    const { client } = setup();
    const result = await getFund(client, 'F9999999999');
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 404 });
    const error = toFeedError(result);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(FeedError);
    expect(error?.path).toBe('/feed/fundos/v2/fundos/F9999999999');
    expect(toFeedError(await getFund(client))).toBeUndefined();
  });
});

describe("a user's openapi-fetch middleware", () => {
  it('sees the Request before the flow A headers (no token reaches it) and the answer after the redaction', async () => {
    const { client, feed } = setup({
      // A server that echoes the secret and the token in its error body.
      handler: feedCalls(() =>
        json(400, { error: 'bad', message: `saw ${CLIENT_SECRET} and ${feed.issued[0]}` }),
      ),
    });
    const seen: { token: string | null; body?: string }[] = [];
    client.use({
      onRequest({ request }) {
        seen.push({ token: request.headers.get('access_token') });
      },
      async onResponse({ response }) {
        seen.push({ token: null, body: await response.clone().text() });
      },
    });
    const result = await getFund(client);
    expect(result.response.status).toBe(400);
    expect(seen[0]?.token).toBeNull();
    expect(seen[1]?.body).toContain('saw');
    expect(seen[1]?.body).not.toContain(CLIENT_SECRET);
    expect(seen[1]?.body).not.toContain(feed.issued[0]);
    // The call itself did carry the token.
    expect(feed.requests.at(-1)?.headers.get('access_token')).toBe(feed.issued[0]);
  });

  it('in throwing mode, its onError gets the typed error, which the call then throws', async () => {
    const { client } = setup(
      { handler: feedCalls(() => json(403, errorBody(403, 'no', 'No.'))) },
      { throwOnError: true },
    );
    const errors: unknown[] = [];
    client.use({
      onError({ error }) {
        errors.push(error);
      },
    });
    const thrown = await getFund(client).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ForbiddenError);
    expect(errors).toEqual([thrown]);
  });

  it('invalid params throw before any middleware runs or anything is sent', async () => {
    const { client, feed } = setup();
    let ran = false;
    client.use({
      onRequest() {
        ran = true;
      },
    });
    await expect(getFund(client, 'not-a-code')).rejects.toBeInstanceOf(InvalidRequestError);
    expect(ran).toBe(false);
    expect(feed.requests).toHaveLength(0);
  });
});

describe('the retry budget of a client', () => {
  it("is shared by the client's calls: 100 concurrent calls against a service failing every request make at most 150", async () => {
    const { client, feed } = setup({ handler: feedCalls(() => json(503, errorBody(503, 'down', 'Down.'))) });
    const results = await Promise.all(Array.from({ length: 100 }, () => getFund(client)));
    expect(results.every((r) => r.response.status === 503)).toBe(true);
    expect(feed.feedRequests.length).toBeLessThanOrEqual(150);
  });
});
