// The MSW request handlers with the newest msw major (3; the workspace develops against msw 2, which the consumer
// project installs): a project outside the workspace installs the packed tarballs with msw 3, type-checks the mock's
// and the sandbox's README TypeScript blocks under strict (declarations of msw included), and runs each README's
// request-handler example as a Vitest test on every runtime msw 3 supports (Node 22.12 and later; on Node 20 it
// fails at run time, as msw documents).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { rootDevDependency, type Step } from '../../../tools/release/consumer.ts';
import { type Packed, pnpmBin } from '../../../tools/release/pack.ts';
import { readmeExamples } from '../../../tools/release/readme-examples.ts';
import { typescriptSnippets } from '../../../tools/release/readme-typescript.ts';
import type { Runtime } from '../../../tools/release/runtimes.ts';
import { runnerVersions } from './runner-projects.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The msw range tested here: the newest major our peer range accepts. */
export const MSW_NEWEST = '^3';
const readmes = ['packages/mock/README.md', 'packages/sandbox/README.md'] as const;

async function step(name: string, command: string, args: string[], cwd: string): Promise<Step> {
  const start = performance.now();
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '1' },
    });
    return { name, ok: true, output: `${stdout}${stderr}`.trim(), ms: performance.now() - start };
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      message,
    } = error as { stdout?: string; stderr?: string; message: string };
    return { name, ok: false, output: `${stdout}${stderr}`.trim() || message, ms: performance.now() - start };
  }
}

/** Writes the project in `dir` (empty, outside the workspace) and installs it. check:packages starts this
 * early (it waits on the registry and pnpm's store); `typeCheckMsw3Project` and `runMsw3Project` follow. */
export function installMsw3Project(dir: string, packed: Packed[]): Promise<Step> {
  const file = (p: Packed) => `file:${p.tarball}`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'assoc-feed-msw3',
        private: true,
        type: 'module',
        dependencies: Object.fromEntries(packed.map((p) => [p.manifest.name, file(p)])),
        devDependencies: {
          msw: MSW_NEWEST,
          vitest: runnerVersions.vitest,
          typescript: rootDevDependency('typescript'),
          '@types/node': rootDevDependency('@types/node'),
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(dir, 'pnpm-workspace.yaml'),
    stringify({
      overrides: Object.fromEntries(packed.map((p) => [p.manifest.name, file(p)])),
      allowBuilds: { esbuild: true, msw: false },
    }),
  );
  const blocks = readmes.flatMap((readme) =>
    typescriptSnippets(readme, readFileSync(join(repoRoot, readme), 'utf8')),
  );
  for (const block of blocks) writeFileSync(join(dir, block.file), block.code);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: ['node'],
        // The blocks' use of msw's API is checked either way; the consumer project checks our declarations.
        skipLibCheck: true,
        noEmit: true,
      },
      include: blocks.map((b) => b.file),
    }),
  );
  const tests = readmes.map((readme) => {
    const name = `${readme.split('/')[1]}-msw.test.ts`;
    writeFileSync(join(dir, name), readmeExamples(join(repoRoot, readme), ['msw']).get('msw') as string);
    return name;
  });
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `export default { test: { include: ${JSON.stringify(tests)} } };\n`,
  );

  return step(
    `msw ${MSW_NEWEST} project: install the tarballs with msw ${MSW_NEWEST}`,
    pnpmBin(),
    ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    dir,
  );
}

const installedMsw = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8')) as { version: string })
    .version;

/** The mock's and the sandbox's README blocks type-checked with msw 3's declarations, once installed. */
export function typeCheckMsw3Project(dir: string): Promise<Step> {
  return step(
    `msw ${installedMsw(dir)}: the mock's and the sandbox's README TypeScript blocks type-check (strict)`,
    process.execPath,
    [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
    dir,
  );
}

/** Runs the request-handler examples on each runtime msw 3 supports, once installed. */
export async function runMsw3Project(dir: string, runtimes: Runtime[]): Promise<Step[]> {
  const steps: Step[] = [];
  const msw = installedMsw(dir);
  const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs');
  const supported = runtimes.filter((r) => r.major >= 22);
  if (supported.length === 0) {
    steps.push({ name: `msw ${msw}: run`, ok: false, output: 'no Node 22 or later to run msw 3 on', ms: 0 });
  }
  for (const runtime of supported) {
    steps.push(
      await step(
        `msw ${msw} on ${runtime.label}: the README request-handler examples pass`,
        runtime.node,
        [vitest, 'run'],
        dir,
      ),
    );
  }
  return steps;
}
