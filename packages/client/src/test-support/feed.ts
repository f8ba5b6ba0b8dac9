// Test fixture (excluded from the build): an in-memory Feed service to inject as `fetch`. It issues flow A
// tokens, refuses unknown or expired ones with 401, and answers one operation of each document, so a test can
// see which calls were made with which token. No test touches the network.

export const CLIENT_ID = 'feed-app';
export const CLIENT_SECRET = 'sëcret-of-the-feed-app-007';
export const BASE_URL = 'https://api.test.example';

export const V2_FUND = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
export const V1_FUND = '/feed/fundos/v1/fundos/{ANBIMAcode}';
export const VNA = '/feed/precos-indices/v1/titulos-publicos/vna';

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
}

export interface FakeFeedOptions {
  /** Runs first; return a Response to take over the call (token calls included). */
  handler?: (request: Recorded, feed: FakeFeed) => Response | undefined;
}

export interface FakeFeed {
  fetch: (request: Request) => Promise<Response>;
  requests: Recorded[];
  readonly tokenRequests: Recorded[];
  readonly feedRequests: Recorded[];
  issued: string[];
  /** Tokens the service refuses with 401 from now on (expired on its side before the client's clock says so). */
  expired: Set<string>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const errorBody = (status: number, error: string, message: string) => ({ status, error, message });

export function createFakeFeed(options: FakeFeedOptions = {}): FakeFeed {
  const feed: FakeFeed = {
    requests: [],
    issued: [],
    expired: new Set(),
    get tokenRequests() {
      return feed.requests.filter((r) => r.url.pathname === '/oauth/access-token');
    },
    get feedRequests() {
      return feed.requests.filter((r) => r.url.pathname !== '/oauth/access-token');
    },
    async fetch(request) {
      const recorded = {
        method: request.method,
        url: new URL(request.url),
        headers: new Headers(request.headers),
      };
      feed.requests.push(recorded);
      return options.handler?.(recorded, feed) ?? route(recorded);
    },
  };

  function route({ url, headers }: Recorded): Response {
    if (url.pathname === '/oauth/access-token') {
      const token = `tok-${feed.issued.length + 1}-${'z'.repeat(20)}`;
      feed.issued.push(token);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const token = headers.get('access_token');
    if (
      headers.get('client_id') !== CLIENT_ID ||
      !token ||
      !feed.issued.includes(token) ||
      feed.expired.has(token)
    ) {
      return json(
        401,
        errorBody(401, 'invalid credential or token', 'The access_token is invalid or expired.'),
      );
    }
    const v2 = /^\/feed\/fundos\/v2\/fundos\/([FCS]\d{10})$/.exec(url.pathname);
    if (v2) return json(200, { content: { codigo_fundo: v2[1] } });
    const v1 = /^\/feed\/fundos\/v1\/fundos\/(\d{6})$/.exec(url.pathname);
    if (v1) return json(200, { codigo_assoc: v1[1] });
    if (url.pathname === '/feed/precos-indices/v1/titulos-publicos/vna') {
      return json(200, [{ data_referencia: url.searchParams.get('data') ?? '2026-11-18' }]);
    }
    return json(404, errorBody(404, 'not found', `No route for ${url.pathname}.`));
  }

  return feed;
}

/** A retry sleep that records its waits and returns at once. */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
