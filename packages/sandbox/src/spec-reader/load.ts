import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSpec, type Json } from './check-spec.js';

export type { Json };

const specsPackage = join('node_modules', '@assoc-feed', 'specs');

/**
 * Where Node would find `@assoc-feed/specs/<file>` from `from`, by the common path: the nearest
 * node_modules/@assoc-feed/specs above, its package.json's exports entry for the file. Undefined for anything else
 * (NODE_PATH, a conditional entry): the caller asks require.resolve. It is on the CLI's way to its first answer,
 * where require.resolve's first call costs more (it realpaths pnpm's links, among others).
 */
export function nearestSpecsFile(file: string, from: string): string | undefined {
  for (let dir = from; ; ) {
    const packageDir = join(dir, specsPackage);
    let manifest: string;
    try {
      manifest = readFileSync(join(packageDir, 'package.json'), 'utf8');
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
      continue;
    }
    const target = (JSON.parse(manifest) as { exports?: Record<string, unknown> }).exports?.[`./${file}`];
    return typeof target === 'string' ? join(packageDir, target) : undefined;
  }
}

/** Path of the joined spec of all three documents, as JSON (from @assoc-feed/specs). */
export function joinedSpecJsonPath(): string {
  const moduleUrl = import.meta.url;
  return (
    nearestSpecsFile('feed.json', dirname(fileURLToPath(moduleUrl))) ??
    createRequire(moduleUrl).resolve('@assoc-feed/specs/feed.json')
  );
}

/** Reads a bundled (single-file, `#/` refs only) OpenAPI document. */
export function loadSpec(path: string = joinedSpecJsonPath()): Json {
  const spec: unknown = JSON.parse(readFileSync(path, 'utf8'));
  checkSpec(spec, path);
  return spec;
}
