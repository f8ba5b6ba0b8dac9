// The release version in the bundled specs: `info.x-release` carries the version every @assoc-feed package
// shares, next to the API's own `info.version` (which follows the service's versioning, not ours). The specs
// build (build.ts, beside this file) stamps every bundled file, so whatever `pnpm changeset version` wrote into
// packages/specs/package.json is in the next build.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './apis.ts';

export const releaseField = 'x-release';

/** The shared version, as changesets wrote it into @assoc-feed/specs. */
export function releaseVersion(root = repoRoot): string {
  const file = join(root, 'packages', 'specs', 'package.json');
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || !version) throw new Error(`${file} has no "version": run pnpm install`);
  return version;
}

type Spec = Record<string, unknown>;

/** The spec with `info.x-release` set right after `info.version`; everything else untouched. */
export function stampRelease(spec: Spec, version: string): Spec {
  const info = spec.info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    throw new Error('the spec has no info object to carry the release version');
  }
  const stamped: Spec = {};
  for (const [key, value] of Object.entries(info)) {
    if (key === releaseField) continue;
    stamped[key] = value;
    if (key === 'version') stamped[releaseField] = version;
  }
  if (!(releaseField in stamped)) stamped[releaseField] = version;
  return { ...spec, info: stamped };
}

/** Stamps bundled JSON specs in place (the build writes the YAML twins from them afterwards). */
export function stampReleaseFiles(jsonFiles: string[], version = releaseVersion()): void {
  for (const file of jsonFiles) {
    const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
    writeFileSync(file, JSON.stringify(stampRelease(spec, version), null, 2));
  }
}
