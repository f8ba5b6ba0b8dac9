// `pnpm pack`, as a release does it (workspace:* ranges become the real versions), and the tarball's file list
// read back from the tarball itself.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Manifest } from './workspace.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The pinned pnpm of ./dev when it is there, else the one on PATH. */
export function pnpmBin(): string {
  const pinned = join(repoRoot, '.tools', 'node_modules', '.bin', 'pnpm');
  return existsSync(pinned) ? pinned : 'pnpm';
}

export interface Packed {
  tarball: string;
  /** Paths inside the tarball, without the `package/` prefix. */
  files: string[];
  /** package.json as packed (workspace: ranges replaced). */
  manifest: Manifest;
}

export async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
}

export async function tarballManifest(tarball: string): Promise<Manifest> {
  const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json']);
  return JSON.parse(stdout) as Manifest;
}

/** Packs the package in `dir` into `destination`. */
export async function pack(dir: string, destination: string): Promise<Packed> {
  let stdout: string;
  try {
    ({ stdout } = await run(pnpmBin(), ['pack', '--pack-destination', destination, '--json'], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    const { stdout: out = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pnpm pack in ${dir} failed:\n${out}${stderr}`.trim());
  }
  const { filename } = JSON.parse(stdout) as { filename: string };
  const tarball = filename.startsWith('/') ? filename : join(destination, filename);
  return { tarball, files: await tarballFiles(tarball), manifest: await tarballManifest(tarball) };
}
