// startSandbox(): the stateful sandbox on a local port, optionally behind Prism's validating proxy.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeListener } from './http/node-listener.js';
import { createSandboxCore, SANDBOX_DEFAULTS, type SandboxBehaviour } from './sandbox-core.js';
import { loadSpec } from './spec/load.js';
import { loadPrismProxy, type PrismProxy } from './validate-with-prism.js';

export { SANDBOX_DEFAULTS };

/** The sandbox's behaviour (sandbox-core.ts), and how it is served. */
export interface SandboxOptions extends SandboxBehaviour {
  /** Port to listen on; 0 (the default for startSandbox) picks a free one. The CLI's default is 4011. */
  port?: number;
  /** Interface to bind; loopback by default. */
  host?: string;
  /**
   * Put Prism's validating proxy (`prism proxy --errors`) in front: every answer is checked against the spec.
   * Needs the optional peer dependency @assoc-feed/mock (which brings Prism).
   */
  validateWithPrism?: boolean;
  /** The joined spec as JSON (default: @assoc-feed/specs/feed.json). */
  specJson?: string;
  /** The spec Prism validates against (default: @assoc-feed/specs/feed.yaml). */
  prismSpec?: string;
  /** How long to wait for Prism to listen. */
  startTimeoutMs?: number;
  /** Let the process exit while the server still listens (a test runner's global set-up without a teardown). */
  unref?: boolean;
}

export interface RunningSandbox {
  /** Base URL for a client (Prism's when validateWithPrism). */
  url: string;
  /** The sandbox itself, without Prism (same as url when Prism is not used). */
  sandboxUrl: string;
  clientId: string;
  clientSecret: string;
  seed: number;
  funds: number;
  tokenTtlSeconds: number;
  /** Revokes every issued token: calls with them answer 403 (document 1: token revoked); new tokens work. */
  revokeTokens: () => void;
  /** Stops the server (and Prism); safe to call twice. */
  stop: () => Promise<void>;
}

function checkServing(o: SandboxOptions): void {
  if (o.port !== undefined && (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)) {
    throw new RangeError(`port must be a whole number from 0 to 65535, got ${o.port}`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  checkServing(options);
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const core = createSandboxCore(loadSpec(options.specJson), options);
  const listener = nodeListener(core.pipeline);
  const server = createServer({ keepAlive: true }, (req, res) => {
    void listener(req, res);
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  // Requests Node's parser rejects (unknown method, malformed line, headers too large) still get the error body.
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      status,
      error: tooLarge ? 'request header fields too large' : 'bad request',
      message: tooLarge ? 'The request line or headers are too large.' : 'The request is not valid HTTP/1.1.',
    });
    // A HEAD request gets the status and headers only.
    const head = error.rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${head ? '' : body}`,
    );
  });

  const sandboxPort = options.validateWithPrism ? 0 : (options.port ?? 0);
  await listen(server, sandboxPort, host);
  if (options.unref) server.unref();
  const address = server.address() as AddressInfo;
  const display = host.includes(':') ? `[${host}]` : host;
  const sandboxUrl = `http://${display}:${address.port}`;

  let prism: PrismProxy | undefined;
  let url = sandboxUrl;
  if (options.validateWithPrism) {
    try {
      const startPrismProxy = await loadPrismProxy();
      prism = await startPrismProxy({
        upstream: sandboxUrl,
        host,
        port: options.port, // 0 or absent: a free port
        spec: options.prismSpec,
        log: options.log,
        startTimeoutMs: options.startTimeoutMs ?? 30_000,
      });
      url = prism.url;
    } catch (error) {
      await closeServer(server);
      throw error;
    }
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    sandboxUrl,
    clientId: core.clientId,
    clientSecret: core.clientSecret,
    seed: core.seed,
    funds: core.funds,
    tokenTtlSeconds: core.tokenTtlSeconds,
    revokeTokens: core.revokeTokens,
    stop: () => {
      stopped ??= (async () => {
        if (prism) await prism.stop();
        await closeServer(server);
      })();
      return stopped;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
