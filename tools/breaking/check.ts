// The whole check, without the command line: find the base, bundle both sides, diff, classify, apply the
// changeset policy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BundledApis, bundleApis } from './bundle.ts';
import {
  type Changeset,
  type ChangesetConfig,
  checkPolicy,
  isChangesetFile,
  parseChangeset,
  readChangesetConfig,
  readChangesets,
} from './changesets.ts';
import { changesetFilesAt, extractSpecs, newestRelease, releaseTags, resolveCommit } from './git.ts';
import { countingBreaking, type Report } from './report.ts';
import { classify } from './rules.ts';
import { diffSpecs } from './spec-diff.ts';

export interface CheckOptions {
  /** Repository root. */
  repo: string;
  /** Base ref; default: the newest release tag reachable from the head. */
  base?: string;
  /** Head ref; default: the working tree (its specs/, redocly.yaml and .changeset/). */
  head?: string;
  failOn?: 'warn' | 'error';
  redocly?: string;
}

export type CheckResult =
  | { kind: 'no-release'; message: string }
  | { kind: 'report'; report: Report; exitCode: 0 | 1 };

async function bundleRef(repo: string, commit: string, dir: string, redocly?: string): Promise<BundledApis> {
  const src = join(dir, 'src');
  if (!(await extractSpecs(repo, commit, src))) {
    return { specs: new Map(), notes: [`no redocly.yaml at ${commit.slice(0, 12)}: every API reads as new`] };
  }
  return bundleApis(src, join(dir, 'out'), redocly);
}

async function changesetsAt(
  repo: string,
  commit: string | undefined,
): Promise<{ changesets: Changeset[]; config: ChangesetConfig }> {
  if (!commit) {
    const dir = join(repo, '.changeset');
    return { changesets: readChangesets(dir), config: readChangesetConfig(dir) };
  }
  const files = await changesetFilesAt(repo, commit);
  const changesets = [...files]
    .filter(([name]) => isChangesetFile(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, text]) => parseChangeset(name, text));
  let config: ChangesetConfig = {};
  try {
    config = JSON.parse(files.get('config.json') ?? '{}') as ChangesetConfig;
  } catch {
    // no usable config: only @assoc-feed/specs itself counts
  }
  return { changesets, config };
}

export async function check(options: CheckOptions): Promise<CheckResult> {
  const { repo, head, redocly } = options;
  const failOn = options.failOn ?? 'warn';
  const headCommit = head === undefined ? undefined : await resolveCommit(repo, head);
  const baseRef = options.base ?? newestRelease(await releaseTags(repo, headCommit ?? 'HEAD'));
  if (baseRef === undefined) {
    return {
      kind: 'no-release',
      message:
        'check:breaking: no release to compare with (no tag matching v<semver> or @assoc-feed/specs@<semver> ' +
        'is reachable, and no --base <ref> was given). Nothing to check.',
    };
  }
  const baseCommit = await resolveCommit(repo, baseRef);

  const tmp = mkdtempSync(join(tmpdir(), 'check-breaking-'));
  try {
    // Both sides at once (each is Redocly processes); one commit compared with itself is bundled once.
    const base = bundleRef(repo, baseCommit, join(tmp, 'base'), redocly);
    const [before, after] = await Promise.all([
      base,
      headCommit === baseCommit
        ? base
        : headCommit
          ? bundleRef(repo, headCommit, join(tmp, 'head'), redocly)
          : bundleApis(repo, join(tmp, 'head', 'out'), redocly),
    ]);
    const names = [...new Set([...after.specs.keys(), ...before.specs.keys()])];
    const changes = names
      .flatMap((api) => diffSpecs(api, before.specs.get(api) ?? null, after.specs.get(api) ?? null))
      .map(classify);
    const { changesets, config } = await changesetsAt(repo, headCommit);
    const policy = checkPolicy(countingBreaking(changes, failOn).length, changesets, config);
    const report: Report = {
      base: { ref: baseRef, commit: baseCommit },
      head: headCommit ? { ref: head ?? '', commit: headCommit } : { ref: 'working tree' },
      notes: [...before.notes.map((n) => `base: ${n}`), ...after.notes.map((n) => `head: ${n}`)],
      changes,
      failOn,
      policy,
    };
    return { kind: 'report', report, exitCode: policy.ok ? 0 : 1 };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
