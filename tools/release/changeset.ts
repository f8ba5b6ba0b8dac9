// `pnpm changeset …`: the changesets CLI, unchanged, plus one step after `pnpm changeset version`: rebuild the
// specs and the docs so the new shared version is in every bundled spec (info.x-release) and on every docs
// page at once, then check that it is, and that every published package's CHANGELOG.md has the new version's
// section (changesets writes them; changelogs.ts). Changesets has no hook of its own for this.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNames, joinedName } from '@assoc-feed/specs-tooling/apis';
import { releaseField, releaseVersion } from '@assoc-feed/specs-tooling/stamp';
import { changelogProblems } from './changelogs.ts';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A command of the workspace's own node_modules/.bin (the pinned changesets and turbo). */
function run(command: string, args: string[]): number {
  const result = spawnSync(join(root, 'node_modules', '.bin', command), args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** What a released tree must show: the version in each bundled spec and in the docs. */
function versionProblems(version: string): string[] {
  const problems: string[] = [];
  const dist = join(root, 'packages', 'specs', 'dist');
  for (const name of [...apiNames(), joinedName]) {
    const spec = JSON.parse(readFileSync(join(dist, `${name}.json`), 'utf8')) as {
      info?: Record<string, unknown>;
    };
    if (spec.info?.[releaseField] !== version) {
      problems.push(
        `packages/specs/dist/${name}.json: info.${releaseField} is ${String(spec.info?.[releaseField])}`,
      );
    }
  }
  const index = readFileSync(join(root, 'packages', 'docs', 'dist', 'index.html'), 'utf8');
  if (!index.includes(version)) problems.push(`packages/docs/dist/index.html does not show ${version}`);
  return problems;
}

const args = process.argv.slice(2);
let code = run('changeset', args);
if (code === 0 && args[0] === 'version') {
  const version = releaseVersion(root);
  console.log(`\nrelease ${version}: rebuilding the specs and the docs so they carry it`);
  code = run('turbo', ['run', 'build', '--filter=@assoc-feed/specs', '--filter=@assoc-feed/docs']);
  if (code === 0) {
    const packages = publishable(await readWorkspace(root));
    const problems = [...versionProblems(version), ...changelogProblems(packages, version)];
    for (const problem of problems) console.error(`changeset version: ${problem}`);
    code = problems.length ? 1 : 0;
    if (!code)
      console.log(
        `release ${version}: in info.${releaseField} of every bundled spec, in the docs and in every package's CHANGELOG.md`,
      );
  }
}
process.exitCode = code;
