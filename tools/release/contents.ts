// What a tarball may hold: what users need (the built files, package.json, readme, licence, changelog) and
// nothing else. Each rule names what it found and how to keep it out.
import { posix } from 'node:path';
import { bins, targetsOf } from './entrypoints.ts';
import type { Manifest } from './workspace.ts';

export interface ContentProblem {
  rule: ContentRule;
  file: string;
  message: string;
}

export type ContentRule =
  | 'test-file'
  | 'source-map'
  | 'typescript-source'
  | 'build-config'
  | 'unexpected-file'
  | 'missing-entry'
  | 'no-files';

/** Top-level files every package may ship besides its build output. */
const metaFile = /^(?:package\.json|(?:readme|licen[cs]e|changelog|notice)(?:\.(?:md|txt))?)$/i;
/** Where build output lives. */
const outputDirs = ['dist/'];

const forbidden: { rule: ContentRule; test: RegExp; fix: string }[] = [
  {
    rule: 'test-file',
    test: /(?:^|\/)(?:__tests__|__mocks__|__fixtures__|tests?|fixtures?|test-support)\/|\.(?:test|spec)\.(?:d\.)?[cm]?[jt]sx?$/,
    fix: 'exclude tests and their helpers from the build (tsconfig.build.json "exclude": ["src/**/*.test.ts", "src/test-support"])',
  },
  {
    rule: 'typescript-source',
    test: /(?<!\.d)\.[cm]?tsx?$/,
    fix: 'ship the compiled .js and .d.ts only',
  },
  {
    rule: 'build-config',
    test: /(?:^|\/)(?:tsconfig[^/]*\.json|[^/]*\.tsbuildinfo|vitest\.config\.[^/]+|biome\.json|\.turbo\/.*|node_modules\/.*|\.DS_Store)$/,
    fix: 'keep build configuration out of "files"',
  },
];

/** Source maps ship only when the package says so: a "files" entry that names them (`dist/**\/*.js.map`). */
function mapsIntended(manifest: Manifest): boolean {
  return (manifest.files ?? []).some((pattern) => pattern.endsWith('.map'));
}

/** Files that exports, main, types and bin point to (patterns skipped), without the leading `./`. */
export function referencedFiles(manifest: Manifest): string[] {
  const refs = [
    ...targetsOf(manifest.exports),
    ...(manifest.main ? [manifest.main] : []),
    ...(manifest.types ? [manifest.types] : []),
    ...Object.values(bins(manifest)),
  ];
  return [...new Set(refs.filter((ref) => !ref.includes('*')).map((ref) => posix.normalize(ref)))];
}

/** Problems with a tarball's file list (paths relative to the package root, without `package/`). */
export function checkContents(manifest: Manifest, files: string[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (files.filter((file) => file !== 'package.json').length === 0) {
    problems.push({
      rule: 'no-files',
      file: '',
      message: 'the tarball holds only package.json: build first, and check "files"',
    });
  }
  for (const file of files) {
    const bad = forbidden.find(({ test }) => test.test(file));
    if (bad) {
      problems.push({ rule: bad.rule, file, message: `${file}: ${bad.rule.replace('-', ' ')}; ${bad.fix}` });
    } else if (file.endsWith('.map') && !mapsIntended(manifest)) {
      problems.push({
        rule: 'source-map',
        file,
        message: `${file}: source map nobody asked for; set "sourceMap": false in the build, or name the maps in "files" to ship them on purpose`,
      });
    } else if (!metaFile.test(file) && !outputDirs.some((dir) => file.startsWith(dir))) {
      problems.push({
        rule: 'unexpected-file',
        file,
        message: `${file}: outside ${outputDirs.join(', ')} and not a readme, licence or changelog; drop it from "files" (or allow it in tools/release/contents.ts if users need it)`,
      });
    }
  }
  const present = new Set(files);
  for (const ref of referencedFiles(manifest)) {
    if (!present.has(ref)) {
      problems.push({
        rule: 'missing-entry',
        file: ref,
        message: `${ref} is named in package.json (exports, main, types or bin) but is not in the tarball: build it, or fix the path`,
      });
    }
  }
  return problems;
}
