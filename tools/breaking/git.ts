// What the check needs from git: the last release (a tag), and a ref's specs checked out into a directory.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function git(repo: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Release tags: `v1.2.3` or `@assoc-feed/specs@1.2.3` (pre-releases allowed; other `v…` tags are not releases). */
export const releaseTagPatterns = ['v*', '@assoc-feed/specs@*'];

interface Version {
  core: [number, number, number];
  pre: string[];
}

export function releaseVersion(tag: string): Version | undefined {
  const text = tag.startsWith('v')
    ? tag.slice(1)
    : tag.startsWith('@assoc-feed/specs@')
      ? tag.slice(18)
      : undefined;
  const match =
    text === undefined ? null : /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
  if (!match) return undefined;
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    pre: match[4] ? match[4].split('.') : [],
  };
}

function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return (a.core[i] ?? 0) - (b.core[i] ?? 0);
  if (!a.pre.length || !b.pre.length) return b.pre.length - a.pre.length; // a release beats its pre-releases
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export interface Tag {
  name: string;
  /** Creation time (unix seconds): the tie-break between equal versions (`v1.0.0` and `@assoc-feed/specs@1.0.0`). */
  date: number;
}

/** The newest release among tags: highest version, then latest created. Undefined when none is a release. */
export function newestRelease(tags: Tag[]): string | undefined {
  let best: { tag: Tag; version: Version } | undefined;
  for (const tag of tags) {
    const version = releaseVersion(tag.name);
    if (!version) continue;
    const order = best ? compareVersions(version, best.version) || tag.date - best.tag.date : 1;
    if (order > 0) best = { tag, version };
  }
  return best?.tag.name;
}

/** Release tags reachable from `from` (the last release of this line of history). */
export async function releaseTags(repo: string, from = 'HEAD'): Promise<Tag[]> {
  let out: string;
  try {
    out = await git(repo, [
      'tag',
      '--merged',
      from,
      '--format=%(refname:strip=2)%09%(creatordate:unix)',
      '--list',
      ...releaseTagPatterns,
    ]);
  } catch {
    return []; // no commits yet
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', date = '0'] = line.split('\t');
      return { name, date: Number(date) };
    });
}

export async function resolveCommit(repo: string, ref: string): Promise<string> {
  try {
    return (
      await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
    ).trim();
  } catch {
    throw new Error(`unknown git ref: ${ref}`);
  }
}

/** Paths of a ref among `paths` that exist there. */
async function existing(repo: string, commit: string, paths: string[]): Promise<string[]> {
  const out = await git(repo, ['ls-tree', '--name-only', commit, '--', ...paths]);
  return out.split('\n').filter(Boolean);
}

/** Checks out `specs/` and `redocly.yaml` of a commit into `dir` (git archive | tar). Returns false when the
 * commit has no redocly.yaml (nothing to bundle there). */
export async function extractSpecs(repo: string, commit: string, dir: string): Promise<boolean> {
  const paths = await existing(repo, commit, ['specs', 'redocly.yaml']);
  if (!paths.includes('redocly.yaml')) return false;
  mkdirSync(dir, { recursive: true });
  const tar = join(dir, '.specs.tar');
  await git(repo, ['archive', '--format=tar', '-o', tar, commit, '--', ...paths]);
  await run('tar', ['-x', '-f', tar, '-C', dir]);
  rmSync(tar);
  return true;
}

/** The files of `.changeset/` at a commit, by name. */
export async function changesetFilesAt(repo: string, commit: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = await git(repo, ['ls-tree', '--name-only', `${commit}:.changeset`]).catch(() => '');
  for (const name of names.split('\n').filter(Boolean)) {
    files.set(name, await git(repo, ['show', `${commit}:.changeset/${name}`]));
  }
  return files;
}
