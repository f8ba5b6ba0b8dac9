// The READMEs' examples are the code these tests run: the request-handler block (<!-- readme-example: msw -->)
// of packages/mock/README.md and of packages/sandbox/README.md, each written as a test file into one throwaway
// Vitest project next to this package (so it resolves the workspace's packages, msw 2 included), run once.
// The global set-up blocks (vitest-config / vitest-test, jest-config / jest-test) run in check:packages
// (packages/mock/release/runner-projects.ts), in Vitest and Jest projects on the packed tarballs, and the msw
// blocks again there with msw 3 (packages/mock/release/msw3-project.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readmeExamples } from '@assoc-feed/tools/readme-examples';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ProjectRun, runVitestProject } from './test-support/readme-examples.js';

const dir = fileURLToPath(new URL('../test-artifacts/readme/msw/', import.meta.url));
const readme = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/README.md`, import.meta.url));
const packages = ['mock', 'sandbox'];

interface FileReport {
  name: string;
  status: string;
  assertionResults: { status: string; title: string }[];
}
let run: ProjectRun;
let files: FileReport[];
beforeAll(async () => {
  run = await runVitestProject(
    dir,
    Object.fromEntries(
      packages.map((pkg) => [`${pkg}.test.ts`, readmeExamples(readme(pkg), ['msw']).get('msw') as string]),
    ),
    // The examples run in one worker thread, one file after the other, instead of a new process each: they
    // close what they start, as a README's example must, and the project loads msw and the packages once.
    [
      '--pool=threads',
      '--no-isolate',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=report.json',
    ],
  );
  if (!existsSync(`${dir}report.json`)) throw new Error(`Vitest wrote no report:\n${run.output}`);
  const report = JSON.parse(readFileSync(`${dir}report.json`, 'utf8')) as { testResults: FileReport[] };
  files = report.testResults;
}, 600_000);

describe.each(packages)('the examples of packages/%s/README.md', (pkg) => {
  it('the request handlers example passes as a test file', () => {
    const file = files.find((f) => f.name.endsWith(`/${pkg}.test.ts`));
    expect(file?.status, run.output).toBe('passed');
    expect(file?.assertionResults.length).toBeGreaterThan(0);
    expect(file?.assertionResults.filter((t) => t.status !== 'passed')).toEqual([]);
  });
});

it('the project of those examples exits 0', () => {
  expect(run.code, run.output).toBe(0);
});
