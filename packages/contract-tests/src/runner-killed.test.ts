// A test runner killed with SIGKILL runs no clean-up, yet the global set-ups leave nothing running: 2 s after
// the kill, no process the runner started is alive. The mock's Prism is a child process with a watchdog
// (@assoc-feed/mock's spawn-prism.ts); the sandbox runs inside the runner. Vitest runs the set-up here; the Jest
// one is the same module behind another entry, run in check:packages.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { alive, commandLine, descendants } from './test-support/processes.js';

const require = createRequire(import.meta.url);
const vitestBin = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/** Whether something accepts connections at `url`. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// The two runners are independent (own directory, own process tree), so they run side by side.
describe.concurrent.each([
  { pkg: 'mock', variable: 'FEED_MOCK_URL', child: /prism/ },
  { pkg: 'sandbox', variable: 'FEED_SANDBOX_URL', child: undefined },
])('@assoc-feed/$pkg/vitest-global-setup under a runner killed with SIGKILL', ({ pkg, variable, child }) => {
  it('leaves no process alive 2 s later, and nothing listening', async ({ expect }) => {
    const dir = fileURLToPath(new URL(`../test-artifacts/killed/${pkg}/`, import.meta.url));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const ready = join(dir, 'ready');
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      `export default { test: { globalSetup: ['@assoc-feed/${pkg}/vitest-global-setup'], testTimeout: 600_000 } };\n`,
    );
    writeFileSync(
      join(dir, 'hang.test.ts'),
      [
        "import { renameSync, writeFileSync } from 'node:fs';",
        "import { it } from 'vitest';",
        "it('runs until killed', async () => {",
        // Written aside and renamed into place: a reader polling the file never sees it created but still empty.
        `  writeFileSync(${JSON.stringify(`${ready}.tmp`)}, process.env.${variable} ?? '');`,
        `  renameSync(${JSON.stringify(`${ready}.tmp`)}, ${JSON.stringify(ready)});`,
        '  await new Promise(() => {});',
        '});',
        '',
      ].join('\n'),
    );
    const runner = spawn(
      process.execPath,
      [vitestBin, 'run', '--root', dir, '--config', join(dir, 'vitest.config.ts')],
      {
        cwd: dir,
        stdio: 'ignore',
        env: { ...process.env, FORCE_COLOR: '0' },
      },
    );
    try {
      const url = await until('the test to start', () =>
        existsSync(ready) ? readFileSync(ready, 'utf8') : undefined,
      );
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await listening(url)).toBe(true);
      const started = descendants(runner.pid as number);
      expect(started.length).toBeGreaterThan(0); // the worker running the test, and Prism for the mock
      if (child) expect(started.some((pid) => child.test(commandLine(pid)))).toBe(true);

      runner.kill('SIGKILL');
      await sleep(2000);
      expect(started.filter(alive).map((pid) => `${pid} ${commandLine(pid)}`)).toEqual([]);
      expect(await listening(url)).toBe(false);
    } finally {
      runner.kill('SIGKILL');
    }
  }, 400_000);
});
