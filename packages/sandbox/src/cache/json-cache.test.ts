import { describe, expect, it } from 'vitest';
import { JsonCache } from './json-cache.js';
import { encodeJson, RawJson } from './raw-json.js';

describe('JsonCache', () => {
  it('builds a value once and then answers its JSON from the cache', () => {
    const cache = new JsonCache(1024);
    let built = 0;
    const make = () => {
      built++;
      return { codigo_fundo: 'F0000100007', valor: 1.5 };
    };
    const first = cache.get('fund|1', make);
    const second = cache.get('fund|1', make);
    expect(built).toBe(1);
    expect(second).toBe(first);
    expect(first.text).toBe('{"codigo_fundo":"F0000100007","valor":1.5}');
  });

  it('holds at most its bound, keeping what is used again and letting the rest go', () => {
    // Each entry: 36 characters of JSON and a 1-character key; a generation holds half the bound, 3 entries.
    const cache = new JsonCache(240);
    const value = (n: number) => () => ({ n, pad: 'x'.repeat(20) });
    for (const key of ['a', 'b', 'c']) cache.get(key, value(1));
    for (const key of ['d', 'e', 'f']) cache.get(key, value(2)); // a, b, c now the old generation
    cache.get('a', value(1)); // used again: back in the young generation (with a fresh one: d, e, f old)
    for (const key of ['g', 'h', 'i', 'j']) cache.get(key, value(3));
    expect(cache.size.bytes).toBeLessThanOrEqual(240);
    const rebuilt: string[] = [];
    for (const key of ['a', 'b', 'j'])
      cache.get(key, () => {
        rebuilt.push(key);
        return {};
      });
    expect(rebuilt).toEqual(['b']); // "b" had gone; "a" (used again) and "j" (recent) had stayed
  });

  it('with a bound of 0 keeps nothing', () => {
    const cache = new JsonCache(0);
    cache.get('a', () => ({ a: 1 }));
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('encodeJson', () => {
  it.each([
    ['an object', { a: 1, b: ['x', null], c: 'é' }],
    ['an array', [1, 'two', { three: 3 }]],
    ['a string with a NUL', 'a\u0000b'],
  ])('gives the bytes of JSON.stringify for %s without RawJson', (_, value) => {
    expect(encodeJson(value)).toBe(JSON.stringify(value));
  });

  it('places RawJson fragments as is, byte-identical to encoding their values in place', () => {
    const records = [
      { id: 1, name: 'Ações' },
      { id: 2, name: 'FII' },
      { id: 3, tags: [] },
    ];
    const raw = records.map((r) => new RawJson(JSON.stringify(r)));
    const envelope = (items: unknown[]) => ({ content: items, page: 0, size: 3, total_elements: 3 });
    expect(encodeJson(envelope(raw))).toBe(JSON.stringify(envelope(records)));
    expect(encodeJson(raw[0])).toBe(JSON.stringify(records[0]));
  });

  it('outside encodeJson, a RawJson stringifies as its value', () => {
    const raw = new RawJson('{"a":[1,2]}');
    expect(JSON.stringify({ x: raw })).toBe('{"x":{"a":[1,2]}}');
  });
});

describe('JsonCache with cached records inside a value', () => {
  it('keeps the text the uncached answer has: the records placed as they are, exact digits kept', () => {
    const cache = new JsonCache(1024);
    // Digits a double cannot hold: parsed and encoded again, they would change.
    const record = new RawJson('{"valor":0.12345678901234567890123}');
    const page = cache.get('page|1', () => ({ content: [record, record], next_cursor: null }));
    expect(page.text).toBe(encodeJson({ content: [record, record], next_cursor: null }));
    expect(page.text).toBe(
      '{"content":[{"valor":0.12345678901234567890123},{"valor":0.12345678901234567890123}],"next_cursor":null}',
    );
  });
});
