// createFeedClient against Prism on the joined spec (`startMock()`): the spec's own token endpoint and
// examples, so the clients' requests and the spec agree on paths, headers and parameters for every document.

import { type RunningServer, startMock } from '@assoc-feed/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFeedClient } from './index.js';

let mock: RunningServer;
beforeAll(async () => {
  mock = await startMock();
}, 60_000);
afterAll(() => mock?.stop());

it('answers one call of each document from the spec examples, with one token', async () => {
  const paths: string[] = [];
  const feed = createFeedClient({
    clientId: 'mock-client',
    clientSecret: 'mock-secret',
    baseUrl: mock.url,
    throwOnError: true,
    fetch: (request) => {
      paths.push(new URL(request.url).pathname);
      return fetch(request);
    },
  });
  const [fund, v1, curves] = await Promise.all([
    feed.fundosV2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000254851' } },
    }),
    feed.fundosV1.GET('/feed/fundos/v1/fundos', { params: { query: { size: 10 } } }),
    feed.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/curvas-juros', {
      params: { query: { data: '2026-11-18' } },
    }),
  ]);
  expect(fund.response.status).toBe(200);
  expect(fund.data).toBeTypeOf('object');
  expect(Array.isArray(v1.data?.content)).toBe(true);
  expect(curves.response.status).toBe(200);
  expect(paths.filter((p) => p === '/oauth/access-token')).toHaveLength(1);
  expect(paths).toHaveLength(4);
});
