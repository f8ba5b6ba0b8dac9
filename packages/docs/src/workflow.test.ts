// The Pages workflow publishes the site exactly as `pnpm docs:build` builds it locally: the same root script,
// nothing else writing into the folder it uploads, and that folder is the docs package's build output.
import { readFileSync } from 'node:fs';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps?: Step[]; needs?: string }>;
}

const workflow = parse(readFileSync(`${repoRoot}.github/workflows/docs.yml`, 'utf8')) as Workflow;
const rootScripts = (
  JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { scripts: Record<string, string> }
).scripts;
const docsTurbo = JSON.parse(readFileSync(`${repoRoot}packages/docs/turbo.json`, 'utf8')) as {
  tasks: { build: { outputs: string[] } };
};
const steps = workflow.jobs.build?.steps ?? [];
const runs = steps.map((s) => s.run ?? '');

describe('the Pages workflow (.github/workflows/docs.yml)', () => {
  test('builds with the root docs:build script, which is turbo building @assoc-feed/docs', () => {
    expect(rootScripts['docs:build']).toBe('turbo run build --filter=@assoc-feed/docs');
    expect(runs).toContain('./dev pnpm docs:build');
    expect(runs.filter((r) => /\bbuild\b/.test(r))).toEqual(['./dev pnpm docs:build']);
    expect(runs).toContain('./dev pnpm install --frozen-lockfile');
  });

  test("uploads the docs package's build output, after the browser tests ran on it", () => {
    const upload = steps.findIndex((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload).toBeGreaterThan(-1);
    expect(steps[upload]?.with?.path).toBe('packages/docs/dist');
    expect(docsTurbo.tasks.build.outputs).toEqual(['dist/**']);
    const built = runs.indexOf('./dev pnpm docs:build');
    const tested = runs.findIndex((r) => r.includes('test') && r.includes('@assoc-feed/docs'));
    expect(built).toBeLessThan(tested);
    expect(tested).toBeLessThan(upload);
  });

  test('deploys from main (or by hand) with the permissions Pages needs', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'workflow_dispatch']));
    expect(workflow.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
    expect(workflow.jobs.deploy?.needs).toBe('build');
    expect(JSON.stringify(workflow.jobs.deploy)).toContain('actions/deploy-pages@');
  });
});
