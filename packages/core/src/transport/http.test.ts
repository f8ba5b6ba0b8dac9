import { afterEach, describe, expect, it, vi } from 'vitest';
import { globalFetch } from './http.js';

const URL_ = 'https://feed.example/feed/fundos/v2/fundos?page=1';
const answer = () => new Response('{}', { status: 200 });

function stubFetch() {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('globalFetch', () => {
  it('sends a plain body-less Request as its URL, method, headers, redirect mode and the call signal', async () => {
    const fetch = stubFetch();
    const signal = new AbortController().signal;
    const request = new Request(URL_, { headers: { client_id: 'c', access_token: 't' }, redirect: 'manual' });
    await globalFetch(request, { signal });
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(input).toBe(URL_);
    expect(init?.method).toBe('GET');
    expect(init?.redirect).toBe('manual');
    expect(init?.signal).toBe(signal);
    expect(Object.fromEntries(new Headers(init?.headers))).toEqual({ client_id: 'c', access_token: 't' });
  });

  it('without a signal, sends none (nothing can abort the call)', async () => {
    const fetch = stubFetch();
    await globalFetch(new Request(URL_, { method: 'HEAD' }));
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(input).toBe(URL_);
    expect(init?.method).toBe('HEAD');
    expect(init?.signal).toBeUndefined();
  });

  it.each<[string, RequestInit]>([
    ['a body', { method: 'POST', body: 'grant_type=client_credentials' }],
    ['a cache mode', { cache: 'no-store' }],
    ['credentials', { credentials: 'include' }],
    ['keepalive', { keepalive: true }],
    ['a referrer policy', { referrerPolicy: 'no-referrer' }],
    ['an integrity value', { integrity: 'sha256-abc' }],
  ])('hands a Request with %s over whole, so nothing it carries is lost', async (_, extra) => {
    const fetch = stubFetch();
    const signal = new AbortController().signal;
    const request = new Request(URL_, extra);
    await globalFetch(request, { signal });
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(input).toBe(request);
    expect(init).toEqual({ signal });
  });

  it('reads globalThis.fetch at call time (a fetch mocked after the client was made is used)', async () => {
    const first = stubFetch();
    await globalFetch(new Request(URL_));
    const second = stubFetch();
    await globalFetch(new Request(URL_));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
