// pnpm check:packages [--no-build] [--keep]
// Proves what a release would publish: builds, compares each publishable package's public surface with its
// committed api-report.md, packs every publishable package, checks each tarball (file list, publint, Are The
// Types Wrong), installs the tarballs into a throwaway project outside the workspace,
// type-checks a consumer under TypeScript 5.9 and 7 with nodenext and bundler resolution, runs it against the
// mock on Node 20, 22 and 24 (the ones the machine lacks from the npm registry, cached in .tools/runtimes), loads
// every entry point from a CommonJS module, runs the README's getting-started snippets against the packed sandbox
// on each runtime, runs every bin, the user journeys of packages/sandbox/release/journeys.ts (the server bins
// via npx and directly, kept up 20 s and stopped with SIGTERM; `assoc-feed --version` and `auth check`), the MCP
// server's sessions of packages/mcp/release/mcp-server.ts (the official MCP client over stdio), the server bins
// started in the background by a script, setsid, nohup or a Makefile that exits
// (packages/sandbox/release/background-servers.ts), runs a Vitest and
// a Jest project using the mock's and the sandbox's global set-ups, and the request-handler examples with msw 3 on
// Node 22+. Exit 1 when anything fails, 2 when the check itself cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkMcpServer } from '../../packages/mcp/release/mcp-server.ts';
import {
  installMsw3Project,
  runMsw3Project,
  typeCheckMsw3Project,
} from '../../packages/mock/release/msw3-project.ts';
import {
  checkRunnerProjects,
  installRunnerProjects,
  runnerVersions,
} from '../../packages/mock/release/runner-projects.ts';
import { checkBackgroundServers } from '../../packages/sandbox/release/background-servers.ts';
import { checkJourneys } from '../../packages/sandbox/release/journeys.ts';
import { checkApiReport, REPORT_COMMAND, type ReportVerdict } from './api-surface.ts';
import { checkPackage, type PackageVerdict } from './check-package.ts';
import { checkConsumer, installConsumer, rootDevDependency, type Step } from './consumer.ts';
import { checkFixedGroup } from './fixed-group.ts';
import { pack } from './pack.ts';
import { gettingStartedSnippets } from './readme-snippets.ts';
import { typescriptSnippets } from './readme-typescript.ts';
import { consumerRuntimes, type RuntimeSet } from './runtimes.ts';
import { publishable, readWorkspace } from './workspace.ts';

const usage = `Usage: pnpm check:packages [--no-build] [--keep]

  --no-build   pack what is built already (default: turbo build of the publishable packages first)
  --keep       keep the temporary directory (tarballs and consumer project) and print its path`;

const root = fileURLToPath(new URL('../../', import.meta.url));
const scenarioFile = fileURLToPath(
  new URL('../../packages/core/release/consumer/scenario.ts', import.meta.url),
);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function printPackages(verdicts: PackageVerdict[]): void {
  console.log('\npackages');
  for (const v of verdicts) {
    const status = v.problems.length ? `FAIL (${v.problems.length})` : 'ok';
    console.log(
      `  ${v.name.padEnd(30)} ${String(v.files).padStart(4)} files ${kb(v.bytes).padStart(9)}  ${status}`,
    );
    for (const p of v.problems) console.log(`      ${p.tool} ${p.code}: ${p.message}`);
    for (const s of v.suggestions) console.log(`      publint suggestion: ${s}`);
  }
}

function printReports(verdicts: ReportVerdict[]): void {
  console.log(
    `\napi reports (the built public surface against the committed report; ${REPORT_COMMAND} rewrites them)`,
  );
  for (const v of verdicts) {
    console.log(`  ${v.problems.length ? 'FAIL' : 'ok  '} ${v.name}`);
    for (const p of v.problems) console.log(`      ${p}`);
  }
}

function printRuntimes({ runtimes, missing }: RuntimeSet): void {
  console.log('\nruntimes (each runs the consumer and the mock it starts)');
  for (const r of runtimes) {
    const took = r.installMs ? ` (${seconds(r.installMs)})` : '';
    console.log(`  ok   ${r.label.padEnd(16)} ${r.source}${took}`);
  }
  for (const m of missing) console.log(`  FAIL ${m.label.padEnd(16)} ${m.reason}`);
}

