// The release policy: breaking changes need a pending changeset that bumps @assoc-feed/specs (or any package
// of its fixed group: the group shares one version) by a major.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isObj } from './types.ts';

export const specsPackage = '@assoc-feed/specs';

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface Changeset {
  /** File name under .changeset/ (`brave-dogs-sing.md`). */
  file: string;
  releases: Record<string, Bump>;
  summary: string;
}

export interface ChangesetConfig {
  fixed?: string[][];
  ignore?: string[];
}

const bumps = new Set<Bump>(['major', 'minor', 'patch', 'none']);

/** Parses one changeset file: YAML front matter (`"@assoc-feed/specs": minor`) and the summary below it. */
export function parseChangeset(file: string, text: string): Changeset {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`.changeset/${file}: no front matter (--- … ---)`);
  const front = parse(match[1] ?? '') ?? {};
  if (!isObj(front)) throw new Error(`.changeset/${file}: front matter is not a map of package: bump`);
  const releases: Record<string, Bump> = {};
  for (const [name, bump] of Object.entries(front)) {
    if (typeof bump !== 'string' || !bumps.has(bump as Bump)) {
      throw new Error(
        `.changeset/${file}: "${name}" has bump ${JSON.stringify(bump)} (major, minor, patch or none)`,
      );
    }
    releases[name] = bump as Bump;
  }
  return { file, releases, summary: (match[2] ?? '').trim() };
}

/** Files in a list of names that are pending changesets (every .md but README.md). */
export function isChangesetFile(name: string): boolean {
  return name.endsWith('.md') && name.toLowerCase() !== 'readme.md';
}

export function readChangesets(dir: string): Changeset[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter(isChangesetFile)
    .sort()
    .map((file) => parseChangeset(file, readFileSync(join(dir, file), 'utf8')));
}

export function readChangesetConfig(dir: string): ChangesetConfig {
  try {
    const config: unknown = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    return isObj(config) ? (config as ChangesetConfig) : {};
  } catch {
    return {};
  }
}

/** Changesets globs: `*` stands for any characters but `/` (`@assoc-feed/*`). */
function globMatch(pattern: string, name: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}$`).test(name);
}

/** A list of patterns as changesets (micromatch) reads it: a name is in the list when it matches a pattern
 * and no `!` pattern (`["@assoc-feed/*", "!@assoc-feed/tools"]`); a list of only `!` patterns means all but. */
function listMatch(patterns: string[], name: string): boolean {
  const negated = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const positive = patterns.filter((p) => !p.startsWith('!'));
  if (negated.some((p) => globMatch(p, name))) return false;
  return positive.length === 0 ? negated.length > 0 : positive.some((p) => globMatch(p, name));
}

/** Whether a major bump of `name` is a major bump of @assoc-feed/specs: it is that package, or in its fixed
 * group (and not ignored by changesets). */
export function sharesSpecsVersion(name: string, config: ChangesetConfig): boolean {
  if (name === specsPackage) return true;
  if (listMatch(config.ignore ?? [], name)) return false;
  return (config.fixed ?? []).some((group) => listMatch(group, specsPackage) && listMatch(group, name));
}

export interface PolicyVerdict {
  ok: boolean;
  /** Changesets that declare the major bump, when there is one. */
  majorIn: string[];
  reason: string;
}

/** The exit rule: breaking changes are allowed only when a pending changeset declares a major bump. */
export function checkPolicy(
  breakingCount: number,
  changesets: Changeset[],
  config: ChangesetConfig,
): PolicyVerdict {
  const majorIn = changesets
    .filter((cs) =>
      Object.entries(cs.releases).some(
        ([name, bump]) => bump === 'major' && sharesSpecsVersion(name, config),
      ),
    )
    .map((cs) => cs.file);
  if (breakingCount === 0) return { ok: true, majorIn, reason: 'no breaking changes' };
  if (majorIn.length > 0) {
    return {
      ok: true,
      majorIn,
      reason: `${breakingCount} breaking change(s), major bump declared in .changeset/${majorIn.join(', .changeset/')}`,
    };
  }
  const declared = changesets.length
    ? `pending changesets (${changesets.map((cs) => cs.file).join(', ')}) declare no major bump`
    : 'no pending changeset';
  return {
    ok: false,
    majorIn,
    reason: `${breakingCount} breaking change(s) but ${declared} for ${specsPackage} or its fixed group: run \`pnpm changeset\` and choose major`,
  };
}
