// The document packages commit their generated entry, runtime facts and exact fields (so a reader of the
// repository sees what each package exports): each committed copy must be what the generator writes now from the
// bundled spec. Reads @assoc-feed/specs's dist: run the specs build first. A failure means: regenerate with
// `pnpm --filter @assoc-feed/<document> generate` (or `pnpm build`) and commit the result.
import { readFileSync } from 'node:fs';
import { apiNames, repoRoot } from '@assoc-feed/specs-tooling/apis';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from './generate.ts';

const COMMITTED = ['index.ts', 'meta.ts', 'exact.ts'];

describe('committed generated files', () => {
  it.each(apiNames())('%s: each committed file is a fresh generation', async (api) => {
    const { files } = await generatedFiles(api);
    for (const name of COMMITTED) {
      const committed = readFileSync(`${repoRoot}packages/${api}/src/generated/${name}`, 'utf8');
      expect(
        committed,
        `packages/${api}/src/generated/${name} is stale: run pnpm --filter @assoc-feed/${api} generate`,
      ).toBe(files[name]);
    }
  });
});
