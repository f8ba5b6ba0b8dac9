// The site's own dependencies (minisearch, marked, slugify) are dependencies of @assoc-feed/docs, so they live in
// packages/docs/node_modules, which Node's resolution does not search from tools/docs/. This module finds them there.
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../specs/apis.ts';

export const docsPackageDir = join(repoRoot, 'packages', 'docs');

/** Folder of a dependency of @assoc-feed/docs. */
export function dependencyDir(name: string): string {
  const dir = join(docsPackageDir, 'node_modules', name);
  if (!existsSync(dir)) {
    throw new Error(
      `docs: ${name} is not installed in packages/docs/node_modules; run pnpm install at the repository root`,
    );
  }
  return realpathSync(dir);
}

/** Imports one file of a dependency of @assoc-feed/docs (the versions are pinned, so the file is known). */
export async function importDependency<T>(name: string, file: string): Promise<T> {
  return (await import(pathToFileURL(join(dependencyDir(name), file)).href)) as T;
}

/** require() of a CommonJS dependency of @assoc-feed/docs. */
export function requireDependency<T>(name: string): T {
  return createRequire(join(docsPackageDir, 'package.json'))(name) as T;
}
