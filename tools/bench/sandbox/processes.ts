// The servers the sandbox bench starts, each as a child process so that its RSS and CPU are its own: the sandbox
// CLI, Node's floor (a bare node:http process), timed from spawn to first answer; and what is read of them from
// Linux /proc (RSS, CPU seconds).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { binOf, useSandboxDist } from '../load-mock.ts';

/** The moment every sandbox of the bench starts its clock at, so their answers are the same. */
export const NOW = '2026-11-19T21:00:00-03:00';
export const E1 = '/feed/fundos/v2/fundos';

/** Resident set size of a process in MB (Linux /proc; undefined elsewhere). */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function firstAnswer(
  url: string,
  headers: Record<string, string>,
  deadlineMs = 30_000,
): Promise<void> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  startMs: number;
  /** RSS once started (nothing built yet). */
  rssAtStart: number | undefined;
  how: string;
}

/**
 * A server as a child process, timed from its spawn to its first answer: its stdout goes to a file, as
 * `assoc-feed-sandbox > sandbox.log` would (were it a pipe read here, the load generator, this process, would pay
 * for reading the request log), polled for the "listening on" line; then the first request that gets an answer.
 */
async function spawnServer(args: string[], how: string): Promise<SandboxProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-sandbox-out-'));
  const outFile = join(dir, 'stdout.log');
  const out = openSync(outFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  // If the bench dies before its own stop (an error, process.exit), the server must not outlive it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => {
    process.off('exit', orphanGuard);
    rmSync(dir, { recursive: true, force: true });
  });
  let url: string | undefined;
  while (url === undefined) {
    const text = readFileSync(outFile, 'utf8');
    url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
    if (child.exitCode !== null)
      throw new Error(`${how} exited (${child.exitCode}) before listening:\n${text}`);
    if (url === undefined) await new Promise((r) => setTimeout(r, 2));
  }
  await firstAnswer(`${url}${E1}`, {});
  return { url, child, startMs: performance.now() - started, rssAtStart: rssMb(child.pid), how };
}

/** The sandbox CLI as a child process on a free port (`--port 0`): started until its first answer. */
export function spawnSandbox(extra: string[] = []): Promise<SandboxProcess> {
  const args = useSandboxDist
    ? [binOf('sandbox')]
    : ['--import', 'tsx', `${repoRoot}packages/sandbox/src/cli.ts`];
  const how = useSandboxDist
    ? `node ${relative(`${repoRoot}packages/sandbox`, binOf('sandbox'))}`
    : 'node --import tsx src/cli.ts';
  return spawnServer([...args, '--port', '0', '--now', NOW, ...extra], how);
}

/**
 * Node's floor: the least a Node process can do to answer HTTP, `node -e` with a bare node:http server (no module
 * of its own to load, nothing read), started and timed exactly as the CLI is.
 */
export function spawnFloor(): Promise<SandboxProcess> {
  const server = `require('node:http').createServer((req, res) => { req.resume(); res.writeHead(401, { 'content-type': 'application/json' }); res.end('{}'); }).listen(0, '127.0.0.1', function () { process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });`;
  return spawnServer(['-e', server], 'node -e (bare node:http)');
}

/** Seconds of CPU a process has used (user + system), from Linux /proc; undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // After the command name (which may hold spaces), fields 14 and 15 of stat: utime and stime in clock ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/access-token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/**
 * This process's fetch is loaded on its first use: done before the start-ups are timed, so
 * the first one timed is not billed for the client's loading.
 */
export async function warmFetch(): Promise<void> {
  const server = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
