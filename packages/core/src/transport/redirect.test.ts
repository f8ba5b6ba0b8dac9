// Redirects never take the credentials elsewhere. Real loopback servers (two ports are two origins) and Node's
// own fetch, because what is at stake is what fetch would do with a redirect; the https cases and the browser's
// opaque redirect are played by a fake fetch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../client/create-document-client.js';
import { FeedError } from '../errors/errors.js';
import { CLIENT_ID, CLIENT_SECRET, createFakeFeed, meta, type paths } from '../test-support/fixtures.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const token = (res: ServerResponse, value: string) =>
  sendJson(res, 200, { access_token: value, token_type: 'Bearer', expires_in: 3600 });

/** A feed whose token endpoint works and whose every other path answers `feed`. */
function feedServer(feed: (req: IncomingMessage, res: ServerResponse) => void) {
  return serve((req, res) => (req.url === '/oauth/access-token' ? token(res, 'our-token') : feed(req, res)));
}

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const client = (baseUrl: string, fetch?: (r: Request) => Promise<Response>) =>
  createDocumentClient<paths>(
    { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl, retry: false, ...(fetch ? { fetch } : {}) },
    meta,
  );
const getFund = (c: ReturnType<typeof client>) =>
  c.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } });

async function failure(call: Promise<unknown>): Promise<FeedError> {
  const error = await call.then(
    (value) => new Error(`expected a rejection, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof FeedError)) throw error;
  return error;
}

describe('redirects of feed calls', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to another origin is refused, naming the redirect and the target origin; the other host gets no request',
    async (status) => {
      const other = await serve((_, res) => sendJson(res, 200, { content: { stolen: true } }));
      const feed = await feedServer((req, res) =>
        res.writeHead(status, { location: `${other.url}${req.url}` }).end(),
      );
      const error = await failure(getFund(client(feed.url)));
      expect(error.code).toBe('redirect_refused');
      expect(error.message).toContain(String(status));
      expect(error.message).toContain(other.url);
      expect((error as FeedError & { targetOrigin?: string }).targetOrigin).toBe(other.url);
      expect(other.seen).toEqual([]);
    },
  );

  it('a redirect on the same origin is followed, with the credentials (they stay where they were sent)', async () => {
    const feed = await feedServer((req, res) => {
      if (req.url?.startsWith('/moved')) sendJson(res, 200, { content: { codigo_fundo: 'F0000000001' } });
      else res.writeHead(301, { location: `/moved${req.url}` }).end();
    });
    const result = await getFund(client(feed.url));
    expect(result.data).toEqual({ content: { codigo_fundo: 'F0000000001' } });
    const moved = feed.seen.find((s) => s.url.startsWith('/moved'));
    expect(moved?.headers.access_token).toBe('our-token');
  });

  it('a redirect loop on the same origin ends with a RedirectError, not a hang', async () => {
    const feed = await feedServer((req, res) => res.writeHead(302, { location: req.url ?? '/' }).end());
    expect((await failure(getFund(client(feed.url)))).code).toBe('redirect_refused');
  });

  it('from https to http is refused, and nothing is sent over http', async () => {
    const fake = createFakeFeed({
      handler: (req) =>
        req.url.protocol === 'https:' && req.url.pathname.startsWith('/feed/')
          ? new Response(null, {
              status: 301,
              headers: { location: `http://${req.url.host}${req.url.pathname}` },
            })
          : undefined,
    });
    const error = await failure(getFund(client('https://api.test.example', fake.fetch)));
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toMatch(/https to http/);
    expect(fake.requests.every((r) => r.url.protocol === 'https:')).toBe(true);
  });

  it('in a browser (an opaque redirect, whose target is hidden) every redirect is refused', async () => {
    const fake = createFakeFeed({
      handler: (req) => {
        if (!req.url.pathname.startsWith('/feed/')) return undefined;
        const opaque = new Response(null, { status: 200 });
        Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
        Object.defineProperty(opaque, 'status', { value: 0 });
        Object.defineProperty(opaque, 'ok', { value: false });
        return opaque;
      },
    });
    const error = await failure(getFund(client('https://api.test.example', fake.fetch)));
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toMatch(/browser/);
  });

  it("asks fetch not to follow redirects itself, on feed and token requests (fetch's redirect: 'manual')", async () => {
    const modes: string[] = [];
    const fake = createFakeFeed();
    await getFund(
      client('https://api.test.example', (request) => {
        modes.push(request.redirect);
        return fake.fetch(request);
      }),
    );
    expect(modes).toEqual(['manual', 'manual']);
  });
});

describe('redirects of the token request', () => {
  it('are never followed, even on the same origin: the call fails and the redirect target gets nothing', async () => {
    const feed = await serve((req, res) => {
      if (req.url === '/oauth/access-token') res.writeHead(307, { location: '/elsewhere/token' }).end();
      else if (req.url === '/elsewhere/token') token(res, 'token-from-elsewhere');
      else sendJson(res, 200, { content: {} });
    });
    const error = await failure(getFund(client(feed.url)));
    expect(error.code).toBe('redirect_refused');
    expect(feed.seen.map((s) => s.url)).toEqual(['/oauth/access-token']);
  });

  it('to another host: the token it hands out is never used, and the feed gets no call', async () => {
    const other = await serve((_, res) => token(res, 'planted-token'));
    const feed = await serve((req, res) => {
      if (req.url === '/oauth/access-token') res.writeHead(302, { location: `${other.url}/token` }).end();
      else sendJson(res, 200, { content: { codigo_fundo: 'F0000000001' } });
    });
    const error = await failure(getFund(client(feed.url)));
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toContain(other.url);
    expect(other.seen).toEqual([]);
    expect(feed.seen.some((s) => s.headers.access_token === 'planted-token')).toBe(false);
  });
});
