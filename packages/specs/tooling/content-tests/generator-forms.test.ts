// The bundled feed.json as the generators read it (specs/CONVENTIONS.md "Forms generators read"): the lint rule
// feed/schema-forms checks the sources, this checks what bundling and the JSON compaction made of them.
// Reads @assoc-feed/specs/feed.json (its dist): run the specs build first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const text = readFileSync(createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json'), 'utf8');
const spec = JSON.parse(text) as unknown;

/** Every object node with its JSON pointer. */
function* nodes(node: unknown, at = '#'): Generator<[Record<string, unknown>, string]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* nodes(item, `${at}/${i}`);
  } else if (node && typeof node === 'object') {
    yield [node as Record<string, unknown>, at];
    for (const [key, value] of Object.entries(node)) yield* nodes(value, `${at}/${key}`);
  }
}
const all = [...nodes(spec)];
const SUBSCHEMA = ['items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];

describe('forms of feed.json that every generator reads', () => {
  it('has no boolean subschema (additionalProperties aside)', () => {
    const found: string[] = [];
    for (const [node, at] of all) {
      for (const key of SUBSCHEMA) if (typeof node[key] === 'boolean') found.push(`${at}/${key}`);
      if (at.endsWith('/properties') || at.endsWith('/patternProperties')) {
        for (const [key, value] of Object.entries(node))
          if (typeof value === 'boolean') found.push(`${at}/${key}`);
      }
      for (const key of ['allOf', 'anyOf', 'oneOf']) {
        const list = node[key];
        if (!Array.isArray(list)) continue;
        for (const [i, v] of list.entries()) if (typeof v === 'boolean') found.push(`${at}/${key}/${i}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('keeps the if/then/else of the rates diffusion in object form', () => {
    const schema = (spec as { components: { schemas: Record<string, Record<string, unknown>> } }).components
      .schemas.DifusaoTaxas as {
      then: { allOf: [{ properties: Record<string, unknown> }]; required?: unknown };
    };
    expect(schema.then.allOf[0].properties).toMatchObject({ horario: {}, taxa_ind_d1: { not: {} } });
    // Optional when the condition holds, absent otherwise: a real answer that lacks one stays valid.
    expect(schema.then.required).toBeUndefined();
  });

  it('has no maxLength or minLength beside an enum', () => {
    const found = all.filter(
      ([node]) => Array.isArray(node.enum) && ('maxLength' in node || 'minLength' in node),
    );
    expect(found.map(([, at]) => at)).toEqual([]);
  });

  it('has no maximum or minimum of 10^19 or more, and writes Num(19,0) as the exact exclusive bound', () => {
    const found = all.flatMap(([node, at]) =>
      ['maximum', 'minimum']
        .filter((key) => typeof node[key] === 'number' && Math.abs(node[key] as number) >= 1e19)
        .map((key) => `${at}/${key}`),
    );
    expect(found).toEqual([]);
    expect(text).not.toMatch(/"(maximum|minimum)":-?\d{20}/);
    expect(text).toContain('"exclusiveMaximum":10000000000000000000');
  });

  it('spells every pattern in one dialect: [0-9], never \\d, \\w or \\s (Python-based tools read those as Unicode)', () => {
    const patterns = all.flatMap(([node, at]) => [
      ...(typeof node.pattern === 'string' ? [[node.pattern, `${at}/pattern`]] : []),
      ...(at.endsWith('/patternProperties') ? Object.keys(node).map((key) => [key, `${at}/${key}`]) : []),
    ]);
    expect(patterns.length).toBeGreaterThanOrEqual(15);
    // A shorthand is a backslash that is not itself escaped, then one of the class letters.
    const shorthand = /(?<!\\)(?:\\\\)*\\[dDwWsS]/;
    expect(patterns.filter(([pattern]) => shorthand.test(pattern as string))).toEqual([]);
    for (const [pattern] of patterns) expect(() => new RegExp(pattern as string, 'u')).not.toThrow();
  });
});
