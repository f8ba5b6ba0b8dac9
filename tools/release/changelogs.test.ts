// The release flow writes a CHANGELOG.md into every published package: `changeset version` runs on a copy of the
// workspace's manifests and pending changesets, and each publishable package comes out with a section for the new
// version. No changelog is committed by hand; the first `pnpm run version` writes them all.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { changelogProblems } from './changelogs.ts';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'assoc-feed-changelogs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('changelogProblems', () => {
  const dir = join(temp, 'unit');
  mkdirSync(join(dir, 'a'), { recursive: true });
  mkdirSync(join(dir, 'b'), { recursive: true });
  mkdirSync(join(dir, 'c'), { recursive: true });
  writeFileSync(join(dir, 'a', 'CHANGELOG.md'), '# a\n\n## 1.2.0\n\n- x\n');
  writeFileSync(join(dir, 'b', 'CHANGELOG.md'), '# b\n\n## 1.1.0\n\n- y\n');
  it('names a package without the new section and one without a changelog', () => {
    const packages = ['a', 'b', 'c'].map((name) => ({ name, dir: join(dir, name) }));
    expect(changelogProblems(packages, '1.2.0')).toEqual([
      'b: CHANGELOG.md has no "## 1.2.0" section',
      'c: no CHANGELOG.md (changeset version writes it for a bumped package)',
    ]);
  });
});

describe('changeset version', () => {
  it('writes a CHANGELOG.md with the new version into every published package', async () => {
    const workspace = await readWorkspace(root);
    const copy = join(temp, 'workspace');
    for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(root, file), join(copy, file));
    cpSync(join(root, '.changeset'), join(copy, '.changeset'), { recursive: true });
    // A pending change, so the run bumps even when the repository has none queued.
    writeFileSync(
      join(copy, '.changeset', 'test-bump.md'),
      '---\n"@assoc-feed/core": patch\n---\n\nA test change.\n',
    );
    for (const pkg of workspace.packages) {
      mkdirSync(join(copy, relative(root, pkg.dir)), { recursive: true });
      cpSync(join(pkg.dir, 'package.json'), join(copy, relative(root, pkg.dir), 'package.json'));
    }
    execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: copy, stdio: 'pipe' });
    const after = publishable(await readWorkspace(copy));
    const version = JSON.parse(readFileSync(join(copy, 'packages', 'specs', 'package.json'), 'utf8')).version;
    expect(after.length).toBeGreaterThan(5);
    expect(changelogProblems(after, version)).toEqual([]);
  }, 120_000);
});

describe("the published packages' READMEs", () => {
  it('each links its CHANGELOG.md, which users read on npm and in the repository', async () => {
    const workspace = await readWorkspace(root);
    const missing = publishable(workspace)
      .filter((p) => !readFileSync(join(p.dir, 'README.md'), 'utf8').includes('](CHANGELOG.md)'))
      .map((p) => p.name);
    expect(missing).toEqual([]);
  });
});
