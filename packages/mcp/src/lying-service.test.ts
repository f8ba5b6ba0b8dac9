// A service that lies or echoes: answers that carry the request's credentials, totals that are not counts, a token
// request that answers 404. None of it reaches the assistant as a credential or as a fact.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectServer, textOf } from './test-support/connect.js';
import { type LyingSandbox, lyingSandbox } from './test-support/lying-sandbox.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TOKEN_PATH = '/oauth/access-token';

/** Every form a credential may take in an answer: as sent, JSON-escaped, percent-encoded, base64. */
function forms(secret: string): string[] {
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    b64(secret),
    b64(secret).replace(/=+$/, ''),
  ];
}

/** Every string a result carries: the text, and each value of structuredContent as itself and as JSON. */
function carried(result: CallToolResult): string[] {
  const values: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') values.push(v);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        values.push(k);
        walk(x);
      }
    }
  };
  walk(result.structuredContent);
  return [textOf(result), JSON.stringify(result), ...values];
}

describe('an answer that echoes the credentials of its request', () => {
  // A secret that JSON escapes and that is not ASCII, so its escaped and base64 forms differ from it.
  const liar = lyingSandbox({ clientSecret: 'se"cr\\et-çã-0123456789' });
  let server: Connected;
  beforeAll(async () => {
    server = await connectServer({ sandbox: liar.sandbox, settings: { maxChars: 100_000 } });
  });
  afterAll(() => server.close());

  const echo = (request: Request) => {
    const token = request.headers.get('access_token') ?? '';
    return [
      token,
      b64(token),
      encodeURIComponent(token),
      liar.basic,
      `Basic ${liar.basic}`,
      liar.secret,
      b64(liar.secret),
    ].join(' | ');
  };

  it('carries neither the token, the Basic value nor the secret, in any form, in text or structuredContent', async () => {
    liar.setLie((request) =>
      request.url.includes('/feed/fundos/v2/fundos?')
        ? {
            rewrite: (body) => {
              const page = JSON.parse(body) as { content: Record<string, unknown>[] };
              for (const fund of page.content) fund.nome_comercial_fundo = `echo ${echo(request)}`;
              return JSON.stringify(page);
            },
          }
        : undefined,
    );
    const result = await server.call('call_operation', {
      operation: 'fundosV2ListFunds',
      fields: ['codigo_fundo', 'nome_comercial_fundo'],
      max_records: 3,
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('echo [redacted]');
    expect(liar.tokens.length).toBeGreaterThan(0);
    const forbidden = [...liar.tokens, liar.basic, liar.secret].flatMap(forms);
    for (const text of carried(result)) for (const form of forbidden) expect(text).not.toContain(form);
  });

  it('carries none of them in an error either', async () => {
    liar.setLie((request) =>
      request.url.includes('/feed/')
        ? { status: 400, body: JSON.stringify({ message: `bad: ${echo(request)}` }) }
        : undefined,
    );
    const result = await server.call('call_operation', { operation: 'fundosV2ListFunds', max_records: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/answered 400/);
    const forbidden = [...liar.tokens, liar.basic, liar.secret].flatMap(forms);
    for (const text of carried(result)) for (const form of forbidden) expect(text).not.toContain(form);
  });
});

describe('a service that lies', () => {
  let liar: LyingSandbox;
  let server: Connected;
  beforeAll(async () => {
    liar = lyingSandbox();
    server = await connectServer({ sandbox: liar.sandbox });
  });
  afterAll(() => server.close());

  it.each([-5, 2.5, '7231'])('does not repeat a total of %j as a count of records', async (total) => {
    liar.setLie((request) =>
      request.url.includes('/feed/fundos/v2/fundos/instituicoes')
        ? { rewrite: (body) => body.replace(/"totalSize":\d+/, `"totalSize":${JSON.stringify(total)}`) }
        : undefined,
    );
    const result = await server.call('call_operation', {
      operation: 'fundosV2ListInstitutions',
      max_records: 3,
    });
    const text = textOf(result);
    if (result.isError) {
      // A client that refuses the lying page itself is as good: the total is still not repeated as a fact.
      expect(text).not.toMatch(/records? of /);
      return;
    }
    // A number that is no count is named as such; a total that is no number at all the client does not pass on.
    expect(text).toMatch(
      typeof total === 'number'
        ? /3 records read \(the service's total, .*, is not a count of records: left out\)/
        : /3 records read \(the service gives no total\)/,
    );
    expect(text).not.toMatch(/ of -5 in all| of 2\.5 in all| of "7231" in all/);
    expect((result.structuredContent as { total?: unknown }).total).toBeUndefined();
  });

  it('calls a token request that answers 404 an authentication failure, never an empty list', async () => {
    const failing = lyingSandbox();
    failing.setLie((request) => (new URL(request.url).pathname === TOKEN_PATH ? { status: 404 } : undefined));
    const broken = await connectServer({ sandbox: failing.sandbox });
    try {
      for (const operation of ['fundosV2ListFunds', 'precosIndicesTitulosPublicosVna']) {
        const result = await broken.call('call_operation', { operation, max_records: 2 });
        expect(result.isError).toBe(true);
        const text = textOf(result);
        expect(text).toMatch(
          /Authentication failed, so nothing was read: POST \/oauth\/access-token answered 404/,
        );
        expect(text).toMatch(/FEED_CLIENT_ID, FEED_CLIENT_SECRET and FEED_BASE_URL/);
        expect(text).not.toMatch(/That is every record|0 records/);
      }
    } finally {
      await broken.close();
    }
  });
});
