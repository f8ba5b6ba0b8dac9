// check:packages fails when a package's built public surface differs from its committed api-report.md, and the
// failure names what changed and the command that rewrites the report. Each case writes the sound fixture
// package, commits (writes) its report, then changes the package in one way.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiReport, checkApiReport, REPORT_FILE } from './api-surface.ts';
import { type Files, soundManifest, writeFixture } from './test-support/fixture-package.ts';
import type { Manifest } from './workspace.ts';

const temp = mkdtempSync(join(tmpdir(), 'api-report-fixtures-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let count = 0;

/** The sound fixture with its report written, then changed by `files` and `manifest`; its check. */
function checkAfter(files: Files, manifest: Record<string, unknown> = {}) {
  const dir = join(temp, `fixture-${++count}`);
  writeFixture(dir);
  writeFileSync(join(dir, REPORT_FILE), apiReport(dir, soundManifest as Manifest));
  writeFixture(dir, files, manifest);
  const changed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  return checkApiReport(dir, changed);
}

describe('the report of the sound fixture', () => {
  it('lists each exported name with its declaration', () => {
    const dir = join(temp, 'sound');
    writeFixture(dir);
    expect(apiReport(dir, soundManifest as Manifest)).toContain(
      '### `greet` (function)\n\n```ts\nexport declare function greet(name: string): string;\n```',
    );
  });
});

describe('check:packages against the committed report', () => {
  const cases: { name: string; files?: Files; manifest?: Record<string, unknown>; problem?: RegExp }[] = [
    { name: 'an unchanged package passes', files: {} },
    {
      name: 'a doc comment added to a declaration is not an API change',
      files: {
        'dist/index.d.ts': '/** Says hello. */\nexport declare function greet(name: string): string;\n',
      },
    },
    {
      name: 'a changed signature fails, naming the export',
      files: { 'dist/index.d.ts': 'export declare function greet(name: number): string;\n' },
      problem: /changed @fixture\/greet greet\b/,
    },
    {
      name: 'a new export fails, naming it',
      files: {
        'dist/index.d.ts':
          'export declare function greet(name: string): string;\nexport declare const VERSION: string;\n',
      },
      problem: /added @fixture\/greet VERSION\b/,
    },
    {
      name: 'a removed export fails, naming it',
      files: { 'dist/index.d.ts': 'export declare function hello(name: string): string;\n' },
      problem: /added @fixture\/greet hello; removed @fixture\/greet greet\b/,
    },
    {
      name: 'a new entry point fails',
      files: {
        'dist/extra.d.ts': 'export declare const extra: number;\n',
        'dist/extra.js': 'export const extra = 1;\n',
      },
      manifest: {
        exports: {
          ...soundManifest.exports,
          './extra': { types: './dist/extra.d.ts', import: './dist/extra.js' },
        },
      },
      problem: /added @fixture\/greet\/extra extra\b/,
    },
    {
      name: 'an internal subpath (outside semver) is listed, its exports are not reported',
      files: {
        'dist/internal.d.ts': 'export declare const siblingOnly: number;\n',
        'dist/internal.js': 'export const siblingOnly = 1;\n',
      },
      manifest: {
        exports: {
          ...soundManifest.exports,
          './internal': { types: './dist/internal.d.ts', import: './dist/internal.js' },
        },
      },
      problem: /entry points or bins/,
    },
  ];
  it.each(cases)('$name', ({ files = {}, manifest, problem }) => {
    const verdict = checkAfter(files, manifest);
    if (!problem) expect(verdict.problems).toEqual([]);
    else {
      expect(verdict.problems).toHaveLength(1);
      expect(verdict.problems[0]).toMatch(problem);
      expect(verdict.problems[0]).toMatch(/run `pnpm api:report` and commit/);
    }
  });

  it('a change under an internal subpath (outside semver) is not an API change', () => {
    const dir = join(temp, 'internal');
    const manifest = {
      ...soundManifest,
      exports: {
        ...soundManifest.exports,
        './internal': { types: './dist/internal.d.ts', import: './dist/internal.js' },
      },
    };
    const internal = (declaration: string): Files => ({
      'dist/internal.d.ts': `${declaration}\n`,
      'dist/internal.js': 'export const siblingOnly = 1;\n',
    });
    writeFixture(dir, internal('export declare const siblingOnly: number;'), manifest);
    writeFileSync(join(dir, REPORT_FILE), apiReport(dir, manifest as Manifest));
    writeFixture(dir, internal('export declare const siblingOnly: string;'), manifest);
    expect(checkApiReport(dir, manifest as Manifest).problems).toEqual([]);
    expect(readFileSync(join(dir, REPORT_FILE), 'utf8')).not.toContain('siblingOnly');
  });

  it('a package without a committed report fails, naming the command that writes it', () => {
    const dir = join(temp, 'no-report');
    writeFixture(dir);
    expect(checkApiReport(dir, soundManifest as Manifest).problems).toEqual([
      `${REPORT_FILE} is missing: run \`pnpm api:report\` and commit it`,
    ]);
  });
});
