// Credentials come from the options or, when those are not given, from FEED_CLIENT_ID / FEED_CLIENT_SECRET; either
// way they are checked before anything is sent, and a fault names the option and the variable, never the value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocumentClient, type DocumentClientOptions } from '../client/create-document-client.js';
import { ConfigurationError } from '../errors/errors.js';
import { DETAIL, ONE_FUND } from '../test-support/client.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  meta,
  type paths,
} from '../test-support/fixtures.js';
import { createTokenManager } from './flow-a.js';
import { createInputTokenManager } from './flow-b.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A client of a fake feed with only the options given (no credentials unless they are among them). */
function clientWith(options: Partial<DocumentClientOptions>) {
  const feed = createFakeFeed();
  const client = createDocumentClient<paths>(
    { baseUrl: BASE_URL, fetch: feed.fetch, retry: false, ...options },
    meta,
  );
  return { feed, client };
}

function basicOf(feed: ReturnType<typeof createFakeFeed>): string {
  const header = feed.tokenRequests[0]?.headers.get('authorization') ?? '';
  return new TextDecoder().decode(
    Uint8Array.from(atob(header.replace(/^Basic /, '')), (c) => c.charCodeAt(0)),
  );
}

/** The error creating a client with `options` throws, or a failure when it throws none. */
function creationError(options: Partial<DocumentClientOptions>): ConfigurationError {
  const feed = createFakeFeed();
  try {
    createDocumentClient<paths>({ baseUrl: BASE_URL, fetch: feed.fetch, ...options }, meta);
  } catch (error) {
    expect(feed.requests).toHaveLength(0);
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('credentials from the environment', () => {
  it('reads FEED_CLIENT_ID and FEED_CLIENT_SECRET when the options are not given', async () => {
    vi.stubEnv('FEED_CLIENT_ID', CLIENT_ID);
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    const { feed, client } = clientWith({});
    const { response } = await client.GET(DETAIL, { params: ONE_FUND });
    expect(response.status).toBe(200);
    expect(basicOf(feed)).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
    expect(feed.feedRequests[0]?.headers.get('client_id')).toBe(CLIENT_ID);
  });

  it('an option wins over its variable, each credential on its own', async () => {
    vi.stubEnv('FEED_CLIENT_ID', 'env-id');
    vi.stubEnv('FEED_CLIENT_SECRET', 'env-secret');
    const { feed, client } = clientWith({ clientId: CLIENT_ID });
    // The fake feed refuses the mixed pair; what matters is what was sent.
    await client.GET(DETAIL, { params: ONE_FUND }).catch(() => undefined);
    expect(basicOf(feed)).toBe(`${CLIENT_ID}:env-secret`);
  });

  it('an option given as undefined (an unset process.env.X) falls back to the variable', async () => {
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    const { feed, client } = clientWith({ clientId: CLIENT_ID, clientSecret: undefined });
    await client.GET(DETAIL, { params: ONE_FUND });
    expect(basicOf(feed)).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
  });

  it.each([
    ['clientId', 'FEED_CLIENT_ID', { clientSecret: CLIENT_SECRET }],
    ['clientSecret', 'FEED_CLIENT_SECRET', { clientId: CLIENT_ID }],
  ] as const)('a missing %s is a ConfigurationError naming the option and %s', (option, variable, given) => {
    vi.stubEnv(variable, '');
    const error = creationError(given);
    expect(error.option).toBe(option);
    expect(error.message).toContain(`${option} is missing`);
    expect(error.message).toContain(variable);
  });

  it('where there is no process.env (a browser, a plain worker) the options are needed, and suffice', () => {
    vi.stubEnv('FEED_CLIENT_ID', CLIENT_ID);
    const saved = globalThis.process;
    let missing: unknown;
    let made: unknown;
    try {
      // Synchronous on purpose: nothing else runs while `process` is gone.
      (globalThis as { process?: unknown }).process = undefined;
      missing = (() => {
        try {
          return createDocumentClient<paths>({ clientSecret: CLIENT_SECRET, baseUrl: BASE_URL }, meta);
        } catch (error) {
          return error;
        }
      })();
      made = createDocumentClient<paths>(
        { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL },
        meta,
      );
    } finally {
      globalThis.process = saved;
    }
    expect(missing).toBeInstanceOf(ConfigurationError);
    expect((missing as ConfigurationError).option).toBe('clientId');
    expect(made).toHaveProperty('GET');
  });

  it("the README's line compiles under strict: process.env values are string | undefined", () => {
    vi.stubEnv('FEED_CLIENT_ID', CLIENT_ID);
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    const client = createDocumentClient<paths>(
      {
        clientId: process.env.FEED_CLIENT_ID,
        clientSecret: process.env.FEED_CLIENT_SECRET,
        baseUrl: BASE_URL,
      },
      meta,
    );
    const tokens = createTokenManager({
      clientId: process.env.FEED_CLIENT_ID,
      clientSecret: process.env.FEED_CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
    });
    expect(client.baseUrl).toBe(BASE_URL);
    expect(tokens.peek()).toBeUndefined();
  });
});

const SECRET_FAULTS: [string, string, RegExp][] = [
  ['a trailing line break', `${CLIENT_SECRET}\n`, /ends with a space or line break/],
  ['a trailing CR LF', `${CLIENT_SECRET}\r\n`, /ends with a space or line break/],
  ['a trailing space', `${CLIENT_SECRET} `, /ends with a space or line break/],
  ['a leading space', ` ${CLIENT_SECRET}`, /starts with a space or line break/],
  ['a bell inside', `${CLIENT_SECRET.slice(0, 4)}\u0007${CLIENT_SECRET.slice(4)}`, /control character/],
  ['an escape inside', `${CLIENT_SECRET.slice(0, 4)}\u001b${CLIENT_SECRET.slice(4)}`, /control character/],
];
const ID_FAULTS: [string, string, RegExp][] = [
  ['a trailing line break', `${CLIENT_ID}\n`, /ends with a space or line break/],
  ['a leading tab', `\t${CLIENT_ID}`, /starts with a space or line break/],
  ['a ":" (id:x)', 'id:x', /holds a ":"/],
  ['a DEL inside', `${CLIENT_ID}\u007fx`, /control character/],
  ['a character past Latin-1', `${CLIENT_ID}\u20ac`, /past Latin-1/],
];
const FAULTS = [
  ...SECRET_FAULTS.map(
    ([what, value, rule]) => ['clientSecret', 'FEED_CLIENT_SECRET', what, value, rule] as const,
  ),
  ...ID_FAULTS.map(([what, value, rule]) => ['clientId', 'FEED_CLIENT_ID', what, value, rule] as const),
];

describe('credentials with stray characters are refused before anything is sent', () => {
  it.each(FAULTS)('%s from %s with %s', (option, variable, _, value, rule) => {
    vi.stubEnv('FEED_CLIENT_ID', CLIENT_ID);
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    vi.stubEnv(variable, value);
    const error = creationError({});
    expect(error.option).toBe(option);
    expect(error.message).toMatch(rule);
    expect(error.message).toContain(`${option} (from ${variable})`);
    expect(error.message).toContain(`where ${variable} is set`);
    expect(error.message).not.toContain(value.trim());
  });

  it.each(FAULTS)('%s given as the option (%s unset) with %s', (option, variable, _, value, rule) => {
    vi.stubEnv(variable, '');
    const error = creationError({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, [option]: value });
    expect(error.option).toBe(option);
    expect(error.message).toMatch(rule);
    expect(error.message).toContain(`where ${option} is set`);
    expect(error.message).not.toContain(value.trim());
  });

  it('the option that passes the variable through is named with the variable', () => {
    vi.stubEnv('FEED_CLIENT_SECRET', `${CLIENT_SECRET}\n`);
    const error = creationError({ clientId: CLIENT_ID, clientSecret: process.env.FEED_CLIENT_SECRET });
    expect(error.message).toContain('clientSecret (from FEED_CLIENT_SECRET) ends with');
  });

  it('the token manager checks the same way', () => {
    expect(() =>
      createTokenManager({
        clientId: 'id:x',
        clientSecret: CLIENT_SECRET,
        tokenUrl: `${BASE_URL}/oauth/access-token`,
      }),
    ).toThrow(ConfigurationError);
  });

  it('flow B takes no credential from FEED_*, and allows a ":" in its form-encoded client id', () => {
    vi.stubEnv('FEED_CLIENT_ID', CLIENT_ID);
    vi.stubEnv('FEED_CLIENT_SECRET', CLIENT_SECRET);
    expect(() => createInputTokenManager({ clientSecret: CLIENT_SECRET } as never)).toThrow(
      /clientId is missing/,
    );
    expect(() =>
      createInputTokenManager({ clientId: 'realm:app', clientSecret: CLIENT_SECRET }),
    ).not.toThrow();
    expect(() => createInputTokenManager({ clientId: 'app', clientSecret: `${CLIENT_SECRET}\n` })).toThrow(
      /clientSecret ends with a space or line break/,
    );
  });

  it('what a portal issues passes: inner Latin-1 and UTF-8 in the secret, dashes and dots in the id', () => {
    expect(() => creationError({ clientId: 'app.client-id_01', clientSecret: 'sëcret Çlient€' })).toThrow(
      /expected a ConfigurationError/,
    );
  });
});
