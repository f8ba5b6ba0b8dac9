// Tools the release checks run but the workspace does not install (other Node majors, Bun, Deno, workerd), from
// the npm registry as prebuilt packages, installed once per exact version into a cache outside any consumer
// (.tools/runtimes, git-ignored) and reused by every later run; npm's own cache keeps the downloads across clones.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Git-ignored, per clone. */
export const DEFAULT_RUNTIME_CACHE = join(repoRoot, '.tools', 'runtimes');

export interface CachedInstall {
  /** `cacheDir/<name>`: its node_modules holds the packages. */
  dir: string;
  /** The directory as the report shows it (relative to the repository when inside it). */
  where: string;
  /** Time spent installing in this run (0 when the cache had it). */
  installMs: number;
}

export interface CacheSpec {
  /** The cache entry's directory name, e.g. `bun-1.4.4`: one per exact version. */
  name: string;
  /** What npm installs there, name to exact version. */
  dependencies: Record<string, string>;
  /** Whether an install in `dir` is whole and works (e.g. its binary starts and reports its version). */
  ready(dir: string): Promise<boolean>;
  cacheDir?: string;
}

/** A cache directory as a report shows it: relative to the repository when inside it. */
export const cacheShown = (dir: string) =>
  relative(repoRoot, dir).startsWith('..') ? dir : relative(repoRoot, dir);

/**
 * The cache entry, installed unless it is there and ready. The install goes to a temporary sibling first and is
 * renamed into place, so an interrupted or concurrent run never leaves a half-installed entry that a later run
 * would trust.
 */
export async function cachedInstall(spec: CacheSpec): Promise<CachedInstall> {
  const cacheDir = spec.cacheDir ?? DEFAULT_RUNTIME_CACHE;
  const dir = join(cacheDir, spec.name);
  const where = cacheShown(dir);
  // Asked twice before reinstalling: a probe can fail once on a machine under load.
  if ((await spec.ready(dir)) || (await spec.ready(dir))) return { dir, where, installMs: 0 };

  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, `.${spec.name}-`));
  chmodSync(staging, 0o755); // mkdtemp's 0700 would hide the install from other users of the checkout
  const wanted = Object.entries(spec.dependencies)
    .map(([name, version]) => `${name}@${version}`)
    .join(', ');
  try {
    writeFileSync(
      join(staging, 'package.json'),
      JSON.stringify({ private: true, dependencies: spec.dependencies }, null, 2),
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    try {
      await run(
        npm,
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--no-package-lock'],
        { cwd: staging, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      const { stderr = '', message } = error as { stderr?: string; message: string };
      throw new Error(
        `could not install ${wanted} from the npm registry (${(stderr.trim() || message).split('\n').slice(-3).join(' ')}). ` +
          `The check needs the registry once per version; later runs use ${where}.`,
      );
    }
    if (!(await spec.ready(staging))) throw new Error(`npm installed ${wanted} but it does not start`);
    // Another run may have won the race (two checks started side by side): its copy is as good as ours (and may
    // be in use), so it is kept, also when it lands between our check and our rename.
    if (!(await spec.ready(dir))) {
      rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (!(await spec.ready(dir))) throw error;
      }
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  // The .bin links are relative, so the renamed directory works as installed.
  if (!(await spec.ready(dir))) throw new Error(`${wanted} did not start from ${where}`);
  return { dir, where, installMs: performance.now() - started };
}

/** What `command args` prints on stdout, trimmed; undefined when it does not run. */
export async function printed(command: string, args: string[]): Promise<string | undefined> {
  try {
    // A guard against a binary that hangs, sized for a loaded machine: a probe that times out reinstalls.
    return (await run(command, args, { timeout: 120_000 })).stdout.trim();
  } catch {
    return undefined;
  }
}
