import { describe, expect, it } from 'vitest';
import { REDACTED, redact, secretForms } from './redact.js';

it.each([
  ['a string', 'token abc123 here', 'token [redacted] here'],
  [
    'nested values',
    { a: ['x abc123', { b: 'abc123' }], n: 1 },
    { a: [`x ${REDACTED}`, { b: REDACTED }], n: 1 },
  ],
  ['keys', { abc123: 1 }, { [REDACTED]: 1 }],
  ['nothing to hide', { a: 'b' }, { a: 'b' }],
  ['non-strings', 42, 42],
])('redacts secrets in %s', (_, input, expected) => {
  expect(redact(input, ['abc123', undefined, ''])).toEqual(expected);
});

it('replaces the longer of two overlapping secrets whole', () => {
  expect(redact('Basic abc123==', ['abc123==', 'Basic abc123=='])).toBe(REDACTED);
});

it('keeps every key the server sent as an own property, __proto__ included, and Object.prototype as prototype', () => {
  const sent = JSON.parse(
    '{"__proto__":{"polluted":"abc123"},"constructor":{"prototype":{"x":1}},"prototype":"abc123","n":[{"__proto__":1}]}',
  );
  const copy = redact(sent, ['abc123']) as Record<string, unknown>;
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  expect(Object.keys(copy)).toEqual(['__proto__', 'constructor', 'prototype', 'n']);
  expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: REDACTED });
  expect(Object.getPrototypeOf(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value)).toBe(
    Object.prototype,
  );
  expect(copy.constructor).toEqual({ prototype: { x: 1 } });
  expect(copy.prototype).toBe(REDACTED);
  const item = (copy.n as object[])[0] as object;
  expect(Object.hasOwn(item, '__proto__')).toBe(true);
  expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('a secret that is an ordinary word', () => {
  it.each([
    [
      'the server sentence that uses the word',
      'The client credentials are invalid.',
      'invalid',
      'The client credentials are invalid.',
    ],
    ['a word inside another', 'invalidated', 'invalid', 'invalidated'],
    ['the whole value', 'wrong', 'wrong', REDACTED],
    ['after =', 'client_secret=wrong&x=1', 'wrong', `client_secret=${REDACTED}&x=1`],
    ['after :', 'secret:wrong', 'wrong', `secret:${REDACTED}`],
    [
      'in quotes',
      `the secret "wrong" was refused, and 'wrong' too`,
      'wrong',
      `the secret "${REDACTED}" was refused, and '${REDACTED}' too`,
    ],
    ['capitalised, in quotes', 'sent "Secret"', 'Secret', `sent "${REDACTED}"`],
  ])('%s: %j with the secret %j', (_, text, secret, expected) => {
    expect(redact(text, [secret])).toBe(expected);
  });

  it('keeps the sentence of an error body and takes the echoed value out', () => {
    const body = { message: 'wrong client_id or client_secret', client_secret: 'wrong' };
    expect(redact(body, ['wrong'])).toEqual({
      message: 'wrong client_id or client_secret',
      client_secret: REDACTED,
    });
  });

  it('a secret like a credential goes wherever it appears, inside words too', () => {
    expect(redact('xs3cr3t-42y and s3cr3t-42', ['s3cr3t-42'])).toBe(`x${REDACTED}y and ${REDACTED}`);
    expect(redact('the value XkQpLmNr leaked', ['XkQpLmNr'])).toBe(`the value ${REDACTED} leaked`);
  });
});

it.each([
  [
    'JSON-escaped, as in a record written as JSON text',
    'tok"en\\1',
    '{"echo":"tok\\"en\\\\1"}',
    '{"echo":"[redacted]"}',
  ],
  ['base64, padded', 'token-1', `sent ${btoa('token-1')}`, 'sent [redacted]'],
  ['base64, unpadded', 'token-1', `sent ${btoa('token-1').replace(/=+$/, '')}.`, 'sent [redacted].'],
  ['base64url', 'a?b>c~', `u=${btoa('a?b>c~').replace(/\+/g, '-').replace(/\//g, '_')}`, 'u=[redacted]'],
  ['percent-encoded, as in a URL', 'a b/c+d', 'url?t=a%20b%2Fc%2Bd', 'url?t=[redacted]'],
  [
    'non-ASCII, base64 of its UTF-8 bytes',
    'seção',
    `b64 ${Buffer.from('seção').toString('base64')}`,
    'b64 [redacted]',
  ],
])('redacts a secret %s', (_, secret, input, expected) => {
  expect(redact(input, [secret])).toBe(expected);
});

it('lists each form of a secret once', () => {
  expect(secretForms(['abc'])).toEqual(['abc', 'YWJj']);
  expect(secretForms(['', undefined])).toEqual([]);
});
