// check:packages fails when a package's exports or types break. Each case packs a small fixture package (a
// sound one, changed in one way) with pnpm, then runs what check:packages runs on every real package: the
// tarball checks (file list, publint, Are The Types Wrong), and a consumer project outside the workspace
// type-checked under TypeScript 5.9 and 7 and run on Node.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackage } from './check-package.ts';
import {
  type Compiler,
  type ConsumerOptions,
  checkConsumer,
  compilers,
  installConsumer,
  type Resolution,
  type Step,
} from './consumer.ts';
import type { Packed } from './pack.ts';
import { type Files, fixturePackage } from './test-support/fixture-package.ts';
import { unpackedConsumer } from './test-support/unpacked-consumer.ts';

const temp = mkdtempSync(join(tmpdir(), 'check-packages-fixtures-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let count = 0;

/** The sound fixture changed by `files` (null deletes) and `manifest`, packed. */
const fixture = (files: Files = {}, manifest: Record<string, unknown> = {}): Promise<Packed> =>
  fixturePackage(join(temp, `fixture-${++count}`), files, manifest);

describe('tarball checks', () => {
  const cases: { name: string; files?: Files; manifest?: Record<string, unknown>; codes: string[] }[] = [
    { name: 'a sound package passes', codes: [] },
    {
      name: 'code and a data file side by side (as @assoc-feed/specs ships YAML): only the code has types to check',
      files: { 'dist/spec.yaml': 'openapi: 3.1.0\n' },
      manifest: {
        exports: {
          '.': { types: './dist/index.d.ts', import: './dist/index.js' },
          './spec.yaml': './dist/spec.yaml',
        },
      },
      codes: [],
    },
    {
      name: 'exports pointing at a file that is not built',
      manifest: { exports: { '.': { types: './dist/index.d.ts', import: './dist/main.js' } } },
      codes: ['missing-entry', 'FILE_DOES_NOT_EXIST'],
    },
    {
      name: 'the .d.ts that exports name is missing',
      files: { 'dist/index.d.ts': null },
      codes: ['missing-entry', 'FILE_DOES_NOT_EXIST', 'NoTypes'],
    },
    {
      name: 'no type declarations at all',
      files: { 'dist/index.d.ts': null },
      manifest: { exports: { '.': './dist/index.js' } },
      codes: ['NoTypes'],
    },
    {
      name: 'a .d.ts that re-exports a file not in the tarball',
      files: { 'dist/index.d.ts': "export * from './names.js';\n" },
      codes: ['InternalResolutionError'],
    },
    {
      name: 'ESM code in a package that does not say "type": "module"',
      manifest: {
        type: undefined,
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      },
      codes: ['FILE_INVALID_FORMAT'],
    },
    {
      name: 'the types condition after import (TypeScript never sees it)',
      manifest: { exports: { '.': { import: './dist/index.js', types: './dist/index.d.ts' } } },
      codes: ['EXPORTS_TYPES_SHOULD_BE_FIRST'],
    },
    {
      name: 'tests in the tarball',
      files: { 'dist/index.test.js': "import { greet } from './index.js';\ngreet('x');\n" },
      codes: ['test-file'],
    },
    {
      name: 'source maps nobody asked for',
      files: { 'dist/index.js.map': '{"version":3,"sources":[],"mappings":""}' },
      codes: ['source-map'],
    },
  ];
  it.each(cases)(
    '$name',
    async ({ files, manifest, codes }) => {
      const verdict = await checkPackage(await fixture(files, manifest));
      const found = verdict.problems.map((p) => p.code);
      if (codes.length === 0) expect(verdict.problems).toEqual([]);
      else expect(found).toEqual(expect.arrayContaining(codes));
    },
    60_000,
  );
});

describe('consumer project', () => {
  const consumer = {
    'scenario.ts': [
      "import { greet } from '@fixture/greet';",
      "const text: string = greet('team');",
      'export async function scenario(): Promise<string[]> {',
      "  return text === 'hello team' ? [] : ['greet answered ' + text];",
      '}',
      '',
    ].join('\n'),
  };
  const quick = compilers.filter((c) => c.label === 'TypeScript 7');
  /** The CommonJS consumer's run (require() of every entry point). */
  const CJS = /^run on Node.*, CommonJS$/;
  const cases: {
    name: string;
    files?: Files;
    manifest?: Record<string, unknown>;
    resolutions: Resolution[];
    /** Both unless said: a case about the run needs one compiler to emit it (the quick one). */
    compilers?: Compiler[];
    failing: RegExp[];
  }[] = [
    {
      name: 'a changed signature in the .d.ts fails every type check',
      files: { 'dist/index.d.ts': 'export declare function greet(name: number): string;\n' },
      resolutions: ['nodenext'],
      failing: [/TypeScript 5\.9.*nodenext/, /TypeScript 7.*nodenext/, /^run on Node/, CJS],
    },
    {
      name: 'an export missing from the .d.ts fails every type check',
      files: { 'dist/index.d.ts': 'export declare function hello(name: string): string;\n' },
      resolutions: ['nodenext', 'bundler'],
      failing: [
        /TypeScript 5\.9.*nodenext/,
        /TypeScript 5\.9.*bundler/,
        /TypeScript 7.*nodenext/,
        /TypeScript 7.*bundler/,
        /^run on Node/, // a program that does not compile is not run
        CJS,
      ],
    },
    {
      name: 'exports that no longer expose the entry point fail the checks and the run',
      manifest: { exports: { './package.json': './package.json' } },
      resolutions: ['nodenext'],
      failing: [/TypeScript 5\.9.*nodenext/, /TypeScript 7.*nodenext/, /^run on Node/, CJS],
    },
    {
      // The types still resolve (the types condition comes first); require() finds no condition it reads.
      name: 'exports for import only (no default or require condition) fail the CommonJS run',
      manifest: {
        exports: {
          '.': { types: './dist/index.d.ts', import: './dist/index.js' },
          './package.json': './package.json',
        },
      },
      resolutions: ['nodenext'],
      compilers: quick,
      failing: [CJS],
    },
    {
      name: 'top-level await, which require() of ESM refuses, fails the CommonJS run only',
      files: {
        'dist/index.js':
          "await Promise.resolve();\nexport function greet(name) {\n  return 'hello ' + name;\n}\n",
      },
      resolutions: ['nodenext'],
      compilers: quick,
      failing: [CJS],
    },
    {
      name: 'code that throws at import fails the run while the types pass',
      files: { 'dist/index.js': "throw new Error('broken build');\n" },
      resolutions: ['nodenext'],
      compilers: quick,
      failing: [/^run on Node/, CJS],
    },
  ];
  const options = (
    dir: string,
    packed: Packed,
    resolutions: Resolution[],
    only?: Compiler[],
  ): ConsumerOptions => ({
    dir,
    packed: [packed],
    sources: consumer,
    resolutions,
    ...(only && { compilers: only }),
    // libCheck off: these failures are in what the consumer's code uses, and checking all of @types/node
    // under each compiler would make this file the slowest of the suite (check:packages keeps it on).
    libCheck: false,
  });

  // One real install, pnpm's, of the sound fixture's tarball with both compilers and @types/node: the sound
  // case runs in it, and each broken fixture's project borrows its compilers (test-support/unpacked-consumer.ts).
  let installed: { project: ConsumerOptions; install: Step };
  beforeAll(async () => {
    const project = options(mkdtempSync(join(temp, 'consumer-')), await fixture(), ['nodenext', 'bundler']);
    installed = { project, install: await installConsumer(project) };
  }, 180_000);

  it('a sound package installs (pnpm), type-checks and runs', async () => {
    expect(installed.install.ok, installed.install.output).toBe(true);
    const steps = await checkConsumer(installed.project);
    expect(steps.filter((s) => !s.ok)).toEqual([]);
    const [esm, cjs] = steps.filter((s) => s.name.startsWith('run on '));
    expect(esm?.output).toMatch(/1 code entry points loaded.*0 failure/);
    expect(cjs?.output).toMatch(/1 code entry points required from CommonJS: 0 failure/);
  }, 180_000);

  // Concurrently: each case waits on its compilers and Node processes, not on this one.
  it.concurrent.for(cases)(
    '$name',
    { timeout: 180_000 },
    async ({ files, manifest, resolutions, compilers: only, failing }, { expect }) => {
      const packed = await fixture(files, manifest);
      const project = options(mkdtempSync(join(temp, 'consumer-')), packed, resolutions, only);
      const steps = await checkConsumer(unpackedConsumer(installed.project, project));
      const failed = steps.filter((s) => !s.ok).map((s) => s.name);
      expect(failed).toHaveLength(failing.length);
      failing.forEach((pattern, i) => {
        expect(failed[i]).toMatch(pattern);
      });
    },
  );
});
