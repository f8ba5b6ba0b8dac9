// startSandbox(): the stateful sandbox on a local port, optionally behind Prism's validating proxy.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_TIMEOUT_ANSWER, REQUEST_TIMEOUT_MS } from './http/exchange.js';
import { nodeListener } from './http/node-listener.js';
import { createSandboxCore, SANDBOX_DEFAULTS, type SandboxBehaviour } from './sandbox-core.js';
import { loadSpec } from './spec-reader/load.js';
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
  /** How long to wait for Prism to listen (default 120 s: a guard against a Prism that never does). */
  startTimeoutMs?: number;
  /**
   * Let the process exit while the server still listens or holds connections open (a test runner's global set-up
   * without a teardown).
   */
  unref?: boolean;
  /** A client must send its request headers within this (default 10 s), else 408 and the connection closes. */
  headersTimeoutMs?: number;
  /** A client must send its whole request within this (default 30 s), else 408 and the connection closes. */
  requestTimeoutMs?: number;
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

/**
 * Starts the sandbox on a port (a free one by default, on 127.0.0.1): tokens that expire, paging with totals and a
 * 404 past the last page, filters and date rules, on data seeded by `seed`. Resolves to its URL, credentials and a
 * `stop()`.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  checkServing(options);
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const core = createSandboxCore(loadSpec(options.specJson), options);
  const listener = nodeListener(core.pipeline);
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts on this interval (default 30 s, so a 10 s limit fired at up to 40 s):
      // a tenth of the shorter limit keeps each within 10% of what is configured.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 10))),
    },
    (req, res) => {
      void listener(req, res);
    },
  );
  server.keepAliveTimeout = 5000;
  // Requests Node's parser rejects (unknown method, malformed line, headers too large) still get the error body.
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const kind =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? CLIENT_ERRORS.tooLarge
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? CLIENT_ERRORS.timeout
          : CLIENT_ERRORS.bad;
    const body = JSON.stringify({ status: kind.status, error: kind.error, message: kind.message });
    // A HEAD request gets the status and headers only.
    const head = error.rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${kind.status} ${kind.reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${head ? '' : body}`,
    );
    // A request whose handler already runs (a body trickling in) is not left waiting on a half-closed socket.
    setTimeout(() => socket.destroy(), 1000).unref();
  });

  const sandboxPort = options.validateWithPrism ? 0 : (options.port ?? 0);
  await listen(server, sandboxPort, host);
  if (options.unref) {
    // Its open connections do not hold the process either: a keep-alive connection idles for seconds after the
    // last answer.
    server.unref();
    server.on('connection', (socket) => socket.unref());
  }
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
        startTimeoutMs: options.startTimeoutMs ?? 120_000,
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

/** What Node's parser and timers reject, as answered on the raw socket. */
const CLIENT_ERRORS = {
  tooLarge: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: 'request header fields too large',
    message: 'The request line or headers are too large.',
  },
  timeout: REQUEST_TIMEOUT_ANSWER,
  bad: {
    status: 400,
    reason: 'Bad Request',
    error: 'bad request',
    message: 'The request is not valid HTTP/1.1.',
  },
} as const;

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
