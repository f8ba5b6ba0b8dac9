// The first lines a TypeScript user writes (type-tests/user-patterns.ts: `if (error) throw …; data.content`,
// `if (result.error) return; result.data.totalSize`, with and without throwOnError, for createFeedClient and each
// document client, and misspelt client options as `@ts-expect-error`), compiled as a user's project compiles
// them: strict, against the built declarations, under `module` nodenext and under bundler resolution.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const folder = fileURLToPath(new URL('../type-tests/', import.meta.url));

describe('a strict user file compiles as the openapi-fetch habit expects', () => {
  // One tsc run takes a few seconds on an idle machine (6 s of CPU); two minutes were not enough on a machine
  // shared by many jobs. A guard against a hang.
  it.each(['nodenext', 'bundler'])('under module %s', { timeout: 300_000 }, async (mode) => {
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`], {
      cwd: folder,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
    );
    expect(run.stdout).toBe('');
    expect(run.code).toBe(0);
  });
});
