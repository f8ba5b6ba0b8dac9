// The user journeys of the READMEs, from the packed tarballs in the consumer project, as processes: the two server
// bins started with `npx` (as the getting started does, `npx assoc-feed-sandbox &`) and directly, all four at
// once so the wait is paid once: each still answers after 20 s; SIGTERM to the bin stops it with exit 0, and
// SIGTERM to npx's pid (the README's `kill $!`) stops the server npx started too. `assoc-feed --version`, and
// `assoc-feed auth check` with the getting started's variables only (FEED_ENVIRONMENT, FEED_SANDBOX_BASE_URL,
// FEED_CLIENT_ID, FEED_CLIENT_SECRET). Waits are generous and only bound a failure: nothing here depends on the
// machine's speed (how long a stop took is printed, not judged against a tight limit).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Step } from '../../../tools/release/consumer.ts';

const run = promisify(execFile);

/** How long every server must keep answering after it started: a bin that exits soon after its start is a fault. */
export const STAY_UP_MS = 20_000;
/** The most a stop may take before it counts as a failure: a guard against a hang, sized for a busy machine. */
const STOP_LIMIT_MS = 30_000;
const START_LIMIT_MS = 120_000;

interface Server {
  label: string;
  bin: 'assoc-feed-mock' | 'assoc-feed-sandbox';
  child: ChildProcess;
  output: () => string;
  /** Resolves when every process holding the output pipes (npx, its shell, the bin) has exited. */
  closed: Promise<void>;
  exit: Promise<number | null>;
  url?: string;
}

function start(dir: string, label: string, bin: Server['bin'], viaNpx: boolean): Server {
  const args = ['--port', '0', '--quiet'];
  const child = viaNpx
    ? spawn('npx', [bin, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(join(dir, 'node_modules', '.bin', bin), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { label, bin, child, output: () => out, closed, exit };
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([promise, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())]);

async function listening(server: Server): Promise<string | undefined> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline && server.child.exitCode === null) {
    const url = /listening on (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url && /Press Ctrl-C/.test(server.output())) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A request each server answers as the service would: the mock its example, the sandbox its 401 without a token. */
async function answers(server: Server): Promise<string | undefined> {
  const expected = server.bin === 'assoc-feed-mock' ? 200 : 401;
  try {
    const response = await fetch(`${server.url}/feed/fundos/v2/fundos`, {
      headers: { client_id: 'demo', access_token: 'demo' },
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return response.status === expected ? undefined : `answered ${response.status}, not ${expected}`;
  } catch (error) {
    return `did not answer: ${(error as Error).message}`;
  }
}

async function command(name: string, file: string, args: string[], dir: string, env: NodeJS.ProcessEnv) {
  const started = performance.now();
  try {
    const { stdout, stderr } = await run(file, args, { cwd: dir, env, timeout: 120_000 });
    return { name, ok: true, output: `${stdout}${stderr}`.trim(), ms: performance.now() - started };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    const output = `${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message;
    return { name, ok: false, output, ms: performance.now() - started };
  }
}

/** Runs the journeys in the installed consumer project `dir`; `cliVersion` is the packed CLI's version. */
export async function checkJourneys(dir: string, cliVersion: string): Promise<Step[]> {
  const began = performance.now();
  const servers = [
    start(dir, 'npx assoc-feed-mock', 'assoc-feed-mock', true),
    start(dir, 'npx assoc-feed-sandbox', 'assoc-feed-sandbox', true),
    start(dir, 'assoc-feed-mock', 'assoc-feed-mock', false),
    start(dir, 'assoc-feed-sandbox', 'assoc-feed-sandbox', false),
  ];
  const steps: Step[] = [];
  try {
    const problems = new Map<Server, string[]>(servers.map((s) => [s, []]));
    await Promise.all(
      servers.map(async (s) => {
        s.url = await listening(s);
        if (!s.url) problems.get(s)?.push(`did not start within ${START_LIMIT_MS / 1000} s`);
      }),
    );
    await new Promise((r) => setTimeout(r, STAY_UP_MS));
    for (const s of servers.filter((s) => s.url)) {
      const problem = await answers(s);
      if (problem) problems.get(s)?.push(`${STAY_UP_MS / 1000} s after it started, it ${problem}`);
    }

    // What users run next to it: the CLI from its tarball, with the getting started's variables only.
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
    for (const name of Object.keys(env)) if (name.startsWith('FEED_')) delete env[name];
    const cli = join(dir, 'node_modules', '.bin', 'assoc-feed');
    const version = await command('assoc-feed --version', cli, ['--version'], dir, env);
    if (version.ok && version.output !== cliVersion) {
      version.ok = false;
      version.output = `printed ${JSON.stringify(version.output)}, the packed version is ${cliVersion}`;
    }
    steps.push(version);
    const sandbox = servers[3] as Server;
    const credentials = /client_id=(\S+) client_secret=(\S+)/.exec(sandbox.output());
    if (sandbox.url && credentials) {
      const check = await command(
        'assoc-feed auth check (FEED_ENVIRONMENT=sandbox, FEED_SANDBOX_BASE_URL, FEED_CLIENT_*)',
        cli,
        ['auth', 'check'],
        dir,
        {
          ...env,
          FEED_ENVIRONMENT: 'sandbox',
          FEED_SANDBOX_BASE_URL: sandbox.url,
          FEED_CLIENT_ID: credentials[1],
          FEED_CLIENT_SECRET: credentials[2],
        },
      );
      if (check.ok && !/credentials accepted/.test(check.output)) check.ok = false;
      steps.push(check);
    } else {
      steps.push({ name: 'assoc-feed auth check', ok: false, output: 'no sandbox to check against', ms: 0 });
    }

    // SIGTERM to each: the bin itself (exit 0, after its "stopped." line), or npx (the README's `kill $!`).
    await Promise.all(
      servers.map(async (s) => {
        if (!s.url) return;
        const stopping = performance.now();
        s.child.kill('SIGTERM');
        const closed = await within(s.closed, STOP_LIMIT_MS);
        const took = performance.now() - stopping;
        const list = problems.get(s) as string[];
        if (closed === 'timeout') list.push(`still running ${STOP_LIMIT_MS / 1000} s after SIGTERM`);
        else if (await accepts(s.url)) list.push(`${s.url} still accepts connections after SIGTERM`);
        if (!/stopped\./.test(s.output())) list.push('did not print its "stopped." line on SIGTERM');
        if (!s.label.startsWith('npx')) {
          const code = await within(s.exit, 1000);
          if (code !== 0) list.push(`exited ${code} on SIGTERM, not 0`);
        }
        list.unshift(
          `stopped ${(took / 1000).toFixed(1)} s after SIGTERM${s.label.startsWith('npx') ? " to npx's pid" : ''}`,
        );
      }),
    );
    for (const s of servers) {
      const list = problems.get(s) as string[];
      const ok = Boolean(s.url) && list.length === 1;
      steps.push({
        name: `${s.label}: answers after ${STAY_UP_MS / 1000} s, stops on SIGTERM`,
        ok,
        output: ok ? list.join('; ') : `${list.join('\n')}\n${s.output()}`,
        ms: performance.now() - began,
      });
    }
  } finally {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
  return steps;
}
