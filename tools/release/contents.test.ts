// A tarball holds what users need and nothing else: each case is a file list and the rules it breaks.
import { describe, expect, it } from 'vitest';
import { type ContentRule, checkContents, referencedFiles } from './contents.ts';
import { entrypoints } from './entrypoints.ts';
import type { Manifest } from './workspace.ts';

const manifest: Manifest = {
  name: '@assoc-feed/demo',
  version: '1.0.0',
  type: 'module',
  exports: {
    '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    './package.json': './package.json',
  },
  files: ['dist'],
};
const built = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts'];

describe('checkContents', () => {
  const cases: { name: string; files: string[]; manifest?: Manifest; rules: ContentRule[] }[] = [
    { name: 'build output, package.json and readme pass', files: built, rules: [] },
    { name: 'licence and changelog pass', files: [...built, 'LICENSE', 'CHANGELOG.md'], rules: [] },
    { name: 'a compiled test file', files: [...built, 'dist/index.test.js'], rules: ['test-file'] },
    { name: 'a test declaration file', files: [...built, 'dist/index.test.d.ts'], rules: ['test-file'] },
    { name: 'a fixtures folder', files: [...built, 'dist/fixtures/fund.json'], rules: ['test-file'] },
    { name: 'a __tests__ folder', files: [...built, 'dist/__tests__/a.js'], rules: ['test-file'] },
    { name: 'a test-support folder', files: [...built, 'dist/test-support/cli.js'], rules: ['test-file'] },
    { name: 'TypeScript sources', files: [...built, 'src/index.ts'], rules: ['typescript-source'] },
    { name: 'a .d.mts declaration is not a source', files: [...built, 'dist/extra.d.mts'], rules: [] },
    { name: 'a source map by accident', files: [...built, 'dist/index.js.map'], rules: ['source-map'] },
    {
      name: 'source maps named in "files" ship on purpose',
      files: [...built, 'dist/index.js.map'],
      manifest: { ...manifest, files: ['dist', 'dist/**/*.js.map'] },
      rules: [],
    },
    {
      name: 'build configuration',
      files: [...built, 'dist/tsconfig.build.json', 'dist/.tsbuildinfo'],
      rules: ['build-config', 'build-config'],
    },
    { name: 'a stray top-level file', files: [...built, 'notes.txt'], rules: ['unexpected-file'] },
    {
      name: 'an export whose file is missing',
      files: ['package.json', 'dist/index.js'],
      rules: ['missing-entry'],
    },
    {
      name: 'a bin whose file is missing',
      files: built,
      manifest: { ...manifest, bin: { demo: './dist/cli.js' } },
      rules: ['missing-entry'],
    },
    { name: 'nothing built', files: ['package.json'], rules: ['no-files', 'missing-entry', 'missing-entry'] },
  ];
  it.each(cases)('$name', ({ files, rules, ...rest }) => {
    const problems = checkContents(rest.manifest ?? manifest, files);
    expect(problems.map((p) => p.rule)).toEqual(rules);
    for (const problem of problems) expect(problem.message).toContain(problem.file); // names what it found
  });
});

describe('what package.json points to', () => {
  it('lists the files of exports, main, types and bin, normalised, patterns left out', () => {
    expect(
      referencedFiles({
        name: 'x',
        exports: { '.': { types: './dist/a.d.ts', default: './dist/a.js' }, './*': './dist/*.js' },
        main: './dist/a.js',
        bin: { x: 'dist/cli.js' },
      }),
    ).toEqual(['dist/a.d.ts', 'dist/a.js', 'dist/cli.js']);
  });
  it('classifies entrypoints as code or data', () => {
    expect(
      entrypoints({
        name: '@assoc-feed/specs',
        exports: { './feed.json': './dist/feed.json', './package.json': './package.json' },
      }).map((e) => [e.specifier, e.kind]),
    ).toEqual([
      ['@assoc-feed/specs/feed.json', 'data'],
      ['@assoc-feed/specs/package.json', 'data'],
    ]);
    expect(entrypoints(manifest).map((e) => [e.specifier, e.kind])).toEqual([
      ['@assoc-feed/demo', 'code'],
      ['@assoc-feed/demo/package.json', 'data'],
    ]);
    expect(entrypoints({ name: 'legacy', main: 'index.js' }).map((e) => e.specifier)).toEqual(['legacy']);
  });
});
