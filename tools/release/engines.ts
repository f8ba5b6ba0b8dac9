// Which packages a user's install pulls in that declare a Node minimum above ours (Node 20.19): each prints an
// EBADENGINE / "Unsupported engine" warning at every npm or pnpm install on Node 20. Walks the installed
// production dependencies of a workspace package (dependencies and optionalDependencies; peers are the user's
// choice), as the workspace's node_modules resolve them.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const OUR_NODE_MINIMUM = '20.19.0';

interface Manifest {
  name: string;
  version?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface EngineConflict {
  name: string;
  version: string;
  /** The package's `engines.node`. */
  node: string;
}

/** True when `range` sets a lower bound (`>=a.b.c`) above `minimum`; other range forms are not judged. */
export function requiresAbove(range: string, minimum = OUR_NODE_MINIMUM): boolean {
  const floors = [...range.matchAll(/>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/g)];
  if (floors.length === 0 || range.includes('||')) return false;
  const [major, minor, patch] = minimum.split('.').map(Number) as [number, number, number];
  return floors.some(([, a = '0', b = '0', c = '0']) => {
    const [x, y, z] = [Number(a), Number(b), Number(c)];
    return x !== major ? x > major : y !== minor ? y > minor : z > patch;
  });
}

/** The installed directory of `name` as seen from the package at `fromDir` (node's lookup: up the tree). */
function resolveDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every package in the production closure of the package at `dir` whose engines.node asks for more than ours. */
export function engineConflicts(dir: string): EngineConflict[] {
  const seen = new Set<string>();
  const conflicts: EngineConflict[] = [];
  const visit = (pkgDir: string) => {
    const real = realpathSync(pkgDir);
    if (seen.has(real)) return;
    seen.add(real);
    const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as Manifest;
    const node = manifest.engines?.node;
    if (node && requiresAbove(node))
      conflicts.push({ name: manifest.name, version: manifest.version ?? '', node });
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies };
    for (const name of Object.keys(deps)) {
      const found = resolveDir(name, real);
      if (found) visit(found);
    }
  };
  visit(dir);
  return conflicts.sort((a, b) => a.name.localeCompare(b.name));
}
