import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);

/** Path of the joined spec of all three documents, as JSON (from @assoc-feed/specs). */
export function joinedSpecJsonPath(): string {
  return require.resolve('@assoc-feed/specs/feed.json');
}

/** Reads a bundled (single-file, `#/` refs only) OpenAPI document. */
export function loadSpec(path: string = joinedSpecJsonPath()): Json {
  const spec = JSON.parse(readFileSync(path, 'utf8')) as Json;
  if (typeof spec.openapi !== 'string' || typeof spec.paths !== 'object') {
    throw new Error(
      `${path} is not an OpenAPI document: the installed @assoc-feed/specs is incomplete: reinstall it (npm install @assoc-feed/specs)`,
    );
  }
  return spec;
}
