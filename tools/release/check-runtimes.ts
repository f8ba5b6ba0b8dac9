// pnpm check:runtimes [--no-build] [--keep]
// The packed client in every runtime users run it in besides the Node majors check:packages covers: the same
// smoke script (a token, a call, paging through paginate(), a typed NotFoundError) on this machine's Node, Bun and
// Deno, and in workerd through miniflare as a worker bundled the way wrangler bundles it, against the packed
// sandbox on loopback. Bun, Deno and miniflare come from the npm registry, cached in .tools/runtimes. A runtime
// that cannot be installed fails the check, named. Exit 1 when anything fails, 2 when the check cannot run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Step } from './consumer.ts';
import { type JsRuntimeSet, jsRuntimes } from './js-runtimes.ts';
import { pack } from './pack.ts';
import { installSmokeProject, runSmokes, startSandbox } from './runtime-smoke.ts';
import { readWorkspace, type WorkspacePackage } from './workspace.ts';

const usage = `Usage: pnpm check:runtimes [--no-build] [--keep]

  --no-build   pack what is built already (default: turbo build of the packages packed first)
  --keep       keep the temporary directory (tarballs and smoke project) and print its path`;

const root = fileURLToPath(new URL('../../', import.meta.url));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The client and the sandbox with every workspace package they depend on: what the smoke project installs. */
function closure(packages: WorkspacePackage[], names: string[]): WorkspacePackage[] {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const found = new Map<string, WorkspacePackage>();
  const visit = (name: string) => {
    const pkg = byName.get(name);
    if (!pkg || found.has(name)) return;
    found.set(name, pkg);
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) visit(dependency);
  };
  for (const name of names) visit(name);
  return [...found.values()];
}

function printRuntimes({ bun, deno, miniflare, missing }: JsRuntimeSet): void {
  console.log('\nruntimes');
  console.log(`  ok   ${`Node ${process.version}`.padEnd(34)} this machine's node (${process.execPath})`);
  for (const r of [bun, deno, miniflare]) {
    if (r)
      console.log(
        `  ok   ${r.label.padEnd(34)} ${r.source}${r.installMs ? ` (${seconds(r.installMs)})` : ''}`,
      );
  }
  for (const m of missing) console.log(`  FAIL ${m.label.padEnd(34)} cannot be installed here: ${m.reason}`);
}

function printSteps(steps: Step[]): void {
  console.log('\nsmoke (outside the workspace, against the packed sandbox)');
  for (const s of steps) {
    console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(90)} ${seconds(s.ms).padStart(7)}`);
    if (s.output && (!s.ok || s.name.startsWith('smoke'))) console.log(s.output.replace(/^/gm, '      '));
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const started = performance.now();
  const workspace = await readWorkspace(root);
  const packages = closure(workspace.packages, ['@assoc-feed/client', '@assoc-feed/sandbox']);
  console.log(`check:runtimes: the smoke from the tarballs of ${packages.map((p) => p.name).join(', ')}`);
  // Fetched (or found in the cache) while the build runs: a download waits on the network, not the CPU.
  const runtimesReady = jsRuntimes();
  if (!values['no-build']) {
    const filters = packages.map((p) => `--filter=${p.name}`);
    const turbo = join(root, 'node_modules', '.bin', 'turbo');
    const build = spawnSync(turbo, ['run', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the build failed: fix it first (turbo run build)');
  }

  const temp = mkdtempSync(join(tmpdir(), 'assoc-feed-check-runtimes-'));
  try {
    const tarballs = join(temp, 'tarballs');
    const project = join(temp, 'smoke');
    mkdirSync(tarballs);
    mkdirSync(project);
    const packed = await Promise.all(packages.map((p) => pack(p.dir, tarballs)));
    const install = await installSmokeProject(project, packed);
    const runtimes = await runtimesReady;
    printRuntimes(runtimes);
    const steps: Step[] = [install];
    if (install.ok) {
      const sandbox = await startSandbox(project);
      try {
        steps.push(...(await runSmokes(project, runtimes, sandbox)));
      } finally {
        sandbox.child.kill('SIGTERM');
      }
    }
    printSteps(steps);
    const failed = runtimes.missing.length + steps.filter((s) => !s.ok).length;
    console.log(
      `\n${failed ? `FAIL: ${failed} problem(s)` : 'OK: the packed client passes the smoke in Node, Bun, Deno and workerd'} (${seconds(performance.now() - started)})`,
    );
    if (values.keep) console.log(`kept ${temp}`);
    return failed ? 1 : 0;
  } finally {
    if (!values.keep) rmSync(temp, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`check:runtimes: ${error instanceof Error ? error.message : String(error)}`);
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(usage);
    process.exitCode = 2;
  },
);
