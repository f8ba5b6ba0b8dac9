import { describe, expect, it } from 'vitest';
import { formatPointer, nodeAt, parsePointer } from './pointer.js';

describe('parsePointer', () => {
  it.each([
    ['#', []],
    ['#/components/schemas/Fund', ['components', 'schemas', 'Fund']],
    ['#/paths/~1feed~1fundos/get', ['paths', '/feed/fundos', 'get']],
    ['#/a~0b', ['a~b']],
    ['#/a~01', ['a~1']], // ~1 is replaced before ~0: the token is "~1", not "/"
    ['#/paths/~1fundos~1%7Bcodigo%7D', ['paths', '/fundos/{codigo}']],
    ['#/a%20b', ['a b']],
    ['#/a%7E1b', ['a/b']], // percent-decoding comes first, then the ~ escapes
    ['#/responses/200', ['responses', '200']],
    ['#/', ['']],
  ])('%s → %j', (ref, tokens) => {
    expect(parsePointer(ref)).toEqual(tokens);
  });

  it.each(['Fund.yaml#/x', '../common/Date.yaml', 'https://example.com/s.json#/a', '/components'])(
    'a non-local reference (%s) gives undefined',
    (ref) => {
      expect(parsePointer(ref)).toBeUndefined();
    },
  );

  it('a stray % throws (a malformed URI fragment)', () => {
    expect(() => parsePointer('#/a%zz')).toThrow(URIError);
  });
});

describe('formatPointer', () => {
  it.each([
    [['paths', '/feed/fundos', 'get'], '#/paths/~1feed~1fundos/get'],
    [['a~b', 'c/d~1'], '#/a~0b/c~1d~01'],
    [[], '#'],
  ])('%j → %s, and back', (tokens, ref) => {
    expect(formatPointer(tokens)).toBe(ref);
    expect(parsePointer(ref)).toEqual(tokens);
  });
});

describe('nodeAt', () => {
  const root = { a: { 'b/c': [10, { d: 'x' }], zero: 0 }, n: null };
  it.each([
    [['a', 'b/c', '0'], 10],
    [['a', 'b/c', '1', 'd'], 'x'],
    [['a', 'zero'], 0],
    [['n'], null],
    [['a', 'missing'], undefined],
    [['a', 'b/c', '2'], undefined],
    [['a', 'b/c', '01'], undefined], // not an array index
    [['a', 'b/c', 'length'], undefined],
    [['a', 'toString'], undefined], // inherited names are not members of the document
    [['n', 'x'], undefined],
  ])('%j → %j', (tokens, value) => {
    expect(nodeAt(root, tokens)).toEqual(value);
  });
});
