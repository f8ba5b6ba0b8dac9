// The runtimes besides Node that users run the client in: Bun, Deno, and Cloudflare's workerd through miniflare
// (what `wrangler dev` runs). Each comes from the npm registry as a prebuilt package at a pinned version, cached
// as the Node runtimes are (npm-cache.ts). One that cannot be installed is reported as missing, never skipped.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cachedInstall, printed } from './npm-cache.ts';

/** Exact versions (`npm view <name> version` when last updated). */
export const PINNED = { bun: '1.4.4', deno: '2.9.6', miniflare: '4.20260426.0' } as const;

export interface JsRuntime {
  label: string;
  /** The executable (Bun, Deno) or the package directory (miniflare, loaded as a library by this process). */
  path: string;
  /** Where it came from, for the report. */
  source: string;
  installMs: number;
}

export interface JsRuntimeSet {
  bun?: JsRuntime;
  deno?: JsRuntime;
  miniflare?: JsRuntime;
  /** What could not be installed, with the reason: a failure of the check. */
  missing: { label: string; reason: string }[];
}

const bin = (dir: string, name: string) => join(dir, 'node_modules', '.bin', name);

async function install(
  label: string,
  pkg: string,
  version: string,
  path: (dir: string) => string,
  ready: (dir: string) => Promise<boolean>,
): Promise<JsRuntime> {
  const { dir, where, installMs } = await cachedInstall({
    name: `${pkg}-${version}`,
    dependencies: { [pkg]: version },
    ready,
  });
  return {
    label,
    path: path(dir),
    source: `npm ${pkg}@${version}, ${installMs ? 'installed into' : 'cached in'} ${where}`,
    installMs,
  };
}

const installers = {
  bun: () =>
    install(
      `Bun ${PINNED.bun}`,
      'bun',
      PINNED.bun,
      (dir) => bin(dir, 'bun'),
      async (dir) => (await printed(bin(dir, 'bun'), ['--version'])) === PINNED.bun,
    ),
  deno: () =>
    install(
      `Deno ${PINNED.deno}`,
      'deno',
      PINNED.deno,
      (dir) => bin(dir, 'deno'),
      async (dir) =>
        (await printed(bin(dir, 'deno'), ['--version']))?.startsWith(`deno ${PINNED.deno} `) === true,
    ),
  miniflare: () =>
    install(
      `workerd (miniflare ${PINNED.miniflare})`,
      'miniflare',
      PINNED.miniflare,
      (dir) => join(dir, 'node_modules', 'miniflare'),
      // workerd is the binary miniflare drives: it must start, not only be present.
      async (dir) =>
        existsSync(join(dir, 'node_modules', 'miniflare', 'package.json')) &&
        (await printed(bin(dir, 'workerd'), ['--version'])) !== undefined,
    ),
};

/** Bun, Deno and miniflare, one install at a time (each a download and an unpack on a machine that may be busy).
 * Never rejects: what could not be installed is listed in `missing`. */
export async function jsRuntimes(): Promise<JsRuntimeSet> {
  const set: JsRuntimeSet = { missing: [] };
  for (const [name, installer] of Object.entries(installers) as [
    keyof typeof installers,
    () => Promise<JsRuntime>,
  ][]) {
    try {
      set[name] = await installer();
    } catch (error) {
      set.missing.push({ label: name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return set;
}
