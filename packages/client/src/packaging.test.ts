// The published client packages as a consumer gets them: each one packed and linted by publint (suggestions
// included, stricter than check:packages), its manifest in the shape the build promises, and the bundles an
// application imports kept within the size budgets of this package's `size-limit` field. Needs the packages built.
// How their types resolve for Node (ESM) and bundlers (Are The Types Wrong, esm-only profile) is checked by
// `pnpm check:packages` on these same tarballs (tools/release/lint-tarball.ts), which CI (`.ci/run`) runs.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, describe, expect, it } from 'vitest';

interface RunFailure {
  code?: number;
  stdout?: string;
  stderr?: string;
}
const run = (file: string, args: string[], cwd: string): Promise<RunFailure> =>
  promisify(execFile)(file, args, { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: RunFailure) => error,
  );
const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const PUBLISHED = ['core', 'fundos-v2', 'fundos-v1', 'precos-indices', 'client'];

const packDir = mkdtempSync(join(tmpdir(), 'assoc-feed-pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

/** `pnpm pack` (which writes workspace:* as the real versions, as a publish does); the tarball's path. */
async function pack(pkgDir: string): Promise<string> {
  const result = await run('pnpm', ['pack', '--pack-destination', packDir], pkgDir);
  const tarball = result.stdout?.trim().split('\n').at(-1);
  if (result.code !== 0 || !tarball?.endsWith('.tgz'))
    throw new Error(`pnpm pack failed:\n${result.stdout}${result.stderr}`);
  return tarball;
}

describe.concurrent.each(PUBLISHED)('@assoc-feed/%s as published', (name) => {
  const pkgDir = `${packagesDir}${name}`;
  const tarball = pack(pkgDir);
  tarball.catch(() => {}); // reported by the tests that await it

  it('passes publint with no error, warning or suggestion', async () => {
    const data = readFileSync(await tarball);
    const { messages, pkg } = await publint({
      level: 'suggestion',
      strict: true,
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`)).toEqual([]);
  }, 180_000);

  it('declares ESM, types first in exports, no side effects, and ships dist only', () => {
    const manifest = JSON.parse(readFileSync(`${pkgDir}/package.json`, 'utf8'));
    expect(manifest).toMatchObject({ type: 'module', sideEffects: false, files: ['dist'] });
    // `default`, not `import`: require() (CommonJS on Node 20.19+) reads it as well as import does.
    expect(Object.keys(manifest.exports['.'])).toEqual(['types', 'default']);
  });
});

it('keeps every bundle within its size budget (size-limit, min+gzip)', async () => {
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  const result = await run(bin('size-limit'), ['--json'], cwd);
  const out = result.stdout ?? '';
  const entries = JSON.parse(out.slice(out.indexOf('['))) as {
    name: string;
    size: number;
    passed?: boolean;
  }[];
  const over = entries.filter((e) => e.passed === false).map((e) => `${e.name}: ${e.size} bytes`);
  expect(over).toEqual([]);
  expect(entries.length).toBeGreaterThanOrEqual(4);
}, 180_000);
