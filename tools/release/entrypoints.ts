// What a package offers its users, read from its package.json: the subpaths of `exports` (or `main`), each a
// code module (imported and type-checked by the consumer) or a data file (resolved and read), plus its bins.
import type { Manifest } from './workspace.ts';

export interface Entrypoint {
  /** What a user writes: `@assoc-feed/core`, `@assoc-feed/core/internal`, `@assoc-feed/specs/feed.json`. */
  specifier: string;
  kind: 'code' | 'data';
  /** Every file the subpath points to, under any condition (`./dist/index.js`, `./dist/index.d.ts`). */
  targets: string[];
}

const codeFile = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/;

/** Every string target under a (possibly nested) conditions object, in order. */
export function targetsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(targetsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(targetsOf);
  return [];
}

/** The subpath map of `exports`, whatever its shorthand (`"exports": "./index.js"`, or conditions only). */
function subpaths(exportsField: unknown): [string, unknown][] {
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return [['.', exportsField]];
  if (!exportsField || typeof exportsField !== 'object') return [];
  const entries = Object.entries(exportsField);
  return entries.every(([key]) => key.startsWith('.')) ? entries : [['.', exportsField]];
}

export function entrypoints(manifest: Manifest): Entrypoint[] {
  const found: Entrypoint[] = [];
  const pairs: [string, unknown][] =
    manifest.exports !== undefined
      ? subpaths(manifest.exports)
      : manifest.main
        ? [['.', [manifest.main, ...(manifest.types ? [manifest.types] : [])]]]
        : [];
  for (const [subpath, value] of pairs) {
    if (subpath.includes('*')) continue; // a pattern names no module a consumer can import as written
    const targets = targetsOf(value);
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    found.push({ specifier, kind: targets.some((t) => codeFile.test(t)) ? 'code' : 'data', targets });
  }
  return found;
}

export function bins(manifest: Manifest): Record<string, string> {
  if (typeof manifest.bin === 'string') return { [manifest.name.replace(/^@[^/]+\//, '')]: manifest.bin };
  return manifest.bin ?? {};
}

/** Whether the package has code for users (as opposed to data only, like @assoc-feed/specs). */
export function hasCode(manifest: Manifest): boolean {
  return entrypoints(manifest).some((e) => e.kind === 'code');
}
