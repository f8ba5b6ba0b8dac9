// The server bins started as scripts, Makefiles and CI steps start them, from the packed tarballs in the consumer
// project: a bash script runs `npx assoc-feed-sandbox &` (or under setsid or nohup, or `pnpm exec`) and exits 0, a
// Makefile's target does the same for the mock; 10 s later a second process calls the server, which must answer.
// Then the package manager between the script and the bin (npx, pnpm) is killed with SIGKILL, and the bin must stop
// by itself. All cases at once, so the wait is paid once. Processes are found through /proc (each case marks its
// script's environment), so this runs on Linux only. Waits are generous and only bound a failure: nothing here
// depends on the machine's speed (how long a stop took is printed, not judged).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Step } from '../../../tools/release/consumer.ts';

const run = promisify(execFile);

/** How long after the script exited a second process calls the server. */
const CALL_AFTER_MS = 10_000;
const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 30_000;
const MARK = 'FEED_BACKGROUND_CASE';

interface Case {
  label: string;
  bin: 'assoc-feed-mock' | 'assoc-feed-sandbox';
  /** The command line that starts it in the background (its output to "$LOG"). */
  line: string;
  /** Make runs the line as a Makefile's recipe, else bash as a script's. */
  make?: boolean;
  /** The package manager's process, the one killed: its command line. */
  manager: RegExp;
}

const serverArgs = '--port 0 --quiet > "$LOG" 2>&1 &';
const npx = /^npm exec /;
const cases: Case[] = [
  {
    label: 'a script ran `npx assoc-feed-sandbox &`',
    bin: 'assoc-feed-sandbox',
    line: `npx assoc-feed-sandbox ${serverArgs}`,
    manager: npx,
  },
  {
    label: 'a script ran `npx assoc-feed-mock &`',
    bin: 'assoc-feed-mock',
    line: `npx assoc-feed-mock ${serverArgs}`,
    manager: npx,
  },
  {
    label: 'a script ran `setsid npx assoc-feed-sandbox &`',
    bin: 'assoc-feed-sandbox',
    line: `setsid npx assoc-feed-sandbox ${serverArgs}`,
    manager: npx,
  },
  {
    label: 'a script ran `nohup npx assoc-feed-sandbox &`',
    bin: 'assoc-feed-sandbox',
    line: `nohup npx assoc-feed-sandbox ${serverArgs}`,
    manager: npx,
  },
  {
    label: 'a script ran `pnpm exec assoc-feed-sandbox &`',
    bin: 'assoc-feed-sandbox',
    line: `pnpm exec assoc-feed-sandbox ${serverArgs}`,
    manager: /pnpm(\.c?js)? exec /,
  },
  {
    label: 'a Makefile target ran `npx assoc-feed-mock &`',
    bin: 'assoc-feed-mock',
    line: `npx assoc-feed-mock ${serverArgs.replace('$LOG', () => '$$LOG')}`,
    make: true,
    manager: npx,
  },
];

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The live processes whose environment holds this case's mark, with their command lines. */
function marked(id: string): { pid: number; cmdline: string }[] {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (!read(`/proc/${entry}/environ`).split('\0').includes(`${MARK}=${id}`)) continue;
    if (/\) [ZX] /.test(read(`/proc/${entry}/stat`))) continue;
    found.push({ pid: Number(entry), cmdline: read(`/proc/${entry}/cmdline`).replaceAll('\0', ' ').trim() });
  }
  return found;
}

const alive = (pid: number) => !/^$|\) [ZX] /.test(read(`/proc/${pid}/stat`));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second process calls the server as journeys.ts does: the mock answers its example, the sandbox a 401. */
async function callFromAnotherProcess(url: string, expected: number): Promise<string | undefined> {
  const script = `fetch(process.argv[1], { headers: { client_id: 'demo', access_token: 'demo' } }).then((r) => console.log(r.status), (e) => console.log(e.message))`;
  try {
    const { stdout } = await run(process.execPath, ['-e', script, `${url}/feed/fundos/v2/fundos`], {
      timeout: 60_000,
    });
    return stdout.trim() === String(expected) ? undefined : `answered ${stdout.trim()}, not ${expected}`;
  } catch (error) {
    return `the call failed: ${(error as Error).message}`;
  }
}

