// `pnpm bench suite [package…] [--no-build] [--json file]`: where the test suite's time goes. Runs each
// workspace package's `test` script (as turbo runs it, one package at a time) and prints, per package and per
// test file, wall and CPU seconds (user + system, the processes it starts included), sorted by CPU, with totals.
// CPU seconds are the figure to compare on a shared machine; wall depends on what else runs.
// A package's figure comes from bash's `times` after its script; a file's from a probe that vitest runs before
// it (probe.ts), from its set-up to its last hook. A package's figure minus its files' is vitest's own start-up,
// the workers' and type checks (tsc before vitest in some scripts). The machine's CPU during the package's run
// (machine-cpu.ts) also counts the browser's processes, which `times` misses: compare it on an idle machine.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import type { Row } from '../measure.ts';
import { machineCpuSeconds } from './machine-cpu.ts';
import { type FileTime, type PackageTime, printProfile } from './table.ts';

const PROBE = 'suite-bench.probe.ts';
const CONFIG = 'suite-bench.config.mts';

interface Workspace {
  name: string;
  dir: string;
  script: string;
}

/** The workspace's package folders as pnpm-workspace.yaml lists them (`dir/*`: each folder in `dir`). */
function workspaceDirs(): string[] {
  const text = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:[ \t]+-.*\n)+)/m.exec(text)?.[1] ?? '';
  return [...block.matchAll(/-\s*['"]?([^'"\s#]+)/g)].flatMap(([, entry = '']) =>
    entry.endsWith('/*')
      ? readdirSync(join(repoRoot, entry.slice(0, -2)))
          .sort()
          .map((d) => join(entry.slice(0, -2), d))
      : [entry],
  );
}

function testablePackages(): Workspace[] {
  return workspaceDirs().flatMap((d) => {
    const dir = join(repoRoot, d);
    const manifestPath = join(dir, 'package.json');
    if (!existsSync(manifestPath)) return [];
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
    };
    const script = manifest.scripts?.test;
    return script ? [{ name: manifest.name.replace('@assoc-feed/', ''), dir, script }] : [];
  });
}

/** The package's vitest config with the probe added to its set-up files, next to it (so imports resolve alike). */
function writeProbeConfig(dir: string): string {
  const base = ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.js'].find((f) =>
    existsSync(join(dir, f)),
  );
  copyFileSync(new URL('./probe.ts', import.meta.url), join(dir, PROBE));
  const config = base
    ? `import { mergeConfig } from 'vitest/config';\nimport base from './${base}';\nexport default mergeConfig(base, { test: { setupFiles: ['./${PROBE}'] } });\n`
    : `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./${PROBE}'] } });\n`;
  writeFileSync(join(dir, CONFIG), config);
  return CONFIG;
}

/** Runs `script` in `dir` under bash; `times` afterwards gives the CPU of everything it waited for. */
function runScript(
  dir: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; wall: number; cpu: number; machine?: number; output: string }> {
  const started = performance.now();
  const machineBefore = machineCpuSeconds();
  const timesFile = join(mkdtempSync(join(tmpdir(), 'suite-bench-')), 'times');
  const wrapped = `${script}\nstatus=$?\ntimes > '${timesFile}'\nexit $status`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', wrapped], {
      cwd: dir,
      env: {
        ...env,
        PATH: `${join(dir, 'node_modules', '.bin')}:${join(repoRoot, 'node_modules', '.bin')}:${env.PATH}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = (performance.now() - started) / 1000;
      const machineAfter = machineCpuSeconds();
      const machine =
        machineBefore === undefined || machineAfter === undefined ? undefined : machineAfter - machineBefore;
      // `times`: the shell's user and system, then its children's: "0m1.250s 0m0.310s" on each line.
      const lines = existsSync(timesFile) ? readFileSync(timesFile, 'utf8').trim().split('\n') : [];
      const seconds = (lines.join(' ').match(/(\d+)m([\d.]+)s/g) ?? []).map((t) => {
        const [, m, s] = /(\d+)m([\d.]+)s/.exec(t) as RegExpExecArray;
        return Number(m) * 60 + Number(s);
      });
      rmSync(join(timesFile, '..'), { recursive: true, force: true });
      resolve({ code: code ?? 1, wall, cpu: seconds.reduce((a, b) => a + b, 0), machine, output });
    });
  });
}

async function profilePackage(pkg: Workspace): Promise<PackageTime> {
  const config = writeProbeConfig(pkg.dir);
  const out = join(mkdtempSync(join(tmpdir(), 'suite-bench-files-')), 'files.jsonl');
  writeFileSync(out, '');
  // Every `vitest run` of the script gets the probe's config; whatever else the script runs is timed as is.
  const script = pkg.script.replace(/\bvitest run\b/g, `vitest run --config ${config}`);
  try {
    const result = await runScript(pkg.dir, script, { ...process.env, SUITE_BENCH_OUT: out });
    const files: FileTime[] = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FileTime)
      .map((f) => ({ ...f, file: relative(pkg.dir, f.file ?? '?') }));
    if (result.code !== 0)
      console.error(`suite: ${pkg.name} failed (exit ${result.code}):\n${result.output.slice(-4000)}`);
    return {
      name: pkg.name,
      wall: result.wall,
      cpu: result.cpu,
      machine: result.machine,
      ok: result.code === 0,
      files,
    };
  } finally {
    rmSync(join(pkg.dir, config), { force: true });
    rmSync(join(pkg.dir, PROBE), { force: true });
    rmSync(join(out, '..'), { recursive: true, force: true });
  }
}

export async function suiteBench(args = process.argv.slice(3)): Promise<Row[]> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'no-build': { type: 'boolean', default: false }, json: { type: 'string' } },
    allowPositionals: true,
  });
  const all = testablePackages();
  const unknown = positionals.filter((p) => !all.some((w) => w.name === p));
  if (unknown.length)
    throw new Error(
      `suite: no package named ${unknown.join(', ')} (one of ${all.map((w) => w.name).join(', ')})`,
    );
  const chosen = positionals.length ? all.filter((w) => positionals.includes(w.name)) : all;
  if (!values['no-build']) {
    const build = await runScript(repoRoot, 'turbo run build --output-logs=errors-only', process.env);
    if (build.code !== 0) throw new Error(`suite: the build failed, fix it first:\n${build.output}`);
  }
  const packages: PackageTime[] = [];
  for (const pkg of chosen) {
    console.error(`› suite: ${pkg.name}…`);
    packages.push(await profilePackage(pkg));
    // After each package: a long run that is stopped keeps what it measured.
    if (values.json) writeFileSync(values.json, `${JSON.stringify(packages, null, 2)}\n`);
  }
  return printProfile(packages);
}
