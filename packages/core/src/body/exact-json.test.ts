import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalProblem,
  isRawNumber,
  parseLossless,
  parseWithExactFields,
  rawNumberText,
  stringifyLossless,
} from './exact-json.js';

describe('parseWithExactFields (numbers: exact)', () => {
  const fields = ['valor_cota', 'quantidade'];
  it.each([
    [
      '17 decimals of a Decimal(33,17)',
      '{"valor_cota":1234567.12345678901234567}',
      '1234567.12345678901234567',
    ],
    ['a 19-digit quantity', '{"quantidade": 9223372036854775807}', '9223372036854775807'],
    ['trailing zeros', '{"valor_cota":1.50}', '1.50'],
    ['a short value (same type for every value of the field)', '{"valor_cota":2}', '2'],
    ['a negative value', '{"valor_cota":-0.00000000000000001}', '-0.00000000000000001'],
    ['an exponent, kept as text', '{"valor_cota":1.5e3}', '1.5e3'],
    ['a huge exponent, never Infinity', '{"valor_cota":1e400}', '1e400'],
  ])('%s', (_name, text, expected) => {
    const parsed = parseWithExactFields(text, fields) as Record<string, unknown>;
    expect(parsed.valor_cota ?? parsed.quantidade).toBe(expected);
  });

  it('leaves other fields, null and strings alone, also when a string holds the field name', () => {
    const text =
      '{"nome":"a,\\"valor_cota\\":1.5","valor_cota":null,"outro":0.123456789012345,"lista":[{"valor_cota":3.10}]}';
    expect(parseWithExactFields(text, fields)).toEqual({
      nome: 'a,"valor_cota":1.5',
      valor_cota: null,
      outro: 0.123456789012345,
      lista: [{ valor_cota: '3.10' }],
    });
  });
});

