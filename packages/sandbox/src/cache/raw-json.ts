// JSON that is already encoded, placed as is inside a body: a page of 1,000 cached records is written by joining
// their text between the envelope's, never building or encoding them again. The text is what JSON.stringify
// gives the same value in place, so an answer is byte-identical with or without the cache.

import { stringifyLossless } from '@assoc-feed/core/internal';

/** What a RawJson stands for while the envelope around it is encoded (a string no generated value holds). */
const MARKER = '\u0000raw-json\u0000';
const QUOTED_MARKER = JSON.stringify(MARKER);

/** The fragments met by the encoding under way, in the order JSON.stringify meets them (document order). */
let met: string[] | undefined;

// TextEncoder/TextDecoder rather than Buffer: the sandbox also runs in a browser bundle (its MSW handlers).
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export class RawJson {
  #text: string | undefined;
  #bytes: Uint8Array | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  get text(): string {
    this.#text ??= fromUtf8.decode(this.#bytes as Uint8Array);
    return this.#text;
  }

  /** The UTF-8 bytes, for a whole answer: made once, and then the text is let go (an answer is not embedded). */
  get bytes(): Uint8Array {
    if (!this.#bytes) {
      this.#bytes = utf8.encode(this.#text as string);
      this.#text = undefined;
    }
    return this.#bytes;
  }

  toJSON(): unknown {
    // Outside encodeJson (a test's JSON.stringify), the value itself.
    if (!met) return JSON.parse(this.text);
    met.push(this.text);
    return MARKER;
  }
}

/** `body` as JSON text, with the text of every RawJson inside it in place. */
export function encodeJson(body: unknown): string {
  if (body instanceof RawJson) return body.text;
  const fragments: string[] = [];
  met = fragments;
  let text: string;
  try {
    // Lossless: full-scale decimals (generate/full-scale.ts) go out as raw digits, not as strings.
    text = stringifyLossless(body);
  } finally {
    met = undefined;
  }
  if (fragments.length === 0) return text;
  const around = text.split(QUOTED_MARKER);
  if (around.length !== fragments.length + 1) throw new Error('a value holds the RawJson marker');
  let out = around[0] as string;
  for (let i = 0; i < fragments.length; i++) out += (fragments[i] as string) + (around[i + 1] as string);
  return out;
}
