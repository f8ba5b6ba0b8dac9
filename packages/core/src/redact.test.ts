import { expect, it } from 'vitest';
import { REDACTED, redact } from './redact.js';

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
