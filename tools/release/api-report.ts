// pnpm api:report [--no-build]
// Rewrites packages/<name>/api-report.md of every publishable package from its built declarations (see
// api-surface.ts); check:packages fails while a report differs from the built surface. Review the diff it makes.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiReport, REPORT_FILE } from './api-surface.ts';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean', default: false } },
    strict: true,
  });
  const packages = publishable(await readWorkspace(root));
  if (!values['no-build']) {
    // The report is of what would be published: the current build, never a stale dist/.
    const turbo = join(root, 'node_modules', '.bin', 'turbo');
    const filters = packages.map((p) => `--filter=${p.name}`);
    const build = spawnSync(turbo, ['run', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the build failed: fix it first (turbo run build)');
  }
  for (const pkg of packages) {
    const file = join(pkg.dir, REPORT_FILE);
    writeFileSync(file, apiReport(pkg.dir, pkg.manifest));
    console.log(`wrote ${relative(root, file)}`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`api:report: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
