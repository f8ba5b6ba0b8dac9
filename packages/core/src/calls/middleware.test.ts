// A user's openapi-fetch middleware never sees the flow A headers: not in onRequest (it runs before they are set),
// nor in onResponse or onError, which openapi-fetch hands the same Request the call was sent with.

import type { Middleware } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { setupClient } from '../test-support/client.js';
import { CLIENT_ID, errorBody, type FakeFeedOptions, json } from '../test-support/fixtures.js';

function setup(feedOptions: FakeFeedOptions, throwOnError = false) {
  const { feed, client, getOne } = setupClient(feedOptions, { throwOnError });
  const seen: { hook: string; headers: string }[] = [];
  const record = (hook: string, request: Request) => {
    const headers: string[] = [];
    request.headers.forEach((value, name) => {
      headers.push(`${name}: ${value}`);
    });
    seen.push({ hook, headers: headers.join('\n') });
  };
  const middleware: Middleware = {
    onRequest({ request }) {
      record('onRequest', request);
    },
    onResponse({ request }) {
      record('onResponse', request);
    },
    onError({ request }) {
      record('onError', request);
    },
  };
  client.use(middleware);
  return { feed, seen, get: getOne };
}

function expectNoFlowAHeaders(seen: { hook: string; headers: string }[], tokens: readonly string[]) {
  expect(seen.length).toBeGreaterThan(1);
  for (const { hook, headers } of seen) {
    expect(headers, hook).not.toMatch(/^(access_token|client_id):/m);
    expect(headers, hook).not.toContain(CLIENT_ID);
    for (const token of tokens) expect(headers, hook).not.toContain(token);
  }
}

describe('middleware never sees access_token or client_id', () => {
  it.each([
    ['a 200', undefined],
    ['a 404', () => json(404, errorBody(404, 'not found', 'No.'))],
    ['a 500 after the retries', () => json(500, errorBody(500, 'down', 'Down.'))],
  ])('onRequest and onResponse, on %s', async (_, answer) => {
    const { feed, seen, get } = setup({
      handler: (r) => (r.url.pathname === '/oauth/access-token' || !answer ? undefined : answer()),
    });
    await get();
    expect(seen.map((s) => s.hook)).toEqual(['onRequest', 'onResponse']);
    expectNoFlowAHeaders(seen, feed.issued);
    // The call itself carried them.
    expect(feed.feedRequests.at(-1)?.headers.get('client_id')).toBe(CLIENT_ID);
  });

  it('after a 401 renew-and-replay (the replay sets a new token)', async () => {
    let first = true;
    const { feed, seen, get } = setup({
      handler: (r) => {
        if (r.url.pathname === '/oauth/access-token' || !first) return undefined;
        first = false;
        return json(401, errorBody(401, 'invalid credential or token', 'Expired.'));
      },
    });
    const result = await get();
    expect(result.response.status).toBe(200);
    expect(feed.issued).toHaveLength(2);
    expectNoFlowAHeaders(seen, feed.issued);
  });

  it('onError, in throwing mode', async () => {
    const { feed, seen, get } = setup(
      { handler: (r) => (r.url.pathname === '/oauth/access-token' ? undefined : json(403, { status: 403 })) },
      true,
    );
    await expect(get()).rejects.toMatchObject({ code: 'forbidden' });
    expect(seen.map((s) => s.hook)).toEqual(['onRequest', 'onError']);
    expectNoFlowAHeaders(seen, feed.issued);
  });
});
