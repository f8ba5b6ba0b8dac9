// Every published package ships a CHANGELOG.md: `changeset version` writes one into each package it bumps, and the
// fixed group bumps every published package together, so each release adds a `## <version>` section to all of
// them (a package that had none gets one). changeset.ts checks it after each `pnpm changeset version`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Published packages whose CHANGELOG.md is missing or has no section for `version`. */
export function changelogProblems(packages: { name: string; dir: string }[], version: string): string[] {
  return packages.flatMap(({ name, dir }) => {
    const file = join(dir, 'CHANGELOG.md');
    if (!existsSync(file))
      return [`${name}: no CHANGELOG.md (changeset version writes it for a bumped package)`];
    const text = readFileSync(file, 'utf8');
    return text.includes(`\n## ${version}\n`) ? [] : [`${name}: CHANGELOG.md has no "## ${version}" section`];
  });
}
