// The one check a spec gets before the sandbox reads it, wherever it came from (a file in Node, JSON embedded
// by a bundler in a browser).
export type Json = Record<string, unknown>;

export function checkSpec(spec: unknown, source = 'the spec'): asserts spec is Json {
  const s = spec as Json | null;
  if (!s || typeof s !== 'object' || typeof s.openapi !== 'string' || typeof s.paths !== 'object') {
    throw new Error(
      `${source} is not an OpenAPI document: pass the joined spec (@assoc-feed/specs/feed.json); if it came from the installed @assoc-feed/specs, the install is incomplete: reinstall it (npm install @assoc-feed/specs)`,
    );
  }
}