/** Runs the case's script (or Makefile) to its exit; the server's URL once its log says it listens. */
async function startInBackground(dir: string, c: Case, id: string, log: string, index: number) {
  const file = join(dir, c.make ? `Makefile.background-${index}` : `background-${index}.sh`);
  writeFileSync(file, c.make ? `serve:\n\t${c.line}\n` : `#!/usr/bin/env bash\nset -e\n${c.line}\nexit 0\n`);
  const [command, args] = c.make ? ['make', ['-s', '-f', file, 'serve']] : ['bash', [file]];
  const env = { ...process.env, [MARK]: id, LOG: log, npm_config_update_notifier: 'false' };
  const failed = await run(command, args, { cwd: dir, env, timeout: 60_000 }).then(
    () => undefined,
    (e: Error) => `the script failed: ${e.message}`,
  );
  if (failed) return { problem: failed };
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    const url = /Press Ctrl-C/.test(read(log))
      ? /listening on (http:\/\/\S+)/.exec(read(log))?.[1]
      : undefined;
    if (url) return { url };
    await pause(200);
  }
  return { problem: `did not start within ${START_LIMIT_MS / 1000} s` };
}

/** SIGKILL to the package manager; how long the bin took to stop, or undefined if it did not. */
async function killManager(manager: number, bin: number): Promise<number | undefined> {
  process.kill(manager, 'SIGKILL');
  const killed = performance.now();
  const stopBy = Date.now() + STOP_LIMIT_MS;
  while (alive(bin) && Date.now() < stopBy) await pause(100);
  return alive(bin) ? undefined : performance.now() - killed;
}

async function runCase(dir: string, c: Case, index: number): Promise<Step> {
  const began = performance.now();
  const id = `case-${process.pid}-${index}`;
  const log = join(dir, `background-${index}.log`);
  const name = `${c.label}, exited: serves on, stops with its package manager`;
  const fail = (problem: string): Step => ({
    name,
    ok: false,
    output: `${problem}\n${read(log)}`,
    ms: performance.now() - began,
  });
  try {
    const started = await startInBackground(dir, c, id, log, index);
    if (!started.url) return fail(started.problem ?? 'did not start');

    await pause(CALL_AFTER_MS);
    const problem = await callFromAnotherProcess(started.url, c.bin === 'assoc-feed-mock' ? 200 : 401);
    if (problem) return fail(`${CALL_AFTER_MS / 1000} s after the script exited, it ${problem}`);

    const processes = marked(id);
    const bin = processes.find((p) => /\/dist\/cli\.c?js/.test(p.cmdline) && !/^(ba)?sh /.test(p.cmdline));
    const manager = processes.find((p) => c.manager.test(p.cmdline));
    if (!bin || !manager)
      return fail(
        `no ${bin ? 'package manager' : 'bin'} among ${processes.map((p) => p.cmdline).join(' | ')}`,
      );
    const took = await killManager(manager.pid, bin.pid);
    if (took === undefined)
      return fail(`still running ${STOP_LIMIT_MS / 1000} s after its package manager was killed`);
    const output = `answered ${CALL_AFTER_MS / 1000} s after the script exited; stopped ${(took / 1000).toFixed(1)} s after SIGKILL of its package manager`;
    return { name, ok: true, output, ms: performance.now() - began };
  } finally {
    for (const p of marked(id)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

/** Runs the background cases in the installed consumer project `dir` (Linux: none elsewhere). */
export async function checkBackgroundServers(dir: string): Promise<Step[]> {
  if (process.platform !== 'linux') return [];
  return Promise.all(cases.map((c, i) => runCase(dir, c, i)));
}
