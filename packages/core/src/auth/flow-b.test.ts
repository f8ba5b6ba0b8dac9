import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../client/create-document-client.js';
import { environments } from '../environments/environments.js';
import { ConfigurationError, TokenResponseError } from '../errors/errors.js';
import { BASE_URL, CLIENT_ID, CLIENT_SECRET, json, meta } from '../test-support/fixtures.js';
import { createTokenManager, type TokenManager } from './flow-a.js';
import { bearerAuthMiddleware, createInputTokenManager, FLOW_B_TOKEN_PATH } from './flow-b.js';

function recorder(
  answer: (request: Request) => Response = () =>
    json(200, { access_token: 'in-tok', token_type: 'Bearer', expires_in: 3600, scope: 'openid' }),
) {
  const seen: { url: string; headers: Headers; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ url: request.url, headers: new Headers(request.headers), body: await request.text() });
    return answer(request);
  };
  return { seen, fetch };
}

describe('flow B token manager (input family)', () => {
  it('posts the standard client-credentials form to the default input URL', async () => {
    const { seen, fetch } = recorder();
    const tokens = createInputTokenManager({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch });
    expect(await tokens.getToken()).toBe('in-tok');
    const [request] = seen;
    expect(request?.url).toBe(`${environments.production.inputBaseUrl}${FLOW_B_TOKEN_PATH}`);
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
  });

  it('caches like flow A: one request for concurrent callers', async () => {
    const { seen, fetch } = recorder();
    const tokens = createInputTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch,
      inputBaseUrl: 'http://localhost:9000',
    });
    await Promise.all(Array.from({ length: 20 }, () => tokens.getToken()));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`http://localhost:9000${FLOW_B_TOKEN_PATH}`);
  });

  it('accepts only token_type Bearer', async () => {
    const { fetch } = recorder(() =>
      json(200, { access_token: 'in-tok', token_type: 'access_token', expires_in: 3600 }),
    );
    const tokens = createInputTokenManager({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch });
    await expect(tokens.getToken()).rejects.toBeInstanceOf(TokenResponseError);
  });

  // 401: expired or unknown; 403: possibly revoked (document 1), for which a new token is the only remedy.
  it.each([401, 403])(
    'bearerAuthMiddleware sends Authorization: Bearer and drops the token after a %i',
    async (status) => {
      let issued = 0;
      let refuse = true;
      const calls: (string | null)[] = [];
      const fetch = async (request: Request) => {
        if (request.url.endsWith(FLOW_B_TOKEN_PATH))
          return json(200, { access_token: `in-${++issued}`, token_type: 'Bearer', expires_in: 3600 });
        calls.push(request.headers.get('authorization'));
        const answer = refuse ? json(status, { status }) : json(200, {});
        refuse = false;
        return answer;
      };
      const tokens = createInputTokenManager({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch });
      const client = createClient<Record<string, never>>({ baseUrl: 'https://input.assoc.example', fetch });
      client.use(bearerAuthMiddleware(tokens));
      const call = () =>
        (client as unknown as { POST: (p: string, i: object) => Promise<{ response: Response }> }).POST(
          '/input/titulos-privados/v1/x',
          { body: {} },
        );
      expect((await call()).response.status).toBe(status);
      expect((await call()).response.status).toBe(200);
      expect(calls).toEqual(['Bearer in-1', 'Bearer in-2']);
    },
  );
});

describe('flow A and flow B never mix', () => {
  it("flow A's manager only calls the flow A URL, flow B's only the flow B URL", async () => {
    const a = recorder(() => json(200, { access_token: 'a-tok', token_type: 'Bearer', expires_in: 3600 }));
    const b = recorder();
    const flowA = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: a.fetch,
    });
    const flowB = createInputTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: b.fetch,
    });
    for (let i = 0; i < 3; i++) {
      await flowA.getToken();
      await flowB.getToken();
      flowA.invalidate('a-tok');
      flowB.invalidate('in-tok');
    }
    expect(a.seen.length).toBe(3);
    expect(b.seen.length).toBe(3);
    expect(
      a.seen.every(
        (r) =>
          r.url === `${BASE_URL}/oauth/access-token` && r.headers.get('authorization')?.startsWith('Basic '),
      ),
    ).toBe(true);
    expect(a.seen.some((r) => r.url.includes(FLOW_B_TOKEN_PATH))).toBe(false);
    expect(b.seen.every((r) => r.url.endsWith(FLOW_B_TOKEN_PATH) && !r.headers.has('authorization'))).toBe(
      true,
    );
    expect(b.seen.some((r) => r.url.includes('/oauth/access-token'))).toBe(false);
  });

  it('a document client refuses a flow B manager, and the bearer middleware a flow A one', () => {
    const flowB = createInputTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: recorder().fetch,
    });
    const flowA = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
    });
    const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL };
    // @ts-expect-error the types keep the flows apart too
    expect(() => createDocumentClient({ ...options, tokenManager: flowB }, meta)).toThrow(ConfigurationError);
    // @ts-expect-error likewise
    expect(() => bearerAuthMiddleware(flowA)).toThrow(/flow B manager/);
    expect(() =>
      createDocumentClient({ ...options, tokenManager: flowA as TokenManager }, meta),
    ).not.toThrow();
  });
});
