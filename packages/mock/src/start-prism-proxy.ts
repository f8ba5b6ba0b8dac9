// startPrismProxy(): Prism's validating proxy (`prism proxy --errors`) in front of a running server, so every
// answer is checked against the spec. @assoc-feed/sandbox loads it for `--validate-with-prism`.

import { type RunningServer, spawnPrism } from './spawn-prism.js';
import { joinedSpecPath } from './spec-files.js';

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
  return spawnPrism({
    args: ['proxy', '--errors', options.spec ?? joinedSpecPath(), options.upstream],
    host: options.host,
    port: options.port,
    log: options.log,
    startTimeoutMs: options.startTimeoutMs,
  });
}
