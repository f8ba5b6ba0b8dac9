import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Utf8, basicAuthorization } from './base64.js';

describe('base64Utf8', () => {
  it.each([
    ['Aladdin:open sesame', 'QWxhZGRpbjpvcGVuIHNlc2FtZQ=='], // RFC 7617's example
    ['', ''],
    ['ç', 'w6c='],
    ['client:sëcret€😀', Buffer.from('client:sëcret€😀', 'utf8').toString('base64')],
  ])('%j -> %s', (text, expected) => {
    expect(base64Utf8(text)).toBe(expected);
  });

  it('matches UTF-8 Base64 for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(base64Utf8(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
      }),
    );
  });
});

it('basicAuthorization joins id and secret with a colon', () => {
  expect(basicAuthorization('Aladdin', 'open sesame')).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
});
