// Prism as a child process, up once it listens: what startMock (`prism mock`) and startPrismProxy
// (`prism proxy --errors`) share. A Prism that exits before listening is an error carrying its last output.
// The watchdog (prism-watchdog.ts) is loaded first, so no Prism outlives the process that started it (even one
// killed with SIGKILL). By default neither the child nor its pipes keep that process's event loop alive: a test
// runner exits when its work is done, and Prism with it. The bin asks for `keepAlive`: Prism is all it runs.
import { spawn } from 'node:child_process';
import { freePort } from './free-port.js';
import { prismBinPath } from './spec-files.js';
import { stopChild } from './stop-child.js';
import { waitForPort } from './wait-for-port.js';

export interface RunningServer {
  /** Base URL to give a client as `baseUrl`, e.g. http://127.0.0.1:4010 */
  url: string;
  /** Stops the server and waits for it to exit. Safe to call twice. */
  stop: () => Promise<void>;
}

export interface PrismProcessOptions {
  /** Prism's command and its arguments, before the address: `['mock', spec]`, `['proxy', '--errors', spec, url]`. */
  args: string[];
  host?: string | undefined;
  /** 0 or absent picks a free one. */
  port?: number | undefined;
  /** `inherit`: Prism writes to this process's output; a function: Prism's output line by line; else silent. */
  log?: 'silent' | 'inherit' | ((line: string) => void) | undefined;
  startTimeoutMs?: number | undefined;
  /** Prism keeps this process alive until it is stopped (the bin); by default it does not (test runners). */
  keepAlive?: boolean | undefined;
  /** Called when Prism exits after listening without stop() being called (it crashed or was killed). */
  onUnexpectedExit?: ((description: string) => void) | undefined;
}

export async function spawnPrism(options: PrismProcessOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const { log } = options;
  const lines = typeof log === 'function' ? log : undefined;
  const watchdog = new URL('./prism-watchdog.js', import.meta.url).href;
  // One process: Prism's default forks a cluster worker, which never comes up in pnpm's node_modules layout
  // (Prism 5.14), and a second process gains a mock nothing.
  const args = [
    '--import',
    watchdog,
    prismBinPath(),
    ...options.args,
    '-h',
    host,
    '-p',
    String(port),
    '--multiprocess',
    'false',
  ];
  if (log !== 'inherit' && !lines) args.push('--verboseLevel', 'silent');
  const child = spawn(process.execPath, args, {
    // stdin is a pipe this process never writes: it closes when this process dies, and the watchdog sees it.
    stdio: log === 'inherit' ? ['pipe', 'inherit', 'inherit'] : ['pipe', lines ? 'pipe' : 'ignore', 'pipe'],
    env: { ...process.env, DO_NOT_TRACK: '1', SCARF_ANALYTICS: 'false' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    lines?.(chunk.trimEnd());
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => lines?.(chunk.trimEnd()));
  if (!options.keepAlive) {
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      (stream as unknown as { unref?: () => void } | null)?.unref?.();
    }
  }
  const exited = new AbortController();
  child.once('exit', (code, signal) =>
    exited.abort(new Error(`Prism exited (${code ?? signal}) before listening:\n${stderr}`)),
  );
  try {
    // Prism starts in about a second on an idle machine; a shared CI runner can take far longer. The timeout only
    // catches a Prism that never listens.
    await waitForPort(host, port, options.startTimeoutMs ?? 120_000, exited.signal);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) options.onUnexpectedExit?.(`Prism exited (${code ?? signal}):\n${stderr}`.trimEnd());
  });
  const displayHost = host.includes(':') ? `[${host}]` : host;
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  return { url: `http://${displayHost}:${port}`, stop };
}
