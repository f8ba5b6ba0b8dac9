// The runtime cache: an entry that is ready is used as it is (also when its first probe fails, as one can on a
// loaded machine), and one that cannot be installed is an error naming the package and the registry's reason,
// leaving no half-installed entry behind.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedInstall } from './npm-cache.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'npm-cache-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** A probe that answers `answers` in turn (the last one from then on), counting its calls. */
function probe(...answers: boolean[]) {
  const calls: string[] = [];
  const ready = async (dir: string) => {
    calls.push(dir);
    return answers[Math.min(calls.length, answers.length) - 1] as boolean;
  };
  return { ready, calls };
}

describe('cachedInstall', () => {
  it.each([
    { case: 'ready at once', answers: [true] },
    { case: 'ready at the second probe', answers: [false, true] },
  ])('uses the entry that is $case, installing nothing', async ({ answers }) => {
    const { ready, calls } = probe(...answers);
    const got = await cachedInstall({ name: 'tool-1.0.0', dependencies: { tool: '1.0.0' }, ready, cacheDir });
    expect(got).toMatchObject({ dir: join(cacheDir, 'tool-1.0.0'), installMs: 0 });
    expect(calls).toHaveLength(answers.length);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('names the package and the reason when the registry has no such version, and leaves nothing behind', async () => {
    const { ready } = probe(false);
    const install = cachedInstall({
      name: 'bun-0.0.0-none',
      dependencies: { bun: '0.0.0-none' },
      ready,
      cacheDir,
    });
    await expect(install).rejects.toThrow(
      /could not install bun@0\.0\.0-none from the npm registry \(.*notarget/,
    );
    expect(existsSync(join(cacheDir, 'bun-0.0.0-none'))).toBe(false);
    expect(readdirSync(cacheDir).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 300_000);
});
