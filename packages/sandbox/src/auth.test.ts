// Flow A and flow B: token calls, expiry on an injected clock, the 401/400 bodies, the input family's calls,
// and that no secret or token ever appears in an answer or in the log.

import { createResponseValidator } from '@assoc-feed/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';
import { loadSpec } from './spec-reader/load.js';

const validate = createResponseValidator(loadSpec());
let clock = Date.parse('2026-11-19T21:00:00-03:00');
const log: string[] = [];
let sandbox: RunningSandbox;

const FUNDS = '/feed/fundos/v2/fundos?size=1';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function requestToken(init: { authorization?: string; contentType?: string; body?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.authorization !== undefined) headers.authorization = init.authorization;
  if (init.contentType !== undefined) headers['content-type'] = init.contentType;
  const res = await fetch(`${sandbox.url}/oauth/access-token`, {
    method: 'POST',
    headers,
    body: init.body ?? JSON.stringify({ grant_type: 'client_credentials' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const good = () => ({
  authorization: basic(sandbox.clientId, sandbox.clientSecret),
  contentType: 'application/json',
});

beforeAll(async () => {
  sandbox = await startSandbox({
    now: () => clock,
    tokenTtlSeconds: 600,
    clientId: 'team-a',
    clientSecret: 's3cr3t-value-42',
    log: (line) => log.push(line),
  });
});
afterAll(() => sandbox.stop());

describe('flow A token', () => {
  it('issues a Bearer token valid for the configured TTL, answering 201 Created as the service does', async () => {
    const { status, body } = await requestToken(good());
    expect(status).toBe(201);
    expect(validate('post', '/oauth/access-token', 201, body)).toEqual([]);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
  });

  it('takes the same grant as a form body (application/x-www-form-urlencoded), as the service does', async () => {
    const form = { ...good(), contentType: 'application/x-www-form-urlencoded' };
    const ok = await requestToken({ ...form, body: 'grant_type=client_credentials' });
    expect(ok.status).toBe(201);
    expect(validate('post', '/oauth/access-token', 201, ok.body)).toEqual([]);
    const cases: [string, number][] = [
      ['grant_type=password', 400],
      ['', 400],
      ['grant_type=client_credentials&scope=x', 400],
    ];
    for (const [body, expected] of cases) {
      const res = await requestToken({ ...form, body });
      expect(res.status, body).toBe(expected);
      expect(res.body.error, body).toBe('invalid authentication request');
    }
    const wrong = await requestToken({
      authorization: basic('team-a', 'wrong'),
      contentType: form.contentType,
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
  });

  it('answers 400 for a malformed request and 401 for wrong credentials, with the Error body', async () => {
    const cases: [Parameters<typeof requestToken>[0], number][] = [
      [{ contentType: 'application/json' }, 400],
      [{ authorization: 'Bearer abc', contentType: 'application/json' }, 400],
      [{ authorization: 'Basic bm9jb2xvbg==', contentType: 'application/json' }, 400],
      [{ ...good(), contentType: 'text/plain' }, 400],
      [{ ...good(), body: '{"grant_type":' }, 400],
      [{ ...good(), body: '{"grant_type":"password"}' }, 400],
      [{ ...good(), body: '{"grant_type":"client_credentials","scope":"x"}' }, 400],
      [{ ...good(), body: '[]' }, 400],
      [{ authorization: basic('team-a', 'wrong'), contentType: 'application/json' }, 401],
      [{ authorization: basic('someone', 's3cr3t-value-42'), contentType: 'application/json' }, 401],
    ];
    for (const [init, expected] of cases) {
      const { status, body } = await requestToken(init);
      expect(status, JSON.stringify(init)).toBe(expected);
      expect(validate('post', '/oauth/access-token', expected, body)).toEqual([]);
      if (expected === 400) expect(body.error).toBe('invalid authentication request');
    }
  });

  it('a token expires after expires_in seconds on the sandbox clock; a new one works', async () => {
    const call = sandboxFetch(sandbox);
    expect((await call(FUNDS)).status).toBe(200);
    clock += 599_000;
    expect((await call(FUNDS)).status).toBe(200);
    clock += 1_000;
    const expired = await call(FUNDS);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    expect((await sandboxFetch(sandbox)(FUNDS)).status).toBe(200);
  });

  it('by default a token lasts 3600 s', async () => {
    let now = Date.parse('2026-11-19T21:00:00-03:00');
    const plain = await startSandbox({ now: () => now });
    try {
      const call = sandboxFetch(plain);
      const token = await fetch(`${plain.url}/oauth/access-token`, {
        method: 'POST',
        headers: {
          authorization: basic(plain.clientId, plain.clientSecret),
          'content-type': 'application/json',
        },
        body: '{"grant_type":"client_credentials"}',
      });
      expect(await token.json()).toMatchObject({ expires_in: 3600 });
      expect((await call(FUNDS)).status).toBe(200);
      now += 3_599_000;
      expect((await call(FUNDS)).status).toBe(200);
      now += 1_000;
      expect((await call(FUNDS)).status).toBe(401);
    } finally {
      await plain.stop();
    }
  });

  it('feed calls need both headers, the right client_id and a live token', async () => {
    const { body } = await requestToken(good());
    const token = body.access_token as string;
    const get = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}${FUNDS}`, { headers }).then((r) => r.status);
    expect(await get({ client_id: 'team-a', access_token: token })).toBe(200);
    expect(await get({ access_token: token })).toBe(401);
    expect(await get({ client_id: 'team-a' })).toBe(401);
    expect(await get({ client_id: 'team-b', access_token: token })).toBe(401);
    expect(await get({ client_id: 'team-a', access_token: `${token}x` })).toBe(401);
    expect(await get({ client_id: 'team-a', access_token: token, authorization: `Bearer ${token}` })).toBe(
      200,
    );
  });

  it('a revoked token answers 403 (document 1: token revoked) on feed and input calls; a new token works', async () => {
    const feedToken = (await requestToken(good())).body.access_token as string;
    const inputToken = (
      (await (
        await fetch(`${sandbox.url}/realms/input-api/protocol/openid-connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=team-a&client_secret=s3cr3t-value-42',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const feedCall = () =>
      fetch(`${sandbox.url}${FUNDS}`, { headers: { client_id: 'team-a', access_token: feedToken } });
    const inputPath = '/input/titulos-privados/v1/envio';
    const inputCall = () =>
      fetch(`${sandbox.url}${inputPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${inputToken}` },
        body: '{}',
      });
    expect((await feedCall()).status).toBe(200);
    expect((await inputCall()).status).toBe(200);
    sandbox.revokeTokens();
    for (const [res, method, path] of [
      [await feedCall(), 'get', '/feed/fundos/v2/fundos'],
      [await inputCall(), 'post', '/input/titulos-privados/v1/{resource}'],
    ] as const) {
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; message: string };
      expect(validate(method, path, 403, body)).toEqual([]);
      expect(body).toMatchObject({
        error: 'access not authorized',
        message: expect.stringMatching(/revoked/),
      });
    }
    expect((await sandboxFetch(sandbox)(FUNDS)).status).toBe(200);
  });
});

describe('flow B and the input family', () => {
  const tokenPath = '/realms/input-api/protocol/openid-connect/token';
  const form = (fields: Record<string, string>) =>
    fetch(`${sandbox.url}${tokenPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('issues a token for the form body; rejects JSON, missing fields and wrong credentials', async () => {
    const ok = await form({
      grant_type: 'client_credentials',
      client_id: 'team-a',
      client_secret: 's3cr3t-value-42',
    });
    const body = await ok.json();
    expect(ok.status).toBe(200);
    expect(validate('post', tokenPath, 200, body)).toEqual([]);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid', expires_in: 600 });
    const missing = await form({ grant_type: 'client_credentials', client_id: 'team-a' });
    expect(missing.status).toBe(400);
    expect(validate('post', tokenPath, 400, await missing.json())).toEqual([]);
    const wrong = await form({
      grant_type: 'client_credentials',
      client_id: 'team-a',
      client_secret: 'nope',
    });
    expect(wrong.status).toBe(401);
    const json = await fetch(`${sandbox.url}${tokenPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'team-a',
        client_secret: 's3cr3t-value-42',
      }),
    });
    expect(json.status).toBe(400);
  });

  it('input calls take a flow B Bearer token (never a flow A one) and answer {} for a JSON object', async () => {
    const flowB = (
      (await (
        await form({
          grant_type: 'client_credentials',
          client_id: 'team-a',
          client_secret: 's3cr3t-value-42',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const flowA = (await requestToken(good())).body.access_token as string;
    for (const path of [
      '/input/titulos-privados/v1/envio',
      '/external-gateway-service/api/v1/fidc/3040/arquivos',
    ]) {
      const post = (authorization: string | undefined, body = '{"a":1}') =>
        fetch(`${sandbox.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body,
        });
      const ok = await post(`Bearer ${flowB}`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({});
      const noToken = await post(undefined);
      expect(noToken.status).toBe(401);
      expect(validate('post', path.replace(/[^/]+$/, '{resource}'), 401, await noToken.json())).toEqual([]);
      expect((await post(`Bearer ${flowA}`)).status).toBe(401);
      expect((await post(`Bearer ${flowB}`, '[1,2]')).status).toBe(400);
    }
    const feedWithFlowB = await fetch(`${sandbox.url}${FUNDS}`, {
      headers: { client_id: 'team-a', access_token: flowB },
    });
    expect(feedWithFlowB.status).toBe(401);
  });
});

describe('input calls with a body that is not a JSON object', () => {
  it.each([
    ['an array', '[1,2]'],
    ['a string', '"text"'],
    ['a number', '42'],
    ['null', 'null'],
    ['not JSON', 'grant_type=x'],
  ])('%s answers the declared 400 with the error body', async (_, body) => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'team-a',
      client_secret: 's3cr3t-value-42',
    });
    const token = (
      (await (
        await fetch(`${sandbox.url}/realms/input-api/protocol/openid-connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        })
      ).json()) as { access_token: string }
    ).access_token;
    for (const [path, template] of [
      ['/input/titulos-privados/v1/envio', '/input/titulos-privados/v1/{resource}'],
      [
        '/external-gateway-service/api/v1/fidc/3040/arquivos',
        '/external-gateway-service/api/v1/fidc/3040/{resource}',
      ],
    ] as const) {
      const res = await fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      expect(res.status).toBe(400);
      expect(validate('post', template, 400, await res.json())).toEqual([]);
    }
  });
});

describe('secrets stay secret', () => {
  it('no answer body or log line carries the secret or a token', async () => {
    const issued = (await requestToken(good())).body.access_token as string;
    const bodies: string[] = [];
    for (const [auth, body] of [
      [basic('team-a', 's3cr3t-value-42'), '{"grant_type":"x"}'],
      [basic('team-a', 'wrong-secret-99'), undefined],
    ] as const) {
      bodies.push(
        JSON.stringify(
          (
            await requestToken({
              authorization: auth,
              contentType: 'application/json',
              ...(body ? { body } : {}),
            })
          ).body,
        ),
      );
    }
    const res = await fetch(`${sandbox.url}/feed/fundos/v2/fundos?size=99999`, {
      headers: { client_id: 'team-a', access_token: issued },
    });
    bodies.push(await res.text());
    const all = `${bodies.join('\n')}\n${log.join('\n')}`;
    expect(all).not.toContain('s3cr3t-value-42');
    expect(all).not.toContain('wrong-secret-99');
    expect(all).not.toContain(issued);
    expect(log.some((line) => line.includes('/oauth/access-token'))).toBe(true);
  });
});
