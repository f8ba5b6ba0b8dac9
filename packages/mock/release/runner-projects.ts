// A Vitest project and Jest projects outside the workspace, the packed tarballs installed, each running the
// READMEs' own examples of the one-line global set-ups (<!-- readme-example: vitest-config / vitest-test /
// jest-config / jest-test --> of packages/mock and packages/sandbox): the mock (Prism, a child process) and the
// sandbox started once per run, their URL handed to the tests. The Vitest project is ESM ("type": "module"). Jest
// runs the README's config and test verbatim under the names the README gives them (`jest.config.mjs`,
// `feed.test.mjs`) in a CommonJS project, as `npm init -y` makes it, in its ESM mode
// (NODE_OPTIONS=--experimental-vm-modules): the test imports our clients, ES modules, which Jest's CommonJS loader
// takes only from Node 24.9. `.mjs` files are ES modules whatever the project's type, so this also stands for an
// ESM project. The global set-ups alone also run in Jest's default CommonJS mode, without the flag (the README's
// config, and a test that calls the server with fetch).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import type { Step } from '../../../tools/release/consumer.ts';
import { type Packed, pnpmBin } from '../../../tools/release/pack.ts';
import { readmeExamples } from '../../../tools/release/readme-examples.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The runners' versions: Vitest as the workspace pins it, Jest from the registry's current major. */
export const runnerVersions = {
  vitest: (
    JSON.parse(readFileSync(join(repoRoot, 'packages/mock/package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    }
  ).devDependencies.vitest as string,
  jest: '30.5.2',
};

const targets = ['mock', 'sandbox'] as const;
/** The README's name for the Jest config: an ES module in a CommonJS project and an ESM one alike. */
const JEST_CONFIG = 'jest.config.mjs';

/** Jest's CommonJS mode: a test that calls the server the set-up started with fetch (no client import), and
 * expects what the service answers there: the mock's example, the sandbox's 401 without a token. */
const commonjsTest: Record<(typeof targets)[number], string> = {
  mock: [
    "test('the mock the global set-up started answers', async () => {",
    "  const headers = { client_id: 'id', access_token: 'token' };",
    "  const response = await fetch(process.env.FEED_MOCK_URL + '/feed/fundos/v1/fundos', { headers });",
    '  expect(response.status).toBe(200);',
    '});',
    '',
  ].join('\n'),
  sandbox: [
    "test('the sandbox the global set-up started answers', async () => {",
    "  const response = await fetch(process.env.FEED_SANDBOX_URL + '/feed/fundos/v2/fundos');",
    '  expect(response.status).toBe(401);',
    '});',
    '',
  ].join('\n'),
};

async function step(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Step> {
  const start = performance.now();
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '1', ...env },
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

/** Writes the two projects' files: one folder per package under test, its config and its test from the README. */
export function writeRunnerProjects(dir: string, packed: Packed[]): void {
  const file = (p: Packed) => `file:${p.tarball}`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'assoc-feed-runner-projects',
        private: true,
        type: 'module',
        dependencies: Object.fromEntries(packed.map((p) => [p.manifest.name, file(p)])),
        devDependencies: { vitest: runnerVersions.vitest, jest: runnerVersions.jest },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(dir, 'pnpm-workspace.yaml'),
    stringify({
      overrides: Object.fromEntries(packed.map((p) => [p.manifest.name, file(p)])),
      // Install scripts decided one by one, as the workspace does; the runners' own: Jest's file watcher and
      // resolver ship their binaries as optional dependencies.
      allowBuilds: {
        esbuild: true,
        msw: false,
        '@parcel/watcher': false,
        'unrs-resolver': false,
      },
    }),
  );
  for (const target of targets) {
    const blocks = readmeExamples(join(repoRoot, 'packages', target, 'README.md'), [
      'vitest-config',
      'vitest-test',
      'jest-config',
      'jest-test',
    ]);
    const vitestDir = join(dir, 'vitest', target);
    const jestDir = join(dir, 'jest', target);
    mkdirSync(vitestDir, { recursive: true });
    mkdirSync(jestDir, { recursive: true });
    writeFileSync(join(vitestDir, 'vitest.config.ts'), blocks.get('vitest-config') as string);
    writeFileSync(join(vitestDir, 'feed.test.ts'), blocks.get('vitest-test') as string);
    // The README's files as it names them, in a project as `npm init -y` makes it (CommonJS).
    writeFileSync(join(jestDir, 'package.json'), '{ "type": "commonjs" }\n');
    writeFileSync(join(jestDir, JEST_CONFIG), blocks.get('jest-config') as string);
    writeFileSync(join(jestDir, 'feed.test.mjs'), blocks.get('jest-test') as string);
    const cjsDir = join(dir, 'jest-commonjs', target);
    mkdirSync(cjsDir, { recursive: true });
    writeFileSync(join(cjsDir, 'package.json'), '{ "type": "commonjs" }\n');
    writeFileSync(join(cjsDir, JEST_CONFIG), blocks.get('jest-config') as string);
    writeFileSync(join(cjsDir, 'feed.test.js'), commonjsTest[target]);
  }
}

/** Writes the projects and installs them (check:packages starts this early: it waits on the registry and
 * pnpm's store, not the CPU). */
export function installRunnerProjects(dir: string, packed: Packed[]): Promise<Step> {
  writeRunnerProjects(dir, packed);
  return step(
    'runner projects: install the tarballs, Vitest and Jest',
    pnpmBin(),
    ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    dir,
  );
}

/** Runs each runner on each package's example, once installed. */
export async function checkRunnerProjects(dir: string): Promise<Step[]> {
  const steps: Step[] = [];
  const bin = (name: string) => join(dir, 'node_modules', '.bin', name);
  for (const target of targets) {
    const vitestDir = join(dir, 'vitest', target);
    steps.push(
      await step(
        `Vitest ${runnerVersions.vitest}: globalSetup @assoc-feed/${target}/vitest-global-setup`,
        bin('vitest'),
        ['run', '--root', vitestDir, '--config', join(vitestDir, 'vitest.config.ts')],
        vitestDir,
      ),
    );
    const jestDir = join(dir, 'jest', target);
    steps.push(
      await step(
        `Jest ${runnerVersions.jest} (ESM mode, CommonJS project, the README's .mjs files): globalSetup @assoc-feed/${target}/jest-global-setup`,
        bin('jest'),
        ['--rootDir', jestDir, '--config', join(jestDir, JEST_CONFIG), '--ci'],
        jestDir,
        { NODE_OPTIONS: '--experimental-vm-modules' },
      ),
    );
    const cjsDir = join(dir, 'jest-commonjs', target);
    steps.push(
      await step(
        `Jest ${runnerVersions.jest} (CommonJS mode, no flag): globalSetup @assoc-feed/${target}/jest-global-setup`,
        bin('jest'),
        ['--rootDir', cjsDir, '--config', join(cjsDir, JEST_CONFIG), '--ci'],
        cjsDir,
      ),
    );
  }
  return steps;
}
