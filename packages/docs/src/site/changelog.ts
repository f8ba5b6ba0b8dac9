// What the changelog page shows: the CHANGELOG.md that `changeset version` writes for @assoc-feed/specs (one
// fixed group, so every package's changelog says the same), and the changesets still pending in .changeset/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { parse } from 'yaml';

export interface PendingChange {
  file: string;
  bumps: Record<string, string>;
  summary: string;
}

export const changelogFile = join(repoRoot, 'packages', 'specs', 'CHANGELOG.md');
export const changesetDir = join(repoRoot, '.changeset');

export function releasedChangelog(file = changelogFile): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** A changeset file: YAML front matter (package: bump) and a markdown summary. */
export function parseChangeset(file: string, text: string): PendingChange {
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) return { file, bumps: {}, summary: text.trim() };
  const bumps = (parse(match[1] ?? '') as Record<string, string> | null) ?? {};
  return { file, bumps, summary: (match[2] ?? '').trim() };
}

export function pendingChanges(dir = changesetDir): PendingChange[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .sort()
    .map((f) => parseChangeset(f, readFileSync(join(dir, f), 'utf8')));
}

const order = ['patch', 'minor', 'major'];
/** The bump the fixed group gets from these changesets: the largest of all. */
export function groupBump(changes: PendingChange[]): string | undefined {
  const all = changes.flatMap((c) => Object.values(c.bumps));
  return all.sort((a, b) => order.indexOf(b) - order.indexOf(a))[0];
}
