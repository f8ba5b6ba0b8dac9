// Redaction: whatever a client puts in a path, a parameter or a message, a token is never echoed in an answer
// nor written to the request log; the rest of the line stays readable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInProcessSandbox } from '../in-process.js';
import { loadSpec } from '../spec-reader/load.js';
import { errorBody, redactTokens } from './respond.js';

// The sandbox's own tokens: 43 base64url characters.
const TOKEN = 'Qk5f0x2m9ZpL4tR7vB1nC8sD3gH6jK0wE5yU2iO9aXc';

/** The rule as first written: every run of 32 or more token characters holding a capital or a digit. */
const byRegexAlone = (text: string) =>
  text.replace(/[A-Za-z0-9_\-.~+=]{32,}/g, (run) => (/[A-Z0-9]/.test(run) ? '[redacted]' : run));

describe('redactTokens', () => {
  it.each([
    ['a token in a path', `GET /feed/fundos/v2/fundos/${TOKEN} → 404 0.3 ms`],
    ['a token in a parameter', `GET /feed/fundos/v2/fundos?size=4&access_token=${TOKEN} → 200 1.2 ms`],
    ['a token at the very start', `${TOKEN} was sent`],
    ['a token at the very end', `sent: ${TOKEN}`],
    ['a token alone', TOKEN],
    ['two tokens', `${TOKEN}/${TOKEN.toLowerCase()}9`],
    ['a token of exactly 32 characters', `x ${TOKEN.slice(0, 32)} y`],
  ])('%s is written [redacted]', (_, line) => {
    const redacted = redactTokens(line);
    expect(redacted).toContain('[redacted]');
    expect(redacted).not.toContain(TOKEN.slice(0, 32));
  });

  it.each([
    ['a log line of a page', 'GET /feed/fundos/v2/fundos?page=3&size=4 → 200 0.4 ms'],
    [
      'a date-time parameter',
      '/feed/fundos/v2/fundos/serie-historica/lote?data-atualizacao=2026-11-12T08:00:00.000',
    ],
    ['a run of 31 characters', `x ${TOKEN.slice(0, 31)} y`],
    ['a long lower-case name', 'ignored query parameter codigo_fundo_ou_classe_ou_subclasse_e_mais_um_pouco'],
    ['text beyond ASCII', 'Fundo de Investimento em Ações — Previdência Renda Fixa Crédito Privado FIF'],
    ['empty', ''],
  ])('%s is kept as it is', (_, line) => {
    expect(redactTokens(line)).toBe(line);
  });

  it('redacts exactly what the regex alone would, on any text (the pre-scan only skips lines without a long run)', () => {
    const tokenChar = fc.constantFrom(...'aZ9_-.~+=');
    const piece = fc.oneof(
      fc.string({ unit: tokenChar, minLength: 25, maxLength: 70 }),
      fc.string({ unit: fc.constantFrom(...'az'), minLength: 30, maxLength: 40 }),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('/', '?', '&', ' ', 'ç', '→', '\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        expect(redactTokens(text)).toBe(byRegexAlone(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('an error body never carries a token, in its message or its details', () => {
    const body = errorBody(400, `The parameter size is not valid: ${TOKEN}.`, [
      { parameter: `size${TOKEN}`, in: 'query', rule: 'type' },
    ]);
    expect(JSON.stringify(body)).not.toContain(TOKEN);
    expect(body.message).toBe('The parameter size is not valid: [redacted]'); // '.' is a token character
  });
});

describe('the request log', () => {
  it('never holds a token, wherever the client put it', async () => {
    const log: string[] = [];
    const sandbox = createInProcessSandbox(loadSpec(), { log: (line) => log.push(line) });
    const basic = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`;
    const issued = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: '{"grant_type":"client_credentials"}',
    });
    const token = ((await issued.json()) as { access_token: string }).access_token;
    const headers = { client_id: sandbox.clientId, access_token: token };
    const answers: string[] = [];
    for (const target of [
      `/feed/fundos/v2/fundos/${token}`,
      `/feed/fundos/v2/fundos?size=2&access_token=${token}`,
      `/feed/fundos/v2/fundos?size=${token}`,
      `/${token}`,
    ]) {
      answers.push(await (await sandbox.fetch(`${sandbox.url}${target}`, { headers })).text());
    }
    // One line per request (and one naming the ignored access_token parameter), none with the token.
    const requests = log.filter((line) => /^(GET|POST) /.test(line));
    expect(requests).toHaveLength(5);
    expect(requests.slice(1).every((line) => line.includes('[redacted]'))).toBe(true);
    expect(`${log.join('\n')}\n${answers.join('\n')}`).not.toContain(token);
  });
});
