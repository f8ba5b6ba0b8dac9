import { freePort } from './free-port.js';
import { spawnPrism } from './spawn-prism.js';
import { joinedSpecPath } from './spec-files.js';
import { stopChild } from './stop-child.js';
import { waitForPort } from './wait-for-port.js';

export interface MockOptions {
  /** Port to listen on; 0 (the default for startMock) picks a free one. */
  port?: number;
  /** Interface to bind; loopback by default so a test suite never exposes the mock. */
  host?: string;
  /** Prism's `--dynamic`: random schema-valid answers instead of the spec's examples. */
  dynamic?: boolean;
  /** Spec to serve; the joined spec of all three documents by default. */
  spec?: string;
  /** Where Prism's request log goes; silent by default for test suites. */
  log?: 'silent' | 'inherit';
  /** How long to wait for Prism to listen. */
  startTimeoutMs?: number;
}

export interface RunningServer {
  /** Base URL to give a client as `baseUrl`, e.g. http://127.0.0.1:4010 */
  url: string;
  /** Stops the server and waits for it to exit. Safe to call twice. */
  stop: () => Promise<void>;
}

/** Starts Prism on the joined spec: every operation of the three documents answers its example. */
export async function startMock(options: MockOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const args = ['mock', options.spec ?? joinedSpecPath(), '-h', host, '-p', String(port)];
  if (options.dynamic) args.push('--dynamic');
  if (options.log !== 'inherit') args.push('--verboseLevel', 'silent');

  const { child, stderr } = spawnPrism(args, { inherit: options.log === 'inherit' });
  const exited = new AbortController();
  child.once('exit', (code, signal) =>
    exited.abort(new Error(`Prism exited (${code ?? signal}) before listening:\n${stderr()}`)),
  );

  try {
    await waitForPort(host, port, options.startTimeoutMs ?? 30_000, exited.signal);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const displayHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${displayHost}:${port}`, stop: () => stopChild(child) };
}
