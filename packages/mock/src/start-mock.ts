import { type PrismProcessOptions, type RunningServer, spawnPrism } from './spawn-prism.js';
import { joinedSpecPath } from './spec-files.js';

export type { RunningServer };

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
  /** How long to wait for Prism to listen (default 120 s: a guard against a Prism that never does). */
  startTimeoutMs?: number;
}

/** Starts Prism on the joined spec: every operation of the three documents answers its example. */
export async function startMock(options: MockOptions = {}): Promise<RunningServer> {
  return spawnPrism(prismMock(options));
}

/** What the bin starts (not exported by the package): startMock's Prism, which keeps the process alive until it
 * is stopped (startMock's does not, so a test runner exits when its work is done). */
export async function startMockBin(
  options: MockOptions,
  onUnexpectedExit: (description: string) => void,
): Promise<RunningServer> {
  return spawnPrism({ ...prismMock(options), keepAlive: true, onUnexpectedExit });
}

function prismMock(options: MockOptions): PrismProcessOptions {
  return {
    args: ['mock', options.spec ?? joinedSpecPath(), ...(options.dynamic ? ['--dynamic'] : [])],
    host: options.host,
    port: options.port,
    log: options.log,
    startTimeoutMs: options.startTimeoutMs,
  };
}
