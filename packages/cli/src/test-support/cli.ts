// Test helpers: the built `assoc-feed` as a real child process, against a sandbox on a free loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '@assoc-feed/sandbox';

export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
/** The sandbox's clock in every test: its data (latest dates, tokens) follow it, so answers are fixed. */
export const NOW = '2026-11-19T21:00:00-03:00';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function sandboxEnv(
  sandbox: Pick<RunningSandbox, 'url' | 'clientId' | 'clientSecret'>,
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // An empty config home: a developer's own config file must not leak into the tests.
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    FEED_BASE_URL: sandbox.url,
  };
}

export function spawnCli(args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCli(args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<CliResult> {
  const child = spawnCli(args, env, cwd);
  return finished(child);
}

export function finished(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  // Decoded by the stream, not chunk by chunk: a character of several UTF-8 bytes (ç, ã) split between two
  // chunks would otherwise become two U+FFFD, and where a pipe splits its chunks depends on the machine's load.
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, now: () => Date.parse(NOW), ...options });
}

/** Asserts the exit code, showing stderr when it differs (the message is the useful part of a failure). */
export function expectExit(result: CliResult, code: number): CliResult {
  if (result.code !== code) {
    throw new Error(`expected exit ${code}, got ${result.code ?? result.signal}; stderr:\n${result.stderr}`);
  }
  return result;
}
