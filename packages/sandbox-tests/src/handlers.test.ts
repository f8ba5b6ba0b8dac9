// The sandbox as request handlers (@assoc-feed/sandbox/msw) in Node: every feed operation through its typed
// client with MSW intercepting the global fetch, and the same answers, byte for byte, as startSandbox() over
// HTTP with the same seed and clock: one pipeline behind both (tokens, paging, filters, date rules, errors).
import { type RunningSandbox, startSandbox } from '@assoc-feed/sandbox';
import { createSandboxHandlers } from '@assoc-feed/sandbox/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Clients,
  clientsFor,
  documents,
  NOW,
  paramsFor,
  type SampleCodes,
  sampleCodes,
  validateBody,
} from './harness.js';

const FUNDS = 400;
const sandbox = createSandboxHandlers({ funds: FUNDS, now: () => NOW, entitlements: ['E5'] });
const server = setupServer(...sandbox.handlers);
let overHttp: RunningSandbox;
let clients: Clients;
let codes: SampleCodes;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  overHttp = await startSandbox({ funds: FUNDS, now: () => NOW, entitlements: ['E5'] });
  clients = clientsFor(sandbox);
  codes = await sampleCodes(clients);
});
afterAll(async () => {
  server.close();
  await overHttp?.stop();
});

type LooseGet = (
  path: string,
  init: { params: ReturnType<typeof paramsFor> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

const feedGets = documents.flatMap(({ name, meta }) =>
  Object.values(meta.operations)
    .filter((op) => op.method === 'get' && op.auth === 'flowA')
    .map((op) => [`${op.documentId ?? op.operationId} ${op.path}`, name, op] as const),
);

describe('every feed operation through its typed client against the sandbox handlers', () => {
  it('covers every feed GET of the three documents', () => {
    expect(feedGets.length).toBeGreaterThanOrEqual(55);
  });

  it.each(feedGets)(
    '%s: 200, valid against the spec, the same body as the sandbox over HTTP',
    async (_, document, op) => {
      const get = clients[document].GET as unknown as LooseGet;
      const params = paramsFor(op, codes);
      const { data, error, response } = await get(op.path, { params });
      expect(error, JSON.stringify(error)).toBeUndefined();
      expect(response.status).toBe(200);
      expect(validateBody('get', op.path, 200, data)).toEqual([]);
      const http = await (clientsFor(overHttp)[document].GET as unknown as LooseGet)(op.path, { params });
      expect(data).toEqual(http.data);
    },
  );
});

describe('the stateful behaviour, in-process', () => {
  const E1 = `${sandbox.url}/feed/fundos/v2/fundos`;

  it('401 without the flow A headers, as the service answers (a bare string from the gateway, public-client evidence, item 12)', async () => {
    const response = await fetch(E1);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatch(/client_id/);
  });

  it('paging with totals, and 404 past the last page', async () => {
    const v2 = clients['fundos-v2'];
    const last = await v2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 100, page: 3 } } });
    expect(last.data).toMatchObject({ totalSize: FUNDS, pageable: { page: 3, size: 100 } });
    const past = await v2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 100, page: 4 } } });
    expect(past.response.status).toBe(404);
  });

  it('a revoked token answers 403, then the client gets a new token', async () => {
    const v2 = clientsFor(sandbox)['fundos-v2'];
    expect((await v2.GET('/feed/fundos/v2/fundos', {})).response.status).toBe(200);
    sandbox.revokeTokens();
    expect((await v2.GET('/feed/fundos/v2/fundos', {})).response.status).toBe(403);
    expect((await v2.GET('/feed/fundos/v2/fundos', {})).response.status).toBe(200);
  });

  it('answers a fetch without MSW as well: the in-process fetch to give a client', async () => {
    const response = await sandbox.fetch(`${sandbox.url}/feed/fundos/v2/fundos`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('access_token');
  });
});
