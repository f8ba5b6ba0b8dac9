// The SDK pages' generator, piece by piece (no browser): the API report parser, the CLI's exit codes and usage
// texts, and the build-time rule that no SDK page cites a file outside the repository or a path of the build
// machine; the search results' lines and the tables' phone layout.
import { homedir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { breakableCode, labelTableCells } from '../html.ts';
import { parseApiReport } from './api-reference.ts';
import { exitCodes, parseUsage, portablePaths } from './cli-reference.ts';
import { assertNoOutsideFiles } from './entries.ts';
import { firstSentence } from './render-api.ts';

describe('API reports', () => {
  test('entries, names, kinds, declarations and re-exports', () => {
    const report = [
      '# API report: @assoc-feed/x',
      '',
      '## `@assoc-feed/x` (code)',
      '',
      '### `Thing` (interface)',
      '',
      '```ts',
      'export interface Thing {\n    a?: number;\n}',
      '```',
      '',
      '### `FeedError` (class)',
      '',
      '```ts',
      're-exported from `@assoc-feed/core`',
      '```',
      '',
      '### `Paths` (interface)',
      '',
      '```ts',
      're-exported from `@assoc-feed/fundos-v2` (as paths)',
      '```',
      '',
      '## `@assoc-feed/x/package.json` (data)',
    ].join('\n');
    const [code, data] = parseApiReport(report);
    expect(code?.specifier).toBe('@assoc-feed/x');
    expect(code?.items.map((i) => [i.name, i.kind])).toEqual([
      ['Thing', 'interface'],
      ['FeedError', 'class'],
      ['Paths', 'interface'],
    ]);
    expect(code?.items[0]?.declaration).toBe('export interface Thing {\n    a?: number;\n}');
    expect(code?.items[1]?.reexportedFrom).toBe('@assoc-feed/core');
    expect(code?.items[2]).toMatchObject({ reexportedFrom: '@assoc-feed/fundos-v2', originalName: 'paths' });
    expect(data).toMatchObject({ specifier: '@assoc-feed/x/package.json', kind: 'data', items: [] });
  });
});

describe('command lines', () => {
  test("exit codes from an EXIT object and its comments; the CLI's own", () => {
    const codes = exitCodes(
      'export const EXIT = {\n  ok: 0,\n  /** It failed. */\n  failure: 1,\n} as const;\n',
    );
    expect(codes).toEqual([
      { code: 0, name: 'ok', meaning: 'Done.' },
      { code: 1, name: 'failure', meaning: 'It failed.' },
    ]);
    expect(exitCodes().map((c) => c.code)).toEqual(expect.arrayContaining([0, 1, 2, 130]));
    expect(() => exitCodes('export const X = 1;')).toThrow(/no EXIT object/);
  });
  test('a usage text cut into flags, continuation lines joined', () => {
    const usage = parseUsage(
      'tool',
      'Usage: tool [--port N]\n\nOptions:\n  --port N      port (default 1)\n  --funds N     funds, a long\n                explanation\n  --quiet       quiet',
    );
    expect(usage.flags).toEqual([
      { flag: '--port N', description: 'port (default 1)' },
      { flag: '--funds N', description: 'funds, a long explanation' },
      { flag: '--quiet', description: 'quiet' },
    ]);
    expect(() => parseUsage('tool', 'Usage: tool')).toThrow(/no flags/);
  });
  test("the build machine's home becomes ~", () => {
    expect(portablePaths(`default ${homedir()}/.config/assoc-feed/config.json`, {})).toBe(
      'default ~/.config/assoc-feed/config.json',
    );
    expect(portablePaths('default /x/cfg/assoc-feed/config.json', { XDG_CONFIG_HOME: '/x/cfg' })).toBe(
      'default ~/.config/assoc-feed/config.json',
    );
  });
});

// The names of the working files outside the repository are assembled here rather than written out, so that a
// search of the repository for citations of them finds only real ones (the guard's patterns are in entries.ts).
const outsideEvidence = ['EVIDENCE', 'md'].join('.');
const siblingFolder = ['..', 'shared'].join('/');

describe('no SDK page cites a file outside the repository', () => {
  test.each([
    ['the evidence file', `Basis: guess (${outsideEvidence} row 5).`],
    ['a sibling folder', `see ${siblingFolder}/DESIGN.md`],
    ["the build machine's home", `default ${homedir()}/.config/x.json`],
  ])('%s fails the build, naming the page', (_, text) => {
    expect(() => assertNoOutsideFiles('sdk-x.html', `<p>${text}</p>`)).toThrow(/sdk-x\.html cites a file/);
  });
  test('text without them passes', () => {
    expect(() =>
      assertNoOutsideFiles('sdk-x.html', '<p>See the evidence table in the specs.</p>'),
    ).not.toThrow();
  });
});

describe("a search result's line: the first sentence, cut at word boundaries", () => {
  const long = `The options ${'of a client and '.repeat(20)}more.`;
  test.each([
    [
      'a colon inside code does not end it',
      "`Throw`: made with `throwOnError: true`, so every call's result is its success branch. More.",
      "Throw: made with throwOnError: true, so every call's result is its success branch.",
    ],
    [
      'e.g. does not end it',
      'A client for the mock, e.g. in a test suite. Next.',
      'A client for the mock, e.g. in a test suite.',
    ],
    [
      'a text without a full stop is whole',
      'Read the token from the environment',
      'Read the token from the environment',
    ],
  ])('%s', (_name, doc, line) => {
    expect(firstSentence(doc)).toBe(line);
  });
  test('past the limit, cut at the last whole word, with an ellipsis', () => {
    const line = firstSentence(long, 60);
    expect(line.length).toBeLessThanOrEqual(61);
    expect(line.endsWith('…')).toBe(true);
    expect(long.startsWith(line.slice(0, -1))).toBe(true);
    expect(long[line.length - 1]).toBe(' ');
  });
});

describe('tables on a phone', () => {
  test("every cell carries its column's heading", () => {
    const html = labelTableCells(
      '<table><thead><tr><th>Name</th><th><code>Type</code> &amp; kind</th></tr></thead><tbody><tr id="a"><td>x</td><td class="t">y</td></tr></tbody></table>',
    );
    expect(html).toContain('<td data-label="Name">x</td>');
    expect(html).toContain('<td data-label="Type &amp; kind" class="t">y</td>');
  });
  test('a long code span in a cell wraps only between the parts of a path, never at a hyphen inside one', () => {
    const html = labelTableCells(
      '<table><thead><tr><th>Endpoint</th></tr></thead><tbody><tr><td><code>GET /feed/precos-indices/v1/ima</code></td></tr></tbody></table>',
    );
    expect(html).toContain(
      '<code><span class="seg">GET /</span><wbr><span class="seg">feed/</span><wbr><span class="seg">precos-indices/</span><wbr><span class="seg">v1/</span><wbr><span class="seg">ima</span></code>',
    );
  });
  test('a table without a heading row is left as it is', () => {
    const html = '<table><tr><td>x</td></tr></table>';
    expect(labelTableCells(html)).toBe(html);
  });
  test('code breaks only between its parts, never inside an identifier', () => {
    expect(breakableCode('Record<string, EnvironmentName> | undefined')).toBe(
      'Record&lt;<wbr>string,<wbr> EnvironmentName&gt; |<wbr> undefined',
    );
    expect(breakableCode('(event: FeedEvent) => void')).toBe('(<wbr>event: FeedEvent) <wbr>=&gt; void');
  });
});