describe('parseLossless and stringifyLossless (the command line)', () => {
  it.each([
    ['17 decimals', '1234567.12345678901234567'],
    ['19 digits', '9223372036854775807'],
    ['trailing zeros', '1.50'],
    ['an exponent', '1.5e3'],
    ['a huge exponent', '1e400'],
    ['minus zero', '-0'],
    ['a tiny value (a double prints 1e-7)', '0.0000001'],
    ['a trailing zero after a leading zero', '0.10'],
  ])('keeps %s exactly, through parse and stringify', (_name, digits) => {
    const text = `{"a":${digits},"b":[${digits}],"s":"${digits}"}`;
    const parsed = parseLossless(text) as { a: unknown; b: unknown[]; s: string };
    expect(rawNumberText(parsed.a)).toBe(digits);
    expect(parsed.s).toBe(digits);
    expect(stringifyLossless(parsed)).toBe(text);
    expect(stringifyLossless(parsed, 2)).toContain(`"a": ${digits},`);
  });

  it.each([
    ['a key-colon pair', '"x\\":1.50"'],
    ['a comma', '"R$ 1.234,50, a,1.50"'],
    ['a bracket', '"[1.50]"'],
    ['a space after the colon', '"k\\": 12345678901234567890 end"'],
    ['an escaped quote before a colon, and a backslash', '"a\\\\\\":1e5"'],
  ])('never touches digits inside a string, even after %s', (_name, string) => {
    const text = `{"s":${string},"n":[1.50,"x",2.50],"m":0.10}`;
    const parsed = parseLossless(text) as { s: string; n: unknown[]; m: unknown };
    expect(parsed.s).toBe(JSON.parse(string));
    expect(parsed.n.map((v) => rawNumberText(v) ?? v)).toEqual(['1.50', 'x', '2.50']);
    expect(rawNumberText(parsed.m)).toBe('0.10');
    expect(stringifyLossless(parsed)).toBe(text);
  });

  it.each([
    ['not JSON at all', 'nope'],
    ['a cut-off body', '{"a":1.50,"b":"x'],
  ])('throws a SyntaxError for %s, as JSON.parse does', (_name, text) => {
    expect(() => parseLossless(text)).toThrow(SyntaxError);
  });

  it.each([
    ['indented text, spaces and line breaks around numbers', '{\n  "a" : 1.50 ,\n  "b": [\n    0.10\n  ]\n}'],
    ['a bare number', '1.50'],
    ['a bare number between spaces', ' \n1.50\t'],
    ['an array at the top', '[1.50,1e400,-0]'],
    ['a number last in the text without a closing bracket after it', '[2,1.50]'],
  ])('finds every number in value position: %s', (_name, text) => {
    const parsed = parseLossless(text);
    expect(stringifyLossless(parsed).replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it.each([
    ['a date and a code before a comma', '"2025-01-02, F0000254851, 1.50"'],
    ['a digit before a closing brace', '"{a:1.50}"'],
    ['a word ending in an exponent-like run', '"abe12, x"'],
    ['a minus after a colon', '"saldo:-0, ok"'],
  ])('leaves a string alone that ends a number-like run before a separator: %s', (_name, string) => {
    const text = `{"s":${string},"m":0.10}`;
    const parsed = parseLossless(text) as { s: string; m: unknown };
    expect(parsed.s).toBe(JSON.parse(string));
    expect(rawNumberText(parsed.m)).toBe('0.10');
  });

  it('gives back any JSON text it parses, every number with its digits and every string as it was', () => {
    // Numbers in every form JSON allows (trailing zeros, exponents, 20 digits), strings full of digits and
    // separators, nested at random; written compact or indented.
    type Tree = string | Tree[] | [string, Tree][] | { items: [string, Tree][] };
    const digits = fc.stringMatching(/^-?(0|[1-9]\d{0,19})(\.\d{1,20})?([eE][+-]?\d{1,3})?$/);
    const text = fc.stringMatching(/^[\d:,[\]{}. e-]{0,12}$/).map((t) => JSON.stringify(t));
    const key = fc.stringMatching(/^[\d:,[\]{}. e-]{0,12}$/).map((t) => JSON.stringify(`k${t}`));
    const tree = fc.letrec<{ value: Tree }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        digits,
        text,
        fc.array(tie('value'), { maxLength: 4 }),
        // Keys unique and not integer-like (JSON.parse would reorder those): the text can be compared as text.
        fc
          .uniqueArray(fc.tuple(key, tie('value')), { maxLength: 4, selector: ([k]) => k })
          .map((items) => ({ items })),
      ),
    })).value;
    const write = (node: Tree, space: string): string => {
      if (typeof node === 'string') return node;
      if (Array.isArray(node))
        return `[${space}${node.map((n) => write(n as Tree, space)).join(`,${space}`)}]`;
      return `{${space}${node.items.map(([k, v]) => `${k}${space}:${space}${write(v, space)}`).join(`,${space}`)}}`;
    };
    fc.assert(
      fc.property(tree, fc.constantFrom('', ' ', '\n  '), (node, space) => {
        const input = write(node, space);
        const output = stringifyLossless(parseLossless(input));
        // Every digit kept: the compact form of the input, written back.
        expect(output).toBe(write(node, ''));
        // Every string kept: JSON.parse reads the same strings from both.
        expect(JSON.stringify(JSON.parse(output))).toBe(JSON.stringify(JSON.parse(input)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps numbers a double holds exactly as plain numbers (paging totals stay numbers)', () => {
    const parsed = parseLossless('{"total_pages":12,"vna":1870.533818,"neg":-3.25,"s":"1.50"}');
    expect(parsed).toEqual({ total_pages: 12, vna: 1870.533818, neg: -3.25, s: '1.50' });
    expect(isRawNumber((parsed as { s: string }).s)).toBe(false);
  });
});

describe('decimalProblem: the documented notation of a decimal', () => {
  it.each([
    ['1234567.12345678901234567', { precision: 33, scale: 17 }, undefined],
    ['0.1234567890123456', { precision: 19, scale: 16 }, undefined],
    ['9223372036854775807', { precision: 19, scale: 0 }, undefined],
    ['1.123456789012345678', { precision: 33, scale: 17 }, '18 decimals (scale 17)'],
    ['1.5e3', { precision: 33, scale: 17 }, 'an exponent'],
    ['1e400', { precision: 33, scale: 17 }, 'an exponent'],
    ['12345678901234567890', { precision: 19, scale: 0 }, '20 digits before the point (at most 19)'],
    ['abc', { precision: 19 }, 'not a number'],
  ])('%s against %j: %s', (text, rule, problem) => {
    expect(decimalProblem(text, rule)).toBe(problem);
  });
});
