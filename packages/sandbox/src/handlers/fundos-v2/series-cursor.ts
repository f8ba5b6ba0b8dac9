// E8 pages by an opaque cursor (specs/PUBLIC-CLIENT-EVIDENCE.md, item 8). The cursor names the next record's
// place in the batch's order (business day, fund index, unit) and how many records came before it, under a key
// of the query it belongs to: the same cursor with other parameters, or after a new publication moved the batch,
// is stale.
import { addDays, toDayNumber } from '../../calendar.js';
import { decodeBase64 } from '../../http/base64.js';
import { base64url } from '../../sha256.js';

export interface SeriesPlace {
  day: string;
  index: number;
  unit: number;
  offset: number;
}

export function queryKey(parts: string[]): string {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}

// Plain JavaScript, not Buffer: the handlers run in a browser bundle too (in-process.ts).
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

export function encodeCursor(place: SeriesPlace, key: string): string {
  const text = `v1.${toDayNumber(place.day)}.${place.index}.${place.unit}.${place.offset}.${key}`;
  return base64url(utf8Encoder.encode(text));
}

export function decodeCursor(cursor: string, key: string): SeriesPlace | 'unknown' | 'stale' {
  const text = /^[A-Za-z0-9_-]{1,500}$/.test(cursor) ? utf8Decoder.decode(decodeBase64(cursor)) : '';
  const m = /^v1\.(\d{1,6})\.(\d{1,8})\.(\d{1,3})\.(\d{1,12})\.([0-9a-z]{1,8})$/.exec(text);
  if (!m) return 'unknown';
  if (m[5] !== key) return 'stale';
  return {
    day: addDays('1970-01-01', Number(m[1])),
    index: Number(m[2]),
    unit: Number(m[3]),
    offset: Number(m[4]),
  };
}
