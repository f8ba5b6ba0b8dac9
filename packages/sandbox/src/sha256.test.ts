// SHA-256, HMAC and base64url as the sandbox uses them everywhere (so a browser bundle runs them) give the bytes
// node:crypto gives: tokens stay what they were, and credential checks compare the same digests.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './http/base64.js';
import { base64url, hmacSha256, sameText, sha256 } from './sha256.js';

// Lengths around the 64-byte block and its 55/56-byte padding edge, multi-byte UTF-8, a key above the block size.
const texts = [
  '',
  'abc',
  'x'.repeat(55),
  'y'.repeat(56),
  'z'.repeat(64),
  'é'.repeat(300),
  'A:sandbox-client:1',
];

describe('sha256.ts', () => {
  it.each(texts)("sha256(%j) is node:crypto's", (text) => {
    expect(Buffer.from(sha256(text)).toString('hex')).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it.each(texts)("hmacSha256(key, %j) in base64url is node:crypto's, short and long keys", (text) => {
    for (const key of ['1:sandbox-secret', 'k'.repeat(100)]) {
      expect(base64url(hmacSha256(key, text))).toBe(
        createHmac('sha256', key).update(text).digest('base64url'),
      );
    }
  });

  it.each([0, 1, 2, 3, 4, 5, 31, 32])("base64url of %i bytes is Buffer's", (n) => {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 77 + 13) & 0xff);
    expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('sameText is equality', () => {
    expect(sameText('sandbox-secret', 'sandbox-secret')).toBe(true);
    expect(sameText('sandbox-secret', 'sandbox-secreT')).toBe(false);
    expect(sameText('', 'x')).toBe(false);
  });

  it('sameText stays equality past the number of expected texts whose hashes it keeps', () => {
    for (let i = 0; i < 40; i++) {
      expect(sameText(`secret-${i}`, `secret-${i}`)).toBe(true);
      expect(sameText(`secret-${i}`, `secret-${i + 1}`)).toBe(false);
    }
    expect(sameText('secret-0', 'secret-0')).toBe(true);
  });
});

describe('decodeBase64 (Basic credentials)', () => {
  it.each(['sandbox-client:sandbox-secret', 'a:b', 'çlient:sëcret', 'x:y?>~'])(
    'reads %j as Buffer does, in both alphabets and without padding',
    (text) => {
      const standard = Buffer.from(text).toString('base64');
      for (const encoded of [
        standard,
        standard.replace(/=+$/, ''),
        Buffer.from(text).toString('base64url'),
      ]) {
        expect(new TextDecoder().decode(decodeBase64(encoded))).toBe(
          Buffer.from(encoded, 'base64').toString('utf8'),
        );
      }
    },
  );
});