function printSteps(steps: Step[]): void {
  console.log('\nconsumer project (outside the workspace)');
  for (const s of steps) {
    console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(58)} ${seconds(s.ms).padStart(7)}`);
    if (!s.ok || s.name.startsWith('run ') || s.name.includes('SIGTERM'))
      console.log(s.output.replace(/^/gm, '        '));
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
  const packages = publishable(workspace);
  const group = checkFixedGroup(workspace.packages, workspace.config);
  console.log(
    `check:packages: ${packages.length} publishable packages (${packages.map((p) => p.name).join(', ')})`,
  );
  for (const note of group.notes) console.log(`  note: ${note}`);
  for (const problem of group.problems) console.log(`  FAIL fixed group: ${problem}`);
  // Fetched (or found in the cache) while the build runs: a download waits on the network, not the CPU.
  const runtimesReady = consumerRuntimes();

  if (!values['no-build']) {
    const filters = packages.map((p) => `--filter=${p.name}`);
    const turbo = join(root, 'node_modules', '.bin', 'turbo');
    const build = spawnSync(turbo, ['run', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the build failed: fix it first (turbo run build)');
  }

  const reports = packages.map((p) => checkApiReport(p.dir, p.manifest));
  printReports(reports);

  const temp = mkdtempSync(join(tmpdir(), 'assoc-feed-check-packages-'));
  try {
    const tarballs = join(temp, 'tarballs');
    const consumerDir = join(temp, 'consumer');
    mkdirSync(tarballs);
    mkdirSync(consumerDir);
    const packed = await Promise.all(packages.map((pkg) => pack(pkg.dir, tarballs)));
    const verdicts: PackageVerdict[] = [];
    for (const p of packed) verdicts.push(await checkPackage(p));
    printPackages(verdicts);

    const runtimeSet = await runtimesReady;
    printRuntimes(runtimeSet);
    const options = {
      dir: consumerDir,
      packed,
      sources: { 'scenario.ts': readFileSync(scenarioFile, 'utf8') },
      // The root README's getting started, verbatim (ESM and CommonJS), against the packed sandbox.
      snippets: gettingStartedSnippets(readFileSync(join(root, 'README.md'), 'utf8')),
      runtimes: runtimeSet.runtimes,
      // Every TypeScript block of the root README and the published packages' READMEs, type-checked under strict
      // with the consumer (each compiler and resolution); what they import besides our packages comes along.
      typescriptSnippets: ['README.md', ...packages.map((p) => join(relative(root, p.dir), 'README.md'))]
        .filter((readme) => existsSync(join(root, readme)))
        .flatMap((readme) => typescriptSnippets(readme, readFileSync(join(root, readme), 'utf8'))),
      snippetDependencies: {
        vitest: runnerVersions.vitest,
        'openapi-fetch': rootDevDependency('openapi-fetch'),
      },
    };
    const runnersDir = join(temp, 'runner-projects');
    const msw3Dir = join(temp, 'msw3');
    mkdirSync(runnersDir);
    mkdirSync(msw3Dir);
    // The other two projects install while the consumer installs and type-checks (an install waits on the
    // registry and pnpm's store), and msw 3's type check runs during the journeys' 20 s wait. Their test runs
    // (servers starting, README examples' tests with their own time limits) run one after the other, as before.
    const runnersInstalled = installRunnerProjects(runnersDir, packed);
    const msw3Installed = installMsw3Project(msw3Dir, packed);
    const install = await installConsumer(options);
    const steps = install.ok ? [install, ...(await checkConsumer(options))] : [install];
    const cli = packed.find((p) => p.manifest.name === '@assoc-feed/cli');
    const mcp = packed.some((p) => p.manifest.name === '@assoc-feed/mcp');
    const [journeys, background, msw3, mcpSessions] = await Promise.all([
      install.ok && cli ? checkJourneys(consumerDir, cli.manifest.version as string) : [],
      install.ok ? checkBackgroundServers(consumerDir) : [],
      msw3Installed.then(async (step) => (step.ok ? [step, await typeCheckMsw3Project(msw3Dir)] : [step])),
      install.ok && mcp ? checkMcpServer(consumerDir) : [],
    ]);
    steps.push(...journeys, ...background, ...mcpSessions);
    const runners = await runnersInstalled;
    steps.push(runners, ...(runners.ok ? await checkRunnerProjects(runnersDir) : []));
    steps.push(...msw3, ...(msw3[0]?.ok ? await runMsw3Project(msw3Dir, runtimeSet.runtimes) : []));
    printSteps(steps);

    const failed =
      group.problems.length +
      reports.reduce((n, r) => n + r.problems.length, 0) +
      verdicts.reduce((n, v) => n + v.problems.length, 0) +
      runtimeSet.missing.length +
      steps.filter((s) => !s.ok).length;
    console.log(
      `\n${failed ? `FAIL: ${failed} problem(s)` : 'OK: every package packs clean and works from its tarball'} (${seconds(performance.now() - started)})`,
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
    console.error(`check:packages: ${error instanceof Error ? error.message : String(error)}`);
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(usage);
    process.exitCode = 2;
  },
);
