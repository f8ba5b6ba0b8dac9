import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocumentClient } from '../client/create-document-client.js';
import { TimeoutError } from '../errors/errors.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  type FakeFeedOptions,
  json,
  meta,
  type paths,
} from '../test-support/fixtures.js';
import { CallRequest, isPlainCall } from './call-request.js';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const params = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } };

interface Sent {
  input: RequestInfo | URL;
  init: RequestInit | undefined;
  /** The headers as they were when sent (a replay changes the same Headers later). */
  headers: Record<string, string>;
}

/** The global fetch replaced by the fake feed; what each call handed it. */
function stubGlobalFetch(options: FakeFeedOptions = {}) {
  const feed = createFakeFeed(options);
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({ input, init, headers: Object.fromEntries(request.headers) });
    return feed.fetch(request);
  });
  const feedCalls = () =>
    sent.filter(
      (s) => !String(s.input instanceof Request ? s.input.url : s.input).endsWith('/oauth/access-token'),
    );
  return { feed, sent, feedCalls };
}

const client = () =>
  createDocumentClient<paths>({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL }, meta);

afterEach(() => vi.unstubAllGlobals());

describe('isPlainCall', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['params and parseAs', { params: {}, parseAs: 'json', own: {} }, true],
    ['headers and serializers', { headers: {}, querySerializer: {}, pathSerializer: () => '' }, true],
    ['a body', { params: {}, body: {} }, false],
    ['a cache mode', { cache: 'no-store' }, false],
    ['per-call middleware', { middleware: [] }, false],
    ['a fetch of its own', { fetch: () => {} }, false],
  ])('%s -> %s', (_, init, plain) => {
    expect(isPlainCall(init, 'own')).toBe(plain);
  });
});

describe('CallRequest', () => {
  it('keeps the Headers it is given (no copy) and defaults like a Request', () => {
    const headers = new Headers({ a: '1' });
    const request = new CallRequest(`${BASE_URL}/x`, { headers });
    expect(request.headers).toBe(headers);
    expect([request.method, request.redirect, request.body]).toEqual(['GET', 'follow', null]);
  });
});

describe('a document client on the default fetch', () => {
  it('sends each call as a URL and an init: method, flow A headers, manual redirects and the deadline signal', async () => {
    const { feedCalls } = stubGlobalFetch();
    const { data } = await client().GET(DETAIL, { params });
    expect(data?.content.codigo_fundo).toBe('F0000000001');
    const [call] = feedCalls();
    expect(call?.input).toBe(`${BASE_URL}/feed/fundos/v2/fundos/F0000000001`);
    expect(call?.init).toMatchObject({ method: 'GET', redirect: 'manual' });
    expect(call?.init?.signal).toBeInstanceOf(AbortSignal);
    expect(call?.headers).toMatchObject({ client_id: CLIENT_ID, access_token: expect.any(String) });
  });

  it('the token request (a POST with a body) goes as a whole Request', async () => {
    const { sent } = stubGlobalFetch();
    await client().GET(DETAIL, { params });
    const token = sent.find((s) => s.input instanceof Request)?.input as Request | undefined;
    expect(token).toBeInstanceOf(Request);
    expect(token?.method).toBe('POST');
  });

  it('a 401 renews the token and replays with the new one', async () => {
    const { feed, feedCalls } = stubGlobalFetch();
    const feedClient = client();
    await feedClient.GET(DETAIL, { params });
    feed.rejected.add(feed.issued[0] as string);
    const { data } = await feedClient.GET(DETAIL, { params });
    expect(data?.content.codigo_fundo).toBe('F0000000001');
    expect(feedCalls().map((c) => c.headers.access_token)).toEqual([
      feed.issued[0],
      feed.issued[0],
      feed.issued[1],
    ]);
  });

  it('the deadline aborts the signal the global fetch was given, and the call is a TimeoutError', async () => {
    const seen: AbortSignal[] = [];
    stubGlobalFetch({
      handler: (request) =>
        request.url.pathname === '/oauth/access-token' ? undefined : new Promise<Response>(() => {}),
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) seen.push(init.signal);
      return inner(input, init);
    });
    const feedClient = client();
    await feedClient.tokenManager.getToken(); // the deadline can then only pass on the feed call
    const error = await feedClient.GET(DETAIL, { params, timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen.at(-1)?.aborted).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([['a RequestInit option (cache)', { cache: 'no-store' }]])(
    'with %s, a real Request carries it to the global fetch',
    async (_, extra) => {
      const { feedCalls } = stubGlobalFetch();
      await client().GET(DETAIL, { params, ...extra } as never);
      const input = feedCalls()[0]?.input as Request | undefined;
      expect(input).toBeInstanceOf(Request);
      expect(input?.cache).toBe('no-store');
    },
  );

  it("a user's middleware gets a real Request; once ejected, calls go back to the light one", async () => {
    const { feedCalls } = stubGlobalFetch();
    const feedClient = client();
    const seen: unknown[] = [];
    const middleware = {
      onRequest({ request }: { request: Request }) {
        seen.push(request);
      },
    };
    feedClient.use(middleware);
    await feedClient.GET(DETAIL, { params });
    expect(seen[0]).toBeInstanceOf(Request);
    feedClient.eject(middleware);
    await feedClient.GET(DETAIL, { params });
    expect(seen).toHaveLength(1);
    // Both went out as a URL and an init (a plain Request is taken apart by the default fetch too).
    expect(feedCalls().map((c) => typeof c.input)).toEqual(['string', 'string']);
  });

  it('an error answer is still redacted and typed', async () => {
    stubGlobalFetch({
      handler: (request) =>
        request.url.pathname === '/oauth/access-token'
          ? undefined
          : json(404, { error: 'not found', message: CLIENT_SECRET }),
    });
    const { error, response } = await client().GET(DETAIL, { params });
    expect(response.status).toBe(404);
    expect(JSON.stringify(error)).not.toContain(CLIENT_SECRET);
  });
});
