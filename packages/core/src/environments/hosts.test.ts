// The documents name no host, so the environments' hosts are placeholders. A team sets the real ones once (the
// `hosts` option, or FEED_BASE_URL / FEED_SANDBOX_BASE_URL); until then a call fails before anything is sent,
// with a ConfigurationError that says how to set them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocumentClient } from '../client/create-document-client.js';
import { ConfigurationError } from '../errors/errors.js';
import { CLIENT_ID, CLIENT_SECRET, createFakeFeed, meta, type paths } from '../test-support/fixtures.js';
import { ENVIRONMENT_VARIABLE, environments, HOST_VARIABLES, resolveService } from './environments.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('resolveService', () => {
  it.each([
    ['production', 'FEED_BASE_URL', 'https://feed.real.example.com'],
    ['sandbox', 'FEED_SANDBOX_BASE_URL', 'https://sandbox.real.example.com'],
  ] as const)('%s: %s sets the host', (environment, variable, host) => {
    vi.stubEnv(variable, `${host}/`);
    expect(HOST_VARIABLES[environment]).toBe(variable);
    expect(resolveService({ environment })).toEqual({ baseUrl: host });
  });

  it.each([
    [{ environment: 'sandbox' as const }, { baseUrl: environments.sandbox.baseUrl, placeholder: 'sandbox' }],
    [
      { environment: 'sandbox' as const, hosts: { sandbox: 'https://option.example.com' } },
      { baseUrl: 'https://option.example.com' },
    ],
    [
      { environment: 'sandbox' as const, hosts: { production: 'https://option.example.com' } },
      { baseUrl: 'https://env.example.com' },
    ],
    [
      {
        environment: 'sandbox' as const,
        baseUrl: 'http://127.0.0.1:4011',
        hosts: { sandbox: 'https://x.example.com' },
      },
      { baseUrl: 'http://127.0.0.1:4011' },
    ],
  ])('%j -> %j (option over variable, baseUrl over both)', (options, expected) => {
    if (!('placeholder' in expected)) vi.stubEnv('FEED_SANDBOX_BASE_URL', 'https://env.example.com');
    expect(resolveService(options)).toEqual(expected);
  });

  it("the production variable does not set the sandbox's host (credentials differ)", () => {
    vi.stubEnv('FEED_BASE_URL', 'https://feed.real.example.com');
    expect(resolveService({ environment: 'sandbox' }).placeholder).toBe('sandbox');
  });

  it.each([
    ['the option', { hosts: { production: 'http://feed.real.example.com' } }, undefined, 'hosts.production'],
    ['the variable', {}, 'http://feed.real.example.com', 'FEED_BASE_URL'],
  ])('a bad host from %s is refused naming where it came from', (_, options, env, option) => {
    if (env) vi.stubEnv('FEED_BASE_URL', env);
    expect(() => resolveService({ environment: 'production', ...options })).toThrow(
      expect.objectContaining({ option, message: expect.stringContaining('must use https') }),
    );
  });
});

describe('FEED_ENVIRONMENT: the environment when code gives neither environment nor baseUrl', () => {
  it.each([
    ['sandbox', {}, 'https://sandbox.real.example.com'],
    ['production', {}, 'https://feed.real.example.com'],
    ['sandbox', { environment: 'production' as const }, 'https://feed.real.example.com'],
    ['production', { baseUrl: 'http://127.0.0.1:4011' }, 'http://127.0.0.1:4011'],
  ])('FEED_ENVIRONMENT=%s with %j calls %s (code wins over the variable)', (value, options, baseUrl) => {
    vi.stubEnv(ENVIRONMENT_VARIABLE, value);
    vi.stubEnv('FEED_BASE_URL', 'https://feed.real.example.com');
    vi.stubEnv('FEED_SANDBOX_BASE_URL', 'https://sandbox.real.example.com');
    expect(resolveService(options)).toEqual({ baseUrl });
  });

  it.each([
    ['unset', undefined, /No environment chosen: .*set FEED_ENVIRONMENT/],
    ['empty', '', /No environment chosen: .*set FEED_ENVIRONMENT/],
    [
      'unknown',
      'staging',
      /FEED_ENVIRONMENT="staging" names no environment: set it to production or sandbox/,
    ],
  ])('%s is refused, naming the fix', (_, value, message) => {
    vi.stubEnv(ENVIRONMENT_VARIABLE, value);
    expect(() => resolveService({})).toThrow(ConfigurationError);
    expect(() => resolveService({})).toThrow(message);
  });

  it('is all a client created with only its credentials needs', async () => {
    vi.stubEnv(ENVIRONMENT_VARIABLE, 'sandbox');
    vi.stubEnv('FEED_SANDBOX_BASE_URL', 'https://sandbox.real.example.com');
    const feed = createFakeFeed();
    const client = createDocumentClient<paths>(
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch: feed.fetch },
      meta,
    );
    const { response } = await client.GET('/feed/fundos/v2/fundos');
    expect(response.status).toBe(200);
    expect(new Set(feed.requests.map((r) => r.url.origin))).toEqual(
      new Set(['https://sandbox.real.example.com']),
    );
  });
});

describe('a client on a placeholder host', () => {
  it.each(['production', 'sandbox'] as const)(
    '%s: the call fails before any I/O, saying how to set the host',
    async (environment) => {
      const feed = createFakeFeed();
      const client = createDocumentClient<paths>(
        { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, environment, fetch: feed.fetch },
        meta,
      );
      expect(client.baseUrl).toBe(environments[environment].baseUrl);
      const call = client.GET('/feed/fundos/v2/fundos');
      await expect(call).rejects.toBeInstanceOf(ConfigurationError);
      const error = (await call.catch((e: unknown) => e)) as ConfigurationError;
      expect(error.option).toBe('hosts');
      expect(error.message).toContain('placeholder');
      expect(error.message).toContain(HOST_VARIABLES[environment]);
      expect(error.message).toContain(`hosts: { ${environment}: 'https://…' }`);
      expect(feed.requests).toEqual([]); // not even the token request
    },
  );

  it('calls the host set in the environment', async () => {
    vi.stubEnv('FEED_SANDBOX_BASE_URL', 'https://sandbox.real.example.com');
    const feed = createFakeFeed();
    const client = createDocumentClient<paths>(
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, environment: 'sandbox', fetch: feed.fetch },
      meta,
    );
    const { response } = await client.GET('/feed/fundos/v2/fundos');
    expect(response.status).toBe(200);
    expect(feed.requests.map((r) => r.url.origin)).toEqual([
      'https://sandbox.real.example.com',
      'https://sandbox.real.example.com',
    ]);
  });
});
