// Base64 decoding as lenient as Node's Buffer.from(text, 'base64') for the Basic credentials: both alphabets
// (+/ and -_), padding optional, decoding ends at the first '='. Plain JavaScript: atob() is stricter, and
// Buffer does not exist in a browser.
const values = new Map<string, number>();
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  values.set(c, i);
values.set('-', 62);
values.set('_', 63);

export function decodeBase64(text: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  for (const c of text) {
    if (c === '=') break;
    const v = values.get(c);
    if (v === undefined) continue;
    bits = (bits << 6) | v;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push((bits >> count) & 0xff);
    }
  }
  return Uint8Array.from(out);
}
