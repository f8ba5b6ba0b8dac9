// The README's Vitest typing, compiled as a user's project would compile it (strict, NodeNext): one reference to
// each package's `vitest-provided` declarations types `inject('feedSandbox')` and `inject('feedMockUrl')`; without
// it, inject() refuses the key, as Vitest's own types do.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

/** The README's ```ts block that references `<package>/vitest-provided`. */
function readmeUsage(pkg: string): string {
  const readme = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'README.md'), 'utf8');
  const block = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
    .map((m) => m[1] as string)
    .find((code) => code.includes(`${pkg}/vitest-provided`));
  if (!block) throw new Error(`${pkg}'s README shows no reference to ${pkg}/vitest-provided`);
  return block;
}

// Inside this package, so the project resolves the workspace's @assoc-feed packages and Vitest as a user's would.
const project = mkdtempSync(join(here, '..', '.provided-context-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function compile(files: Record<string, string>): { status: number | null; output: string } {
  for (const [name, code] of Object.entries(files)) writeFileSync(join(project, name), code);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: Object.keys(files),
    }),
  );
  const run = spawnSync(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')], {
    encoding: 'utf8',
    timeout: 240_000, // a guard against a hang
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("the README's Vitest typing", () => {
  const sandbox = readmeUsage('@assoc-feed/sandbox');
  const mock = readmeUsage('@assoc-feed/mock');

  it('compiles under strict: inject() gives the sandbox and the mock URL their types', () => {
    const { status, output } = compile({ 'sandbox-usage.mts': sandbox, 'mock-usage.mts': mock });
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 300_000);

  it('without the reference, inject() refuses the keys (what the reference fixes)', () => {
    const strip = (code: string) => code.replace(/^\/\/\/ <reference .*\n/m, '');
    const { status, output } = compile({
      'sandbox-usage.mts': strip(sandbox),
      'mock-usage.mts': strip(mock),
    });
    expect(status).not.toBe(0);
    expect(output).toContain(`Argument of type '"feedSandbox"' is not assignable`);
    expect(output).toContain(`Argument of type '"feedMockUrl"' is not assignable`);
  }, 300_000);
});
