import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  InvalidCredentialsError,
  NetworkError,
  ServerError,
  TokenResponseError,
} from '../errors/errors.js';
import { BASE_URL, CLIENT_ID, CLIENT_SECRET, createFakeFeed, json } from '../test-support/fixtures.js';
import { createTokenManager } from './flow-a.js';
import { freshToken } from './token-source.js';

const tokenUrl = `${BASE_URL}/oauth/access-token`;
const manager = (
  fetch: (r: Request) => Promise<Response>,
  extra: { now?: () => number; refreshMarginMs?: number } = {},
) => createTokenManager({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenUrl, fetch, ...extra });

describe('flow A token manager', () => {
  it('requests the token as document 1 says: POST, JSON body, Basic UTF-8 credentials', async () => {
    const feed = createFakeFeed();
    expect(await manager(feed.fetch).getToken()).toBe(feed.issued[0]);
    const [request] = feed.tokenRequests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(tokenUrl);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`, 'utf8').toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({ grant_type: 'client_credentials' });
  });

  it('does not request before first use, then caches', async () => {
    const feed = createFakeFeed();
    const tokens = manager(feed.fetch);
    expect(feed.requests).toHaveLength(0);
    expect(tokens.peek()).toBeUndefined();
    await tokens.getToken();
    await tokens.getToken();
    expect(feed.tokenRequests).toHaveLength(1);
  });

  it('shares one request among 100 concurrent callers', async () => {
    const feed = createFakeFeed();
    const tokens = manager(feed.fetch);
    const all = await Promise.all(Array.from({ length: 100 }, () => tokens.getToken()));
    expect(feed.tokenRequests).toHaveLength(1);
    expect(new Set(all)).toEqual(new Set([feed.issued[0]]));
  });

  it.each([
    // expires_in, margin option, seconds after the request at which the token is renewed
    [3600, undefined, 3600 - 60], // default margin: 60 s
    [300, undefined, 300 - 30], // 10% of a short lifetime is smaller than 60 s
    [3600, 5000, 3600 - 5], // explicit margin
  ])(
    'renews shortly before expiry (expires_in %i, margin %s ms -> at %i s)',
    async (expiresIn, refreshMarginMs, renewAt) => {
      let clock = 1_000_000;
      const feed = createFakeFeed({ expiresIn });
      const tokens = manager(feed.fetch, {
        now: () => clock,
        ...(refreshMarginMs ? { refreshMarginMs } : {}),
      });
      await tokens.getToken();
      expect(tokens.peek()).toEqual({ expiresAt: 1_000_000 + expiresIn * 1000 });
      clock = 1_000_000 + renewAt * 1000 - 1;
      await tokens.getToken();
      expect(feed.tokenRequests).toHaveLength(1);
      clock += 1;
      expect(await tokens.getToken()).toBe(feed.issued[1]);
      expect(feed.tokenRequests).toHaveLength(2);
    },
  );

  it('freshToken: the cached token while getToken would resolve it at once, else undefined', async () => {
    let clock = 1_000_000;
    const feed = createFakeFeed({ expiresIn: 3600 });
    const tokens = manager(feed.fetch, { now: () => clock });
    expect(freshToken(tokens)).toBeUndefined(); // nothing requested yet
    const first = await tokens.getToken();
    expect(freshToken(tokens)).toBe(first);
    clock += (3600 - 60) * 1000; // the renewal point: getToken would request again
    expect(freshToken(tokens)).toBeUndefined();
    const second = await tokens.getToken();
    expect(freshToken(tokens)).toBe(second);
    tokens.invalidate(second);
    expect(freshToken(tokens)).toBeUndefined();
    expect(feed.tokenRequests).toHaveLength(2);
  });

  it('freshToken knows only the sources this package made (anything else: undefined, so getToken is asked)', () => {
    const foreign = {
      flow: 'A' as const,
      getToken: async () => 't',
      invalidate: () => {},
      peek: () => undefined,
    };
    expect(freshToken(foreign)).toBeUndefined();
  });

  it('rejects every waiter when the request fails, and the next call retries', async () => {
    let fail = true;
    const feed = createFakeFeed({ handler: () => (fail ? json(503, { message: 'down' }) : undefined) });
    const tokens = manager(feed.fetch);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => tokens.getToken()));
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ServerError)).toBe(true);
    expect(feed.tokenRequests).toHaveLength(1);
    fail = false;
    expect(await tokens.getToken()).toBe(feed.issued[0]);
    expect(feed.tokenRequests).toHaveLength(2);
  });

  it('invalidate(token) drops the cache only if it still holds that token', async () => {
    const feed = createFakeFeed();
    const tokens = manager(feed.fetch);
    const first = await tokens.getToken();
    tokens.invalidate('some-other-token');
    expect(await tokens.getToken()).toBe(first);
    tokens.invalidate(first);
    const second = await tokens.getToken();
    expect(second).not.toBe(first);
    // A late 401 on the first token must not throw away the second.
    tokens.invalidate(first);
    expect(await tokens.getToken()).toBe(second);
    expect(feed.tokenRequests).toHaveLength(2);
  });

  it('100 concurrent 401s on one token cause one renewal', async () => {
    const feed = createFakeFeed();
    const tokens = manager(feed.fetch);
    const stale = await tokens.getToken();
    const renewed = await Promise.all(
      Array.from({ length: 100 }, () => {
        tokens.invalidate(stale);
        return tokens.getToken();
      }),
    );
    expect(feed.tokenRequests).toHaveLength(2);
    expect(new Set(renewed).size).toBe(1);
  });

  it.each([
    ['Bearer', true],
    ['bearer', true],
    ['access_token', true],
    ['mac', false],
    [undefined, false],
  ])('token_type %j accepted: %s', async (tokenType, ok) => {
    const fetch = async () =>
      json(200, {
        access_token: 'tok-abc',
        expires_in: 3600,
        ...(tokenType ? { token_type: tokenType } : {}),
      });
    const result = manager(fetch).getToken();
    if (ok) await expect(result).resolves.toBe('tok-abc');
    else
      await expect(result).rejects.toThrow(/token_type .*expected Bearer or access_token.*flow A endpoint/);
  });

  it.each([
    ['expires_in 0', { expires_in: 0 }, /expires_in is 0; expected a positive whole number/],
    ['negative expires_in', { expires_in: -5 }, /expires_in is -5/],
    ['fractional expires_in', { expires_in: 1.5 }, /expires_in is 1.5/],
    ['expires_in as text', { expires_in: '3600' }, /expires_in is a string/],
    ['no expires_in', { expires_in: undefined }, /expires_in is missing/],
    ['no access_token', { access_token: undefined }, /access_token is missing/],
    ['empty access_token', { access_token: '' }, /access_token is a string, not a non-empty string/],
  ])('rejects a token answer with %s, with a clear TokenResponseError', async (_, patch, message) => {
    const fetch = async () =>
      json(200, { access_token: 'tok-abc', token_type: 'Bearer', expires_in: 3600, ...patch });
    const error = await manager(fetch)
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenResponseError);
    expect((error as Error).message).toMatch(message);
    expect(JSON.stringify(error)).not.toContain('tok-abc');
  });

  it('rejects a body that is not JSON', async () => {
    const fetch = async () => new Response('<html>login</html>', { status: 200 });
    await expect(manager(fetch).getToken()).rejects.toThrow(/not a JSON object/);
  });

  it.each([
    [401, /refused.*Check clientId and clientSecret.*production and sandbox credentials are different/s],
    [400, /malformed or incomplete.*Check clientId and clientSecret/s],
  ])('maps a %i on the token call to InvalidCredentialsError teaching the fix', async (status, message) => {
    const fetch = async () => json(status, { status, error: 'x', message: 'no' });
    const error = await manager(fetch)
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect((error as Error).message).toMatch(message);
  });

  it('a wrong secret against the fake service gives InvalidCredentialsError', async () => {
    const feed = createFakeFeed();
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: 'wrong',
      tokenUrl,
      fetch: feed.fetch,
    });
    await expect(tokens.getToken()).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('wraps a failing fetch in NetworkError', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(manager(fetch).getToken()).rejects.toBeInstanceOf(NetworkError);
  });

  it.each([
    ['clientId', { clientId: '' }],
    ['clientId', { clientId: undefined }],
    ['clientSecret', { clientSecret: '   ' }],
    ['tokenUrl', { tokenUrl: 'http://api.example.com/oauth/access-token' }],
  ])('rejects a bad %s with a ConfigurationError naming it', (option, patch) => {
    const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenUrl, ...patch } as Parameters<
      typeof createTokenManager
    >[0];
    expect(() => createTokenManager(options)).toThrow(ConfigurationError);
    try {
      createTokenManager(options);
    } catch (error) {
      expect((error as ConfigurationError).option).toBe(option);
      expect((error as Error).message).toContain(option);
    }
  });
});
