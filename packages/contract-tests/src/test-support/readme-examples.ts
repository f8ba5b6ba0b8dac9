// A runner for a throwaway Vitest project made of a README's marked code blocks (read by readmeExamples from
// @assoc-feed/tools/readme-examples, which check:packages shares).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ProjectRun {
  code: number | null;
  output: string;
}

/** Writes `files` into `dir` (emptied first) and runs `vitest run` there with its own config (an empty one
 * unless `files` has a vitest.config.ts), and `args` after the others; resolves with its exit and output. */
export function runVitestProject(
  dir: string,
  files: Record<string, string>,
  args: string[] = [],
): Promise<ProjectRun> {
  rmSync(dir, { recursive: true, force: true });
  const all = { 'vitest.config.ts': 'export default {};\n', ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const require = createRequire(import.meta.url);
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      // The README's code as written; only the runner's timeouts are this project's (vitest's 5 s default fails a
      // README example on a busy machine): guards against a hang, not speed checks.
      [
        vitest,
        'run',
        '--root',
        dir,
        '--config',
        join(dir, 'vitest.config.ts'),
        '--testTimeout=120000',
        '--hookTimeout=120000',
        ...args,
      ],
      { cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 480_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}
