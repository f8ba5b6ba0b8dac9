// A token or client_id that cannot be an HTTP header value (CR/LF, NUL, a character past Latin-1) must not escape
// as fetch's bare TypeError, whose message quotes the whole value: a token from a misbehaving token endpoint is a
// TokenResponseError that never quotes it; a client_id is refused when the client is created.

import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../client/create-document-client.js';
import { ConfigurationError, TokenResponseError } from '../errors/errors.js';
import { BASE_URL, CLIENT_ID, CLIENT_SECRET, json, meta, type paths } from '../test-support/fixtures.js';
import { createTokenManager } from './flow-a.js';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';

function renderings(error: unknown): string[] {
  const e = error as Error;
  return [e.message, String(e.stack), JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })];
}

const BAD_VALUES: [string, string][] = [
  ['CR/LF', 'tok-SECRETPART\r\nX-Injected: 1'],
  ['LF', 'tok-SECRETPART\nrest'],
  ['NUL', 'tok-SECRETPART\u0000rest'],
  ['a character past Latin-1', 'tok-SECRETPART\u20acrest'],
];

describe('a token that is not a valid header value', () => {
  it.each(BAD_VALUES)('%s: TokenResponseError, the token quoted nowhere, nothing sent', async (_, token) => {
    const sent: string[] = [];
    const c = createDocumentClient<paths>(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        baseUrl: BASE_URL,
        retry: false,
        fetch: async (request) => {
          sent.push(new URL(request.url).pathname);
          return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
        },
      },
      meta,
    );
    const error = await c
      .GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenResponseError);
    expect(error).toMatchObject({ code: 'invalid_token_response', status: 200 });
    for (const text of renderings(error)) expect(text).not.toContain('SECRETPART');
    expect((error as Error).message).toContain('not a valid HTTP header value');
    expect(sent).toEqual(['/oauth/access-token']);
  });

  it('is refused by the token manager itself, so no cache keeps it', async () => {
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: async () => json(200, { access_token: 'a\r\nb', token_type: 'Bearer', expires_in: 3600 }),
    });
    await expect(tokens.getToken()).rejects.toBeInstanceOf(TokenResponseError);
    expect(tokens.peek()).toBeUndefined();
  });

  it('a token with inner spaces and Latin-1 characters is still accepted', async () => {
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUrl: `${BASE_URL}/oauth/access-token`,
      fetch: async () => json(200, { access_token: 'a b\u00e7c', token_type: 'Bearer', expires_in: 3600 }),
    });
    await expect(tokens.getToken()).resolves.toBe('a b\u00e7c');
  });
});

describe('a client_id that is not a valid header value', () => {
  it.each(BAD_VALUES)('%s: ConfigurationError when the client is created, not quoting it', (_, clientId) => {
    let error: unknown;
    try {
      createDocumentClient<paths>({ clientId, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL }, meta);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'clientId' });
    for (const text of renderings(error)) expect(text).not.toContain('SECRETPART');
  });
});
