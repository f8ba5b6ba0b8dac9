// The bundled specs' JSON as programs read it: no whitespace, and every character past ASCII written as its \u
// escape. The sandbox parses feed.json on its way to its first answer: the compact text is smaller, and an ASCII
// text decodes from UTF-8 faster and parses faster (V8 keeps it one byte per character).
// The YAML twins are the readable form.
import { readFileSync, writeFileSync } from 'node:fs';

/** JSON text with no whitespace and only ASCII characters: `JSON.parse` gives back the same value. */
export function compactJson(value: unknown): string {
  // JSON.stringify leaves lone surrogates escaped already (well-formed JSON.stringify), so every character left
  // past ASCII is a whole BMP character or half of a pair: escaping each UTF-16 unit is exact either way.
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Rewrites JSON files in place in their compact form. */
export function compactJsonFiles(files: string[]): void {
  for (const file of files) writeFileSync(file, compactJson(JSON.parse(readFileSync(file, 'utf8'))));
}
