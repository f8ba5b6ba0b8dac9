import { ConfigurationError } from '@assoc-feed/core';
import { describe, expect, it } from 'vitest';
import { createFundosV2InputClient } from './generated/index.js';

const INPUT = 'https://input.test.example';

function fakeInputHost(options: { firstCallStatus?: number } = {}) {
  const log: {
    method: string;
    path: string;
    auth: string | null;
    contentType: string | null;
    body: string;
  }[] = [];
  let issued = 0;
  let calls = 0;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    log.push({
      method: request.method,
      path: url.pathname,
      auth: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body: await request.text(),
    });
    if (url.pathname === '/realms/input-api/protocol/openid-connect/token') {
      issued += 1;
      return Response.json({
        access_token: `b-${issued}`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid',
      });
    }
    calls += 1;
    if (calls === 1 && options.firstCallStatus)
      return new Response('{}', { status: options.firstCallStatus });
    return Response.json({});
  };
  return { fetch, log };
}

describe('createFundosV2InputClient (flow B, input family)', () => {
  it('gets a flow B token with a form body on {auth_url} and sends it as a Bearer header', async () => {
    const { fetch, log } = fakeInputHost();
    const client = createFundosV2InputClient({
      clientId: 'in-id',
      clientSecret: 'in-secret',
      inputBaseUrl: INPUT,
      fetch,
    });
    const { response } = await client.POST('/input/titulos-privados/v1/{resource}', {
      params: { path: { resource: 'precos' } },
      body: { data: '2026-11-19' },
    });
    expect(response.status).toBe(200);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/realms/input-api/protocol/openid-connect/token',
      contentType: 'application/x-www-form-urlencoded',
      auth: null,
    });
    expect(Object.fromEntries(new URLSearchParams(log[0]?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'in-id',
      client_secret: 'in-secret',
    });
    expect(log[1]).toMatchObject({
      method: 'POST',
      path: '/input/titulos-privados/v1/precos',
      auth: 'Bearer b-1',
    });
    expect(JSON.parse(log[1]?.body ?? '')).toEqual({ data: '2026-11-19' });
  });

  it('never sends the feed headers (client_id / access_token) nor asks the flow A endpoint', async () => {
    const { fetch, log } = fakeInputHost();
    const client = createFundosV2InputClient({
      clientId: 'in-id',
      clientSecret: 'in-secret',
      inputBaseUrl: INPUT,
      fetch,
    });
    await client.POST('/external-gateway-service/api/v1/fidc/3040/{resource}', {
      params: { path: { resource: 'remessas' } },
      body: {},
    });
    expect(log.map((l) => l.path)).not.toContain('/oauth/access-token');
  });

  it('drops a token the host refused (401), so the next call asks for a new one; the POST is not replayed', async () => {
    const { fetch, log } = fakeInputHost({ firstCallStatus: 401 });
    const client = createFundosV2InputClient({
      clientId: 'in-id',
      clientSecret: 'in-secret',
      inputBaseUrl: INPUT,
      fetch,
    });
    const call = () =>
      client.POST('/input/titulos-privados/v1/{resource}', {
        params: { path: { resource: 'precos' } },
        body: {},
      });
    expect((await call()).response.status).toBe(401);
    expect((await call()).response.status).toBe(200);
    expect(log.map((l) => `${l.path} ${l.auth ?? ''}`.trim())).toEqual([
      '/realms/input-api/protocol/openid-connect/token',
      '/input/titulos-privados/v1/precos Bearer b-1',
      '/realms/input-api/protocol/openid-connect/token',
      '/input/titulos-privados/v1/precos Bearer b-2',
    ]);
  });

  it.each([
    ['plain http to a remote host', 'http://input.test.example'],
    ['an empty host', ''],
  ])('refuses %s as inputBaseUrl, naming the option', (_, inputBaseUrl) => {
    expect(() => createFundosV2InputClient({ clientId: 'a', clientSecret: 'b', inputBaseUrl })).toThrow(
      ConfigurationError,
    );
    expect(() => createFundosV2InputClient({ clientId: 'a', clientSecret: 'b', inputBaseUrl })).toThrow(
      /inputBaseUrl/,
    );
  });

  describe('host', () => {
    const call = (client: ReturnType<typeof createFundosV2InputClient>) =>
      client.POST('/input/titulos-privados/v1/{resource}', {
        params: { path: { resource: 'precos' } },
        body: {},
      });

    it('refuses every call to the placeholder host before anything is sent, naming both ways to set it', async () => {
      const { fetch, log } = fakeInputHost();
      const saved = process.env.FEED_INPUT_BASE_URL;
      delete process.env.FEED_INPUT_BASE_URL;
      try {
        const client = createFundosV2InputClient({ clientId: 'in-id', clientSecret: 'in-secret', fetch });
        const error = await call(client).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConfigurationError);
        expect(String((error as Error).message)).toMatch(/placeholder.*FEED_INPUT_BASE_URL.*inputBaseUrl/s);
        expect(String((error as Error).message)).not.toContain('in-secret');
        expect(log).toHaveLength(0);
      } finally {
        if (saved !== undefined) process.env.FEED_INPUT_BASE_URL = saved;
      }
    });

    it('takes the host from FEED_INPUT_BASE_URL when the option is absent', async () => {
      const { fetch, log } = fakeInputHost();
      const saved = process.env.FEED_INPUT_BASE_URL;
      process.env.FEED_INPUT_BASE_URL = INPUT;
      try {
        const client = createFundosV2InputClient({ clientId: 'in-id', clientSecret: 'in-secret', fetch });
        const { response } = await call(client);
        expect(response.status).toBe(200);
        expect(log.map((entry) => entry.path)).toEqual([
          '/realms/input-api/protocol/openid-connect/token',
          '/input/titulos-privados/v1/precos',
        ]);
      } finally {
        if (saved === undefined) delete process.env.FEED_INPUT_BASE_URL;
        else process.env.FEED_INPUT_BASE_URL = saved;
      }
    });
  });
});
