// The launcher watch as a process tree: a bin run by `sh -c` (as npm and pnpm run bins) stops when that shell is
// killed, and only under a package manager. Generous waits: nothing here depends on the machine's speed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { watchLauncher } from './launcher-watch.js';

const module = fileURLToPath(new URL('./launcher-watch.ts', import.meta.url));
const program = `import { watchLauncher } from ${JSON.stringify(module)};
watchLauncher(() => { console.log('launcher gone'); process.exit(0); });
console.log('pid ' + process.pid);
setInterval(() => {}, 1000);`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the program under `sh -c` (`; :` keeps the shell as its parent), kills the shell, and says whether the
 * program ended by itself within `waitMs` (it is killed afterwards either way). */
async function endsWithItsShell(env: NodeJS.ProcessEnv, waitMs: number): Promise<boolean> {
  const command = `"${process.execPath}" --import tsx --input-type=module -e "$PROGRAM"; :`;
  const shell = spawn('sh', ['-c', command], {
    env: { ...process.env, npm_execpath: undefined, ...env, PROGRAM: program },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const pid = await new Promise<number>((resolve, reject) => {
    shell.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /pid (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    shell.once('exit', () => reject(new Error(`the program did not start:\n${out}`)));
  });
  shell.kill('SIGKILL');
  const deadline = Date.now() + waitMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const ended = !alive(pid);
  if (!ended) process.kill(pid, 'SIGKILL');
  return ended;
}

describe('watchLauncher', () => {
  it('stops a bin run by a package manager once the shell it ran under is gone', async () => {
    const npm = { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' };
    expect(await endsWithItsShell(npm, 20_000)).toBe(true);
  }, 60_000);

  // Ten checks of the parent's pid (a slow machine makes fewer, so this cannot fail for want of speed).
  it('leaves a bin started without a package manager to its signals', async () => {
    expect(await endsWithItsShell({}, 2000)).toBe(false);
  }, 60_000);

  it('does not watch without npm_execpath', () => {
    let called = false;
    const stop = watchLauncher(() => {
      called = true;
    }, {});
    stop();
    expect(called).toBe(false);
  });
});
