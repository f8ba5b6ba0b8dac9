// The joined spec (feed.json), which generators read as one document: every component name is its own across
// schemas, responses and parameters of all three documents, and none is a JavaScript/TypeScript global
// (specs/CONVENTIONS.md "Component names"; the lint rule checks each document, this checks the join).
// Reads @assoc-feed/specs/feed.json (its dist): run the specs build first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { GLOBAL_NAMES, nameKey, pascalName } from '../lint-rules/rules/component-names.js';

const spec = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json'), 'utf8'),
) as { components: Record<string, Record<string, unknown>> };
const KINDS = ['schemas', 'responses', 'parameters'] as const;
const names = KINDS.flatMap((kind) =>
  Object.keys(spec.components[kind] ?? {}).map((name) => `${kind}/${name}`),
);

describe('component names of feed.json', () => {
  it('has components of each kind', () => {
    for (const kind of KINDS) expect(Object.keys(spec.components[kind] ?? {}).length).toBeGreaterThan(0);
  });

  it('gives no two components one name (in lower case, without - and _)', () => {
    const byKey = new Map<string, string[]>();
    for (const name of names) {
      const key = nameKey(name.slice(name.indexOf('/') + 1));
      byKey.set(key, [...(byKey.get(key) ?? []), name]);
    }
    expect([...byKey.values()].filter((same) => same.length > 1)).toEqual([]);
  });

  it('names no component after a JavaScript or TypeScript global', () => {
    expect(names.filter((name) => GLOBAL_NAMES.has(pascalName(name.slice(name.indexOf('/') + 1))))).toEqual(
      [],
    );
  });

  it('keeps the schema names the clients show, renaming the responses of the same name', () => {
    expect(spec.components.schemas).toHaveProperty('Vna');
    expect(spec.components.responses).toHaveProperty('VnaResponse');
    expect(spec.components.schemas).toHaveProperty('ErrorBody');
    expect(spec.components.schemas).toHaveProperty('CalendarDate');
  });
});
