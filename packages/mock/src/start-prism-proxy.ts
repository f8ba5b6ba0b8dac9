// startPrismProxy(): Prism's validating proxy (`prism proxy --errors`) in front of a running server, so every
// answer is checked against the spec. @assoc-feed/sandbox loads it for `--validate-with-prism`.
import { freePort } from './free-port.js';
import { spawnPrism } from './spawn-prism.js';
import { joinedSpecPath } from './spec-files.js';
import type { RunningServer } from './start-mock.js';
import { stopChild } from './stop-child.js';
import { waitForPort } from './wait-for-port.js';

export interface PrismProxyOptions {
  /** Base URL of the server Prism forwards to, e.g. http://127.0.0.1:4011 */
  upstream: string;
  /** Interface to bind; loopback by default. */
  host?: string;
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  /** Spec Prism validates against; the joined spec of all three documents by default. */
  spec?: string;
  /** Prism's request log and errors, line by line; silent when absent. */
  log?: (line: string) => void;
  /** How long to wait for Prism to listen. */
  startTimeoutMs?: number;
}

export async function startPrismProxy(options: PrismProxyOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const { log } = options;
  const spec = options.spec ?? joinedSpecPath();
  const args = ['proxy', '--errors', spec, options.upstream, '-h', host, '-p', String(port)];
  if (!log) args.push('--verboseLevel', 'silent');
  const { child, stderr } = spawnPrism(args, log ? { log } : {});
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
  const display = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${display}:${port}`, stop: () => stopChild(child) };
}
