// The launcher watch as a process tree: a bin run under a package manager (here a stand-in named as npx's
// script is, which runs it under `sh -c` as npm does) stops once that package manager is killed with SIGKILL; run by
// a shell without one, it serves on. The chain's rules, table by table, are tested with the sandbox's copy of this
// module. Generous waits: nothing here depends on the machine's speed.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const module = fileURLToPath(new URL('./launcher-watch.ts', import.meta.url));
const program = `import { watchLauncher } from ${JSON.stringify(module)};
watchLauncher(() => { console.log('launcher gone'); process.exit(0); });
console.log('pid ' + process.pid);
setInterval(() => {}, 1000);`;
const runProgram = `"${process.execPath}" --import tsx --input-type=module -e "$PROGRAM"; :`;

// A package manager's process as npm's own: `node …/npx-cli.js`, running the bin under `sh -c` and waiting.
const fakeNpx = join(mkdtempSync(join(tmpdir(), 'launcher-watch-')), 'npx-cli.js');
writeFileSync(
  fakeNpx,
  `require('node:child_process').spawn('sh', ['-c', process.env.RUN], { stdio: 'inherit' }).on('exit', (c) => process.exit(c ?? 1));`,
);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the program under `launcher`, kills the launcher's process, and says whether the program ended by
 * itself within `waitMs` (it is killed afterwards either way). */
async function endsWithItsLauncher(launcher: string[], waitMs: number): Promise<boolean> {
  const child = spawn(launcher[0] as string, launcher.slice(1), {
    env: { ...process.env, PROGRAM: program, RUN: runProgram },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /pid (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`the program did not start:\n${out}`)));
  });
  child.kill('SIGKILL');
  const deadline = Date.now() + waitMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const ended = !alive(pid);
  if (!ended) process.kill(pid, 'SIGKILL');
  return ended;
}

// Each test has its own process tree and waits on it, not on the other: they run side by side.
describe.runIf(process.platform === 'linux').concurrent('watchLauncher', () => {
  it('stops a bin run by a package manager once that package manager is killed', async ({ expect }) => {
    expect(await endsWithItsLauncher([process.execPath, fakeNpx], 30_000)).toBe(true);
  }, 60_000);

  // At least four checks (a slow machine makes fewer, so this cannot fail for want of speed).
  it('leaves a bin started by a shell, without a package manager, to its signals', async ({ expect }) => {
    expect(await endsWithItsLauncher(['sh', '-c', runProgram], 2500)).toBe(false);
  }, 60_000);
});
