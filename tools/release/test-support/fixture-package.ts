// Test support: a small sound package (`@fixture/greet`), changed in one way per test case and packed with
// pnpm as a release would pack it. The checks of check:packages run on it in package-checks.test.ts,
// runtimes.test.ts and api-report.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Packed, pack } from '../pack.ts';

/** Files by path; null deletes the sound package's file. */
export type Files = Record<string, string | null>;

export const soundManifest = {
  name: '@fixture/greet',
  version: '1.0.0',
  description: 'fixture',
  license: 'MIT',
  repository: { type: 'git', url: 'git+https://github.com/fixture/greet.git', directory: 'packages/greet' },
  homepage: 'https://github.com/fixture/greet#readme',
  bugs: { url: 'https://github.com/fixture/greet/issues' },
  type: 'module',
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './package.json': './package.json',
  },
  files: ['dist'],
};

export const sound: Files = {
  'dist/index.js': "export function greet(name) {\n  return 'hello ' + name;\n}\n",
  'dist/index.d.ts': 'export declare function greet(name: string): string;\n',
  'README.md': '# @fixture/greet\n',
};

/** Writes the sound fixture changed by `files` and `manifest` into `dir`, unpacked. */
export function writeFixture(dir: string, files: Files = {}, manifest: Record<string, unknown> = {}): void {
  const all: Files = {
    ...sound,
    ...files,
    'package.json': JSON.stringify({ ...soundManifest, ...manifest }, null, 2),
  };
  for (const [path, text] of Object.entries(all)) {
    if (text === null) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Writes the sound fixture changed by `files` and `manifest` into `dir`, and packs it there. */
export async function fixturePackage(
  dir: string,
  files: Files = {},
  manifest: Record<string, unknown> = {},
): Promise<Packed> {
  writeFixture(dir, files, manifest);
  mkdirSync(join(dir, 'out'));
  return pack(dir, join(dir, 'out'));
}
