// Client benchmark (c): 100 concurrent first calls, spread over the three documents of one createFeedClient,
// against the local bench server: how many token requests they make. The answer must be 1 (single flight: every
// call waits on the one request in flight). The reference is the number of calls.

import { startServer } from './client-http.ts';
import { loadFeedClient } from './client-modules.ts';
import type { Row } from './measure.ts';

export async function clientTokenBench(concurrent = 100): Promise<Row[]> {
  const { createFeedClient } = await loadFeedClient();
  const server = await startServer();
  try {
    let tokenRequests = 0;
    const feed = createFeedClient({
      clientId: 'bench-client',
      clientSecret: 'bench-secret',
      baseUrl: server.url,
      fetch: (request, init) => {
        if (new URL(request.url).pathname === '/oauth/access-token') tokenRequests++;
        return fetch(request, init);
      },
    });
    const call = (i: number) => {
      switch (i % 3) {
        case 0:
          return feed.fundosV2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
            params: { path: { codigo_fundo_ou_classe_ou_subclasse: `F${String(i).padStart(10, '0')}` } },
          });
        case 1:
          return feed.fundosV1.GET('/feed/fundos/v1/fundos/{ANBIMAcode}', {
            params: { path: { ANBIMAcode: String(100000 + i) } },
          });
        default:
          return feed.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/vna', {});
      }
    };
    const results = await Promise.all(Array.from({ length: concurrent }, (_, i) => call(i)));
    const answered = results.filter((r) => r.response.ok).length;
    return [
      {
        benchmark: `client (c): ${concurrent} concurrent first calls over the three documents, token requests`,
        figure: `${tokenRequests} (${answered} of ${concurrent} calls answered)`,
        reference: `${concurrent} calls`,
        ratio: tokenRequests === 1 && answered === concurrent ? 'ok' : 'FAIL',
        target: '1',
      },
    ];
  } finally {
    server.child.kill();
  }
}
