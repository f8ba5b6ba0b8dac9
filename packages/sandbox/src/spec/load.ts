import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { checkSpec, type Json } from './check-spec.js';

export type { Json };

const require = createRequire(import.meta.url);

/** Path of the joined spec of all three documents, as JSON (from @assoc-feed/specs). */
export function joinedSpecJsonPath(): string {
  return require.resolve('@assoc-feed/specs/feed.json');
}

/** Reads a bundled (single-file, `#/` refs only) OpenAPI document. */
export function loadSpec(path: string = joinedSpecJsonPath()): Json {
  const spec: unknown = JSON.parse(readFileSync(path, 'utf8'));
  checkSpec(spec, path);
  return spec;
}
