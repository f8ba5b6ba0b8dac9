// The README's list of documented answers (the Prefer list) is the spec's: generated from the same operation
// table as the request handlers, so a status or example added to the spec fails here until
// `pnpm --filter @assoc-feed/mock readme` writes it in.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { examples, operations } from './generated/operations.js';
import { type Json, operationTable } from './generators/operation-table.js';
import { BEGIN, END, renderPreferList, withPreferList } from './generators/prefer-list.js';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@assoc-feed/specs/feed.json'), 'utf8')) as Json;
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const table = operationTable(spec);

describe("the README's Prefer list", () => {
  it('is the list the spec gives (run `pnpm --filter @assoc-feed/mock readme` when this fails)', () => {
    expect(withPreferList(readme, renderPreferList(table))).toBe(readme);
  });

  it('names every operation and every documented status and example', () => {
    const list = readme.slice(readme.indexOf(BEGIN), readme.indexOf(END));
    for (const op of table.operations) {
      expect(list).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
      for (const [status, named] of Object.entries(op.responses))
        for (const name of Object.keys(named))
          expect(list).toMatch(new RegExp(`${status}: [^|]*\`${name}\``));
    }
  });

  it('refuses a README without the markers, naming them', () => {
    expect(() => withPreferList('# no list here', 'x')).toThrow(BEGIN);
  });
});

describe('the generated operation table', () => {
  it('is the one the spec gives (the build regenerates it)', () => {
    const fromSpec = Object.fromEntries(
      table.operations.map(({ operationId, ...rest }) => [operationId, rest]),
    );
    expect(operations).toEqual(fromSpec);
    expect(examples).toEqual(table.examples);
  });

  it.each([
    [
      'a response without a named example',
      { 200: { content: { 'application/json': { example: {} } } } },
      /no named example/,
    ],
    [
      'no 2xx response',
      { 404: { content: { 'application/json': { examples: { x: { value: {} } } } } } },
      /documents no 2xx/,
    ],
  ])('refuses a spec with %s, naming the fix', (_, responses, message) => {
    const bad = { openapi: '3.1.0', paths: { '/x': { get: { operationId: 'fundosV2X', responses } } } };
    expect(() => operationTable(bad)).toThrow(message);
  });

  it('refuses an operationId without a document prefix', () => {
    const ok = { content: { 'application/json': { examples: { x: { value: {} } } } } };
    const bad = {
      openapi: '3.1.0',
      paths: { '/x': { get: { operationId: 'getX', responses: { 200: ok } } } },
    };
    expect(() => operationTable(bad)).toThrow(/name it after its document/);
  });
});
