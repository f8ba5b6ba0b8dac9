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
import type { Step } from './consumer.ts';

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
    line: `npx assoc-feed-mock ${serverArgs.replace('$LOG', '$$LOG')}`,
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

async function runCase(dir: string, c: Case, index: number): Promise<Step> {
  const began = performance.now();
  const id = `case-${process.pid}-${index}`;
  const log = join(dir, `background-${index}.log`);
  const file = join(dir, c.make ? `Makefile.background-${index}` : `background-${index}.sh`);
  writeFileSync(file, c.make ? `serve:\n\t${c.line}\n` : `#!/usr/bin/env bash\nset -e\n${c.line}\nexit 0\n`);
  const problems: string[] = [];
  try {
    const script = c.make ? ['make', ['-s', '-f', file, 'serve']] : ['bash', [file]];
    const exited = await run(script[0] as string, script[1] as string[], {
      cwd: dir,
      env: { ...process.env, [MARK]: id, LOG: log, npm_config_update_notifier: 'false' },
      timeout: 60_000,
    }).then(
      () => undefined,
      (e: Error) => `the script failed: ${e.message}`,
    );
    if (exited) return { name: c.label, ok: false, output: exited, ms: performance.now() - began };

    const deadline = Date.now() + START_LIMIT_MS;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      if (/Press Ctrl-C/.test(read(log))) url = /listening on (http:\/\/\S+)/.exec(read(log))?.[1];
      else await pause(200);
    }
    if (!url)
      return {
        name: c.label,
        ok: false,
        output: `did not start:\n${read(log)}`,
        ms: performance.now() - began,
      };

    await pause(CALL_AFTER_MS);
    const processes = marked(id);
    const bin = processes.find((p) => /\/dist\/cli\.c?js/.test(p.cmdline) && !/^(ba)?sh /.test(p.cmdline));
    const manager = processes.find((p) => c.manager.test(p.cmdline));
    const problem = await callFromAnotherProcess(url, c.bin === 'assoc-feed-mock' ? 200 : 401);
    if (problem) problems.push(`${CALL_AFTER_MS / 1000} s after the script exited, it ${problem}`);
    if (!bin || !manager) {
      problems.push(
        `no ${bin ? 'package manager' : 'bin'} among ${processes.map((p) => p.cmdline).join(' | ')}`,
      );
    } else {
      process.kill(manager.pid, 'SIGKILL');
      const killed = performance.now();
      const stopBy = Date.now() + STOP_LIMIT_MS;
      while (alive(bin.pid) && Date.now() < stopBy) await pause(100);
      if (alive(bin.pid))
        problems.push(`still running ${STOP_LIMIT_MS / 1000} s after its package manager was killed`);
      else
        problems.unshift(
          `answered ${CALL_AFTER_MS / 1000} s after the script exited; stopped ${((performance.now() - killed) / 1000).toFixed(1)} s after SIGKILL of its package manager`,
        );
    }
    const ok = problems.length === 1 && !problem && Boolean(bin && manager);
    return {
      name: `${c.label}, exited: serves on, stops with its package manager`,
      ok,
      output: ok ? problems.join('') : `${problems.join('\n')}\n${read(log)}`,
      ms: performance.now() - began,
    };
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
