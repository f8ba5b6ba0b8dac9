// A user's default install prints no engine warning on Node 20.19: every published package declares our floor, and
// no package they pull in (their production dependencies, all the way down) declares a Node minimum above it.
// The mock pins Prism's packages to the last line that accepts Node 18.20 (prism-cli 5.14.2 with prism-core
// 5.8.0, prism-http 5.12.0, prism-http-server 5.12.2): 5.15 and later ask for Node 24, and prism-cli 5.14.2's own
// ranges would resolve to them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineConflicts, requiresAbove } from './engines.ts';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = publishable(await readWorkspace(root));

describe('requiresAbove', () => {
  it.each([
    ['>=24.18.0', true],
    ['>=20.19', false],
    ['>=20.19.0', false],
    ['>=20.20.0', true],
    ['>=18', false],
    ['^20.19.0 || >=22.12.0', false],
    ['*', false],
  ])('%s -> %s', (range, expected) => {
    expect(requiresAbove(range)).toBe(expected);
  });
});

describe('engines of what users install', () => {
  it.each(packages.map((p) => [p.name, p.dir]))('%s declares engines.node >=20.19', (_, dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      engines?: { node?: string };
    };
    expect(manifest.engines?.node).toBe('>=20.19');
  });

  // Prism's closure is a few hundred packages.
  it.each(packages.map((p) => [p.name, p.dir]))(
    '%s pulls in nothing that asks for a newer Node',
    (_, dir) => {
      expect(engineConflicts(dir)).toEqual([]);
    },
    120_000,
  );
});
