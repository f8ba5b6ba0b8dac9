// The hashing the sandbox's tokens and credential checks need, the same in Node and in a browser bundle (where
// node:crypto does not exist and Web Crypto is async): SHA-256 and HMAC from @noble/hashes, which is synchronous
// and runs anywhere; an equality that does not leak where two texts differ; and base64url.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

const utf8 = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? utf8.encode(data) : data);

export function sha256(data: string | Uint8Array): Uint8Array {
  return nobleSha256(bytesOf(data));
}

export function hmacSha256(key: string | Uint8Array, data: string | Uint8Array): Uint8Array {
  return hmac(nobleSha256, bytesOf(key), bytesOf(data));
}

/**
 * The hashes of the expected texts (a sandbox's credentials, a handful): every feed call compares its client_id,
 * and hashing the expected one again each time was half of that comparison's cost.
 */
const expectedHashes = new Map<string, Uint8Array>();
const MAX_EXPECTED = 16;

/**
 * Equal texts, compared in a time that does not depend on where they differ (both are hashed first). `expected` is
 * the sandbox's own value (its hash is kept), `sent` what the request sent.
 */
export function sameText(sent: string, expected: string): boolean {
  const ha = sha256(sent);
  let hb = expectedHashes.get(expected);
  if (!hb) {
    if (expectedHashes.size >= MAX_EXPECTED) expectedHashes.clear();
    hb = sha256(expected);
    expectedHashes.set(expected, hb);
  }
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= (ha[i] as number) ^ (hb[i] as number);
  return diff === 0;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Unpadded base64url, as Buffer#toString('base64url') writes it. */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += (BASE64URL[(n >>> 18) & 63] as string) + (BASE64URL[(n >>> 12) & 63] as string);
    if (i + 1 < bytes.length) out += BASE64URL[(n >>> 6) & 63];
    if (i + 2 < bytes.length) out += BASE64URL[n & 63];
  }
  return out;
}
