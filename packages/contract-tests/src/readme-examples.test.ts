// The READMEs' examples are the code these tests run: each marked block (<!-- readme-example: NAME -->) of
// packages/mock/README.md and packages/sandbox/README.md is written into a throwaway Vitest project next to
// this package (so it resolves the workspace's packages) and run there. The Jest blocks run in check:packages.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmeExamples, runVitestProject } from './test-support/readme-examples.js';

const artifacts = (name: string) =>
  fileURLToPath(new URL(`../test-artifacts/readme/${name}/`, import.meta.url));
const readme = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/README.md`, import.meta.url));

describe.each(['mock', 'sandbox'])('the examples of packages/%s/README.md', (pkg) => {
  const blocks = readmeExamples(readme(pkg), [
    'msw',
    'vitest-config',
    'vitest-test',
    'jest-config',
    'jest-test',
  ]);

  it('the request handlers example passes as a test file', async () => {
    const run = await runVitestProject(artifacts(`${pkg}-msw`), {
      'msw.test.ts': blocks.get('msw') as string,
    });
    expect(run.output).toMatch(/Tests\s+\d+ passed/);
    expect(run.code, run.output).toBe(0);
  }, 600_000);

  it('the Vitest global set-up example passes, with its config and its test', async () => {
    const run = await runVitestProject(artifacts(`${pkg}-vitest`), {
      'vitest.config.ts': blocks.get('vitest-config') as string,
      'feed.test.ts': blocks.get('vitest-test') as string,
    });
    expect(run.output).toMatch(/Tests\s+\d+ passed/);
    expect(run.code, run.output).toBe(0);
  }, 600_000);
});
