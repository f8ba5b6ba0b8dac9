// Where the sandbox reads the joined spec from: Node's own answer, found without require.resolve's cost.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { joinedSpecJsonPath, loadSpec, nearestSpecsFile } from './load.js';

function packageAt(root: string, exportsMap: Record<string, unknown>): void {
  const dir = join(root, 'node_modules', '@assoc-feed', 'specs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: '@assoc-feed/specs', exports: exportsMap }),
  );
}

describe('nearestSpecsFile', () => {
  const root = mkdtempSync(join(tmpdir(), 'specs-lookup-'));
  const deep = join(root, 'a', 'b', 'c');
  mkdirSync(deep, { recursive: true });

  it('finds no package where none is installed above', () => {
    expect(nearestSpecsFile('feed.json', deep)).toBeUndefined();
  });

  it('takes the exports entry of the package in the nearest node_modules above', () => {
    packageAt(root, { './feed.json': './dist/feed.json' });
    expect(nearestSpecsFile('feed.json', deep)).toBe(
      join(root, 'node_modules/@assoc-feed/specs/dist/feed.json'),
    );
    packageAt(join(root, 'a'), { './feed.json': './other/feed.json' });
    expect(nearestSpecsFile('feed.json', deep)).toBe(
      join(root, 'a/node_modules/@assoc-feed/specs/other/feed.json'),
    );
  });

  it.each([
    ['the file is not exported', { './model': './dist/model/index.js' }],
    ['the entry is conditional', { './feed.json': { default: './dist/feed.json' } }],
  ])('leaves it to require.resolve when %s', (_, exportsMap) => {
    const own = mkdtempSync(join(tmpdir(), 'specs-lookup-'));
    packageAt(own, exportsMap);
    expect(nearestSpecsFile('feed.json', own)).toBeUndefined();
  });

  it("gives Node's own answer for the installed package, from this module", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const found = nearestSpecsFile('feed.json', here);
    expect(found).toBeDefined();
    const node = createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json');
    expect(realpathSync(found as string)).toBe(node);
    expect(realpathSync(joinedSpecJsonPath())).toBe(node);
  });
});

describe('loadSpec', () => {
  it('reads the joined spec of the three documents by default', () => {
    const spec = loadSpec() as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/feed/fundos/v2/fundos', '/feed/fundos/v1/fundos-estruturados/{CNPJ}']),
    );
  });
});
