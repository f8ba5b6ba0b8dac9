import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactJson, compactJsonFiles } from './compact-json.ts';

describe('compactJson', () => {
  it.each([
    [
      'accents',
      { descrição: 'Fundo de Investimento em Ações' },
      '{"descri\\u00e7\\u00e3o":"Fundo de Investimento em A\\u00e7\\u00f5es"}',
    ],
    ['a character past the BMP (a surrogate pair)', ['𝄞'], '["\\ud834\\udd1e"]'],
    ['a lone surrogate', ['\ud800'], '["\\ud800"]'],
    ['quotes, backslashes and control characters', ['"\\\n'], '["\\"\\\\\\n"]'],
    [
      'numbers, booleans, null and nesting',
      { a: [1.5, -2e-7, true, null, { b: [] }] },
      '{"a":[1.5,-2e-7,true,null,{"b":[]}]}',
    ],
  ])('%s: ASCII only, no whitespace, the same value back', (_, value, text) => {
    const out = compactJson(value);
    expect(out).toBe(text);
    expect(/^[\x20-\x7e]*$/.test(out)).toBe(true);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('compactJsonFiles', () => {
  it('rewrites a pretty UTF-8 file as the compact ASCII text of the same value', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'compact-json-')), 'spec.json');
    const value = { info: { title: 'Preços e Índices' }, paths: { '/a': { get: {} } } };
    writeFileSync(file, JSON.stringify(value, null, 2));
    compactJsonFiles([file]);
    expect(readFileSync(file, 'utf8')).toBe(compactJson(value));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(value);
  });
});
