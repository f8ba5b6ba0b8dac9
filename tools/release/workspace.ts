// The workspace as changesets sees it: its packages (found by @manypkg/get-packages, as `changeset version`
// finds them) and the parsed .changeset/config.json (globs expanded by changesets' own parser).
import { read } from '@changesets/config';
import { getPackages } from '@manypkg/get-packages';

/** .changeset/config.json as changesets parses it (globs expanded). */
export type Config = Awaited<ReturnType<typeof read>>;

export interface WorkspacePackage {
  name: string;
  version: string;
  dir: string;
  private: boolean;
  manifest: Manifest;
}

/** The package.json fields the release checks read. */
export interface Manifest {
  name: string;
  version?: string;
  private?: boolean;
  exports?: unknown;
  main?: string;
  types?: string;
  bin?: string | Record<string, string>;
  files?: string[];
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface Workspace {
  root: string;
  packages: WorkspacePackage[];
  config: Config;
}

export async function readWorkspace(root: string): Promise<Workspace> {
  const found = await getPackages(root);
  const config = await read(root, found); // throws changesets' own ValidationError on a bad config
  const packages = found.packages
    .map(({ dir, packageJson }) => {
      const manifest = packageJson as unknown as Manifest;
      return {
        name: manifest.name,
        version: manifest.version ?? '',
        dir,
        private: manifest.private === true,
        manifest,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { root, packages, config };
}

/** Packages that `changeset publish` puts on the registry. */
export function publishable(workspace: Workspace): WorkspacePackage[] {
  return workspace.packages.filter((pkg) => !pkg.private);
}
