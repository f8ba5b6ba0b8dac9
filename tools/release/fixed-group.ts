// One version for every artifact: every package that changesets versions must sit in the fixed group of
// @assoc-feed/specs. The config uses a glob (`@assoc-feed/*`) so new packages join by themselves; this check
// catches the cases a glob cannot (a package outside the scope, a group rewritten as a list, an ignore entry).
import type { Config, WorkspacePackage } from './workspace.ts';

export const anchorPackage = '@assoc-feed/specs';

export interface GroupVerdict {
  /** The expanded group that holds the anchor (empty when none does). */
  group: readonly string[];
  problems: string[];
  notes: string[];
}

type GroupConfig = Pick<Config, 'fixed' | 'ignore' | 'privatePackages'>;

/** Whether `changeset version` gives this package a version. */
function isVersioned(pkg: WorkspacePackage, config: GroupConfig): boolean {
  if (config.ignore.includes(pkg.name)) return false;
  return !pkg.private || config.privatePackages.version;
}

export function checkFixedGroup(
  packages: WorkspacePackage[],
  config: GroupConfig,
  anchor = anchorPackage,
): GroupVerdict {
  const problems: string[] = [];
  const notes: string[] = [];
  const group = config.fixed.find((g) => g.includes(anchor)) ?? [];
  if (!group.length) {
    problems.push(
      `no fixed group in .changeset/config.json holds ${anchor}: add "fixed": [["@assoc-feed/*", "!@assoc-feed/tools"]]`,
    );
  }
  for (const pkg of packages) {
    if (!pkg.private && config.ignore.includes(pkg.name)) {
      problems.push(
        `${pkg.name} is published but .changeset/config.json ignores it, so it would never get a version: remove it from "ignore" (or mark it "private": true)`,
      );
      continue;
    }
    if (group.length && isVersioned(pkg, config) && !group.includes(pkg.name)) {
      problems.push(
        `${pkg.name} is not in the fixed group of ${anchor}, so it would not share the release version: add it (or a glob that matches it) to that group in .changeset/config.json`,
      );
    }
  }
  const versions = new Set(
    packages.filter((pkg) => group.includes(pkg.name)).map((pkg) => `${pkg.name}@${pkg.version}`),
  );
  const distinct = new Set([...versions].map((v) => v.slice(v.lastIndexOf('@') + 1)));
  if (distinct.size > 1) {
    notes.push(
      `the fixed group holds several versions (${[...versions].join(', ')}): the next \`pnpm changeset version\` aligns them on the highest`,
    );
  }
  return { group, problems, notes };
}
