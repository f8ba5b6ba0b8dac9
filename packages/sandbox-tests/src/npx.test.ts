// `npx @assoc-feed/sandbox` in a project that depends on @assoc-feed/sandbox: npm resolves the package's bin
// from its manifest (no network: --offline), the sandbox starts, prints its URL and credentials, and stops on
// Ctrl-C. npm would read flags right after the package name as its own: `--` hands them to the bin, which drops it. This is the published bin (dist/cli.cjs, the bundled command), as users run it. A terminal's Ctrl-C signals the whole
// process group; so does this test (npm runs the bin under `sh -c`, which does not pass on a signal sent to
// npm's process alone).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const npx = join(dirname(process.execPath), process.platform === 'win32' ? 'npx.cmd' : 'npx');
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
});

describe('npx @assoc-feed/sandbox', () => {
  it('runs the sandbox from the package name alone, and stops cleanly on Ctrl-C', async () => {
    expect(existsSync(npx), `npx next to ${process.execPath}`).toBe(true);
    child = spawn(npx, ['--offline', '--no', '@assoc-feed/sandbox', '--', '--port', '0', '--quiet'], {
      cwd: join(here, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, as a terminal gives it
      env: { ...process.env, npm_config_update_notifier: 'false', DO_NOT_TRACK: '1' },
    });
    let out = '';
    const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: string) => {
        out += chunk;
        const m = /Feed sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('Press Ctrl-C')) resolve(m[1] as string);
      };
      child?.stdout?.setEncoding('utf8').on('data', onData);
      child?.stderr?.setEncoding('utf8').on('data', onData);
      exited.then(() => reject(new Error(`npx exited before the sandbox listened:\n${out}`)));
    });
    expect(out).toContain('Credentials accepted: client_id=sandbox-client client_secret=sandbox-secret');
    const res = await fetch(`${url}/feed/fundos/v2/fundos`);
    expect(res.status).toBe(401);
    process.kill(-(child.pid as number), 'SIGINT');
    await exited;
    // The sandbox's last output may come after npm's own exit: wait for it (a guard against a hang, not a timing).
    await vi.waitFor(() => expect(out).toContain('Feed sandbox stopped.'), { timeout: 30_000, interval: 50 });
    expect(
      await fetch(url).then(
        () => 'answered',
        () => 'closed',
      ),
    ).toBe('closed');
  }, 180_000);
});
