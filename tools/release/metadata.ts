// What npm shows on a package's page and what `npm repo`, `npm home` and `npm bugs` open: a published manifest
// names its repository (with the package's directory in the monorepo), its homepage and where to report bugs,
// and its tarball carries a readme. Each problem names the field and the fix.
import type { Manifest } from './workspace.ts';

export interface MetadataProblem {
  rule: 'missing-metadata';
  field: string;
  message: string;
}

const readme = /^readme(?:\.(?:md|txt))?$/i;

function urlOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') {
    return (value as { url: string }).url;
  }
  return undefined;
}

/** Problems with a published package's metadata; `files` is the tarball's list (paths without `package/`). */
export function checkMetadata(manifest: Manifest, files: readonly string[]): MetadataProblem[] {
  const problems: MetadataProblem[] = [];
  const missing = (field: string, fix: string) =>
    problems.push({ rule: 'missing-metadata', field, message: `${manifest.name}: no ${field}; ${fix}` });
  const repository = manifest.repository;
  if (!urlOf(repository)) {
    missing(
      'repository',
      'add "repository": { "type": "git", "url": "git+https://github.com/…/….git", "directory": "packages/<name>" }',
    );
  } else if (
    typeof repository !== 'object' ||
    typeof (repository as { directory?: unknown }).directory !== 'string'
  ) {
    missing(
      'repository.directory',
      'name the package folder in the monorepo ("directory": "packages/<name>")',
    );
  }
  if (typeof manifest.homepage !== 'string' || manifest.homepage === '') {
    missing('homepage', 'add "homepage": the package README or the docs site');
  }
  if (!urlOf(manifest.bugs)) missing('bugs', 'add "bugs": { "url": "https://github.com/…/…/issues" }');
  if (!files.some((file) => readme.test(file))) missing('README.md', 'write one in the package folder');
  return problems;
}
