// A user's default install prints no engine warning on Node 20: no package that the published packages pull in
// (their production dependencies, all the way down) declares a Node minimum above ours. Prism declares Node
// ≥ 24.18, so it stays in @assoc-feed/mock, which only those who want the Prism mock install; the sandbox takes
// the mock as an optional peer (for --validate-with-prism), never as a dependency.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineConflicts, requiresAbove } from './engines.ts';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = publishable(await readWorkspace(root));
/** Packages that may pull one in, with the reason; each must really do so (or leave this list). */
const allowed: Record<string, string> = {
  '@assoc-feed/mock':
    'it is the Prism mock: Prism 5.16 declares Node >= 24.18 (it runs on 20, TOOLCHAIN-NOTES)',
};

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
  it.each(packages.filter((p) => !(p.name in allowed)).map((p) => [p.name, p.dir]))(
    '%s pulls in nothing that asks for a newer Node',
    (_, dir) => {
      expect(engineConflicts(dir)).toEqual([]);
    },
    60_000,
  );

  it.each(Object.keys(allowed))(
    '%s is allowed because it really pulls Prism in',
    (name) => {
      const pkg = packages.find((p) => p.name === name);
      expect(pkg, `${name} is not a publishable package any more: drop it from the list`).toBeDefined();
      expect(engineConflicts(join(pkg?.dir ?? '')).map((c) => c.name)).toContain('@stoplight/prism-cli');
    },
    120_000,
  ); // Prism's closure is a few hundred packages
});
