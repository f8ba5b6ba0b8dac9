// What one call can ask for besides its parameters: its own deadline (which bounds its wait for the token, while
// the token request others share goes on), its own retries, its own abort signal, and query parameters the spec
// does not know yet (sent as given, never checked).
import { describe, expect, it } from 'vitest';
import { ConfigurationError, InvalidRequestError, TimeoutError } from '../errors/errors.js';
import { LIST, setupClient } from '../test-support/client.js';
import { errorBody, json } from '../test-support/fixtures.js';

const unavailable = (request: { url: URL }) =>
  request.url.pathname === LIST ? json(503, errorBody(503, 'unavailable', 'Try later.')) : undefined;

describe('retry, per call', () => {
  it.each([
    ['false: one attempt', false as const, 1],
    ['{ maxRetries: 4 }: five attempts', { maxRetries: 4 }, 5],
    ['{ baseDelayMs: 1 }: the client’s two retries, its own delay', { baseDelayMs: 1 }, 3],
  ])('%s', async (_, retry, attempts) => {
    const { feed, client, waits } = setupClient({ handler: unavailable });
    const { response } = await client.GET(LIST, { retry });
    expect(response.status).toBe(503);
    expect(feed.feedRequests).toHaveLength(attempts);
    if (typeof retry === 'object' && 'baseDelayMs' in retry) expect(Math.max(...waits)).toBeLessThan(4);
  });

  it('leaves the client’s options to the other calls', async () => {
    const { feed, client } = setupClient({ handler: unavailable });
    await client.GET(LIST, { retry: false });
    await client.GET(LIST);
    expect(feed.feedRequests).toHaveLength(1 + 3);
  });

  it.each([
    ['true', true, /must be false or an object/],
    ['a negative maxRetries', { maxRetries: -1 }, /retry.maxRetries must be a number ≥ 0/],
  ])('refuses %s before sending', async (_, retry, message) => {
    const { feed, client } = setupClient();
    const call = client.GET(LIST, { retry: retry as false });
    await expect(call).rejects.toBeInstanceOf(ConfigurationError);
    await expect(call).rejects.toThrow(message);
    expect(feed.requests).toEqual([]);
  });
});

describe('extraQuery, per call', () => {
  it('sends names the spec does not know, unchecked, beside the checked ones', async () => {
    const { feed, client } = setupClient();
    const { response } = await client.GET(LIST, {
      params: { query: { size: 10 } },
      extraQuery: { 'novo-filtro': 'x y', codigos: ['a', 'b'], ativos: true },
    });
    expect(response.status).toBe(200);
    const sent = feed.feedRequests[0]?.url.searchParams;
    expect(sent?.get('size')).toBe('10');
    expect(sent?.get('novo-filtro')).toBe('x y');
    expect(sent?.getAll('codigos')).toEqual(['a', 'b']);
    expect(sent?.get('ativos')).toBe('true');
  });

  it('does not lift the checks of the spec’s own parameters', async () => {
    const { feed, client } = setupClient();
    const call = client.GET(LIST, { params: { query: { size: 5000 } }, extraQuery: { novo: '1' } });
    await expect(call).rejects.toBeInstanceOf(InvalidRequestError);
    expect(feed.requests).toEqual([]);
  });

  it.each([
    ['a name the spec documents', { size: 10 }, /documents size; pass it in params.query/],
    [
      'an object value',
      { filtro: { a: 1 } },
      /extraQuery.filtro must be a string, number, boolean or a list/,
    ],
  ])('refuses %s before sending', async (_, extraQuery, message) => {
    const { feed, client } = setupClient();
    const call = client.GET(LIST, { extraQuery: extraQuery as unknown as Record<string, string> });
    await expect(call).rejects.toBeInstanceOf(ConfigurationError);
    await expect(call).rejects.toThrow(message);
    expect(feed.requests).toEqual([]);
  });
});

describe('timeoutMs and signal, per call', () => {
  it('a call’s deadline bounds its wait for the token; the shared token request goes on for the others', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { feed, client } = setupClient({
      handler: async (request) => {
        if (request.url.pathname === '/oauth/access-token') await gate;
        return undefined;
      },
    });
    const patient = client.GET(LIST, { timeoutMs: 60_000 });
    const hurried = client.GET(LIST, { timeoutMs: 5 });
    const error = await hurried.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(5);
    release();
    const { response } = await patient;
    expect(response.status).toBe(200);
    expect(feed.tokenRequests).toHaveLength(1);
    expect(feed.feedRequests).toHaveLength(1); // the hurried call sent nothing
  });

  it('a call’s signal aborts it with the caller’s reason', async () => {
    const { client } = setupClient();
    const controller = new AbortController();
    const reason = new Error('user left');
    controller.abort(reason);
    await expect(client.GET(LIST, { signal: controller.signal })).rejects.toBe(reason);
  });
});
