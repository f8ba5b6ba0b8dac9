// DuckDB is an optional dependency, loaded by sync alone: `auth check` runs with DuckDB's resolution made to fail
// (a module hook), and a sync without DuckDB installed names the install line instead of a module-not-found stack.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../errors.js';
import { expectExit, runCli, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { loadDuckDB } from './parquet-writer.js';

const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

describe('loadDuckDB', () => {
  const missing = () =>
    Promise.reject(
      Object.assign(new Error("Cannot find package '@duckdb/node-api'"), { code: 'ERR_MODULE_NOT_FOUND' }),
    );

  it('names the optional dependency and the install line when DuckDB is not installed', async () => {
    const error = await loadDuckDB(missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const version = manifest.optionalDependencies?.['@duckdb/node-api'];
    expect(version, 'an optional dependency of the CLI').toBeDefined();
    expect((error as Error).message).toContain(`npm install @duckdb/node-api@${version}`);
    expect((error as Error).message).toContain('--omit=optional');
  });

  it('passes any other failure on as it is', async () => {
    const broken = new Error('the native library failed to load');
    await expect(loadDuckDB(() => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('is not a required dependency (npm install --omit=optional leaves it out)', () => {
    expect(manifest.dependencies['@duckdb/node-api']).toBeUndefined();
  });
});

describe('the commands other than sync', () => {
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it('run without DuckDB: auth check with its resolution made to fail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-no-duckdb-'));
    const hooks = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@duckdb/')) throw new Error('DuckDB was loaded');
  return next(specifier, context);
}`;
    writeFileSync(join(dir, 'hooks.mjs'), hooks);
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${join(dir, 'hooks.mjs')}`).href)});\n`,
    );
    const env = { ...sandboxEnv(sandbox), NODE_OPTIONS: `--import=${join(dir, 'register.mjs')}` };
    const result = expectExit(await runCli(['auth', 'check'], env), 0);
    expect(result.stdout + result.stderr).toContain('credentials accepted');
    // The hook is in force: sync, which needs DuckDB, meets it.
    const sync = await runCli(['sync', '--out-dir', join(dir, 'copy'), '--only', 'E1'], env);
    expect(sync.stderr).toContain('DuckDB was loaded');
  }, 120_000);
});
