// startSandbox(): the stateful sandbox on a local port, optionally behind Prism's validating proxy.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSpecModel } from '@assoc-feed/specs/model';
import { type FaultOptions, Faults } from './faults.js';
import { Harvest } from './generate/harvest.js';
import { createPipeline } from './server.js';
import { loadSpec } from './spec/load.js';
import { type OperationInfo, readOperations } from './spec/operations.js';
import type { Clock } from './time.js';
import { TokenStore } from './tokens.js';
import { MAX_FUNDS } from './universe/funds.js';
import { loadPrismProxy, type PrismProxy } from './validate-with-prism.js';
import { World } from './world.js';

export const SANDBOX_DEFAULTS = {
  port: 4011,
  host: '127.0.0.1',
  seed: 1,
  funds: 7231,
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  tokenTtlSeconds: 3600,
} as const;

export interface SandboxOptions {
  /** Port to listen on; 0 (the default for startSandbox) picks a free one. The CLI's default is 4011. */
  port?: number;
  /** Interface to bind; loopback by default. */
  host?: string;
  /** Seed of the data universe: the same seed gives byte-identical answers. Default 1. */
  seed?: number;
  /**
   * Number of v2 funds (E1's total). Default 7,231: document 1's "about 7,231 thousand example FIF funds" of the
   * beta database, read as 7,231 (a guess); at most 7,500,000, so the literal 7,231,000 is reachable too.
   */
  funds?: number;
  /** Flow A credentials the sandbox accepts (also flow B's). Defaults sandbox-client / sandbox-secret. */
  clientId?: string;
  clientSecret?: string;
  /** Token validity in seconds (expires_in). Default 3600. */
  tokenTtlSeconds?: number;
  /** The clock (ms since epoch, or a Date): token expiry, "today" and the latest published data follow it. */
  now?: () => number | Date;
  /** Restricted products the client is entitled to, by x-document-id or operationId (e.g. ['E5']). */
  entitlements?: string[];
  /** Extra operations to treat as restricted (x-document-id or operationId). */
  restricted?: string[];
  /** Delay before each answer (ms, or [min, max]). */
  latencyMs?: number | [number, number];
  /** Share (0–1) of answers replaced by 429 (with Retry-After) or 5xx. */
  failRate?: number;
  /**
   * Serve deliberately drifted answers (a renamed, a missing and a retyped field, another page envelope; see
   * DRIFTS in drift.ts), so a drift report (`assoc-feed conform`) can be checked. Default false.
   */
  drift?: boolean;
  /**
   * Put Prism's validating proxy (`prism proxy --errors`) in front: every answer is checked against the spec.
   * Needs the optional peer dependency @assoc-feed/mock (which brings Prism).
   */
  validateWithPrism?: boolean;
  /**
   * Refuse query parameters an operation does not declare with 400. Default false: they are ignored, as the
   * service ignores them, and named in the `x-ignored-parameters` response header and the log.
   */
  strict?: boolean;
  /** The joined spec as JSON (default: @assoc-feed/specs/feed.json). */
  specJson?: string;
  /** The spec Prism validates against (default: @assoc-feed/specs/feed.yaml). */
  prismSpec?: string;
  /** Request log and internal errors; never receives secrets or tokens. Silent by default. */
  log?: (line: string) => void;
  /** How long to wait for Prism to listen. */
  startTimeoutMs?: number;
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

function checkOptions(o: SandboxOptions): void {
  const int = (name: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) {
      throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${v}`);
    }
  };
  int('port', o.port, 0, 65535);
  int('seed', o.seed, 0, 0xffffffff);
  int('funds', o.funds, 0, MAX_FUNDS);
  int('tokenTtlSeconds', o.tokenTtlSeconds, 1, 10 * 365 * 86400);
  if (o.failRate !== undefined && !(o.failRate >= 0 && o.failRate <= 1))
    throw new RangeError(`failRate must be from 0 to 1, got ${o.failRate}`);
  const latencies = Array.isArray(o.latencyMs) ? o.latencyMs : o.latencyMs === undefined ? [] : [o.latencyMs];
  for (const l of latencies)
    if (!Number.isInteger(l) || l < 0 || l > 60_000)
      throw new RangeError(`latencyMs must be 0–60000 ms, got ${l}`);
  for (const [name, v] of [
    ['clientId', o.clientId],
    ['clientSecret', o.clientSecret],
  ] as const) {
    if (v !== undefined && (v.length === 0 || v.includes(':') || /[\r\n]/.test(v)))
      throw new RangeError(`${name} must be non-empty, without a colon or line break`);
  }
}

function restrictedBy(spec: (op: OperationInfo) => boolean, extra: string[]) {
  return (op: OperationInfo) => spec(op) || extra.includes(op.operationId) || extra.includes(op.documentId);
}

/** An operation is a restricted product when the spec says so (x-restricted, or "Restricted product" in its description). */
function specRestricted(op: OperationInfo): boolean {
  return op.raw['x-restricted'] === true || /restricted product/i.test(String(op.raw.description ?? ''));
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  checkOptions(options);
  const seed = options.seed ?? SANDBOX_DEFAULTS.seed;
  const funds = options.funds ?? SANDBOX_DEFAULTS.funds;
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const credentials = {
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret,
  };
  const ttl = options.tokenTtlSeconds ?? SANDBOX_DEFAULTS.tokenTtlSeconds;
  const now = options.now;
  const clock: Clock = now ? () => Number(now()) : Date.now;

  const spec = loadSpec(options.specJson);
  const model = createSpecModel(spec, { name: options.specJson ?? 'feed' });
  const operations = readOperations(spec, model);
  const world = new World(spec, model, Harvest.fromSpec(spec, model), { seed, funds });
  const faultOptions: FaultOptions = {};
  if (options.latencyMs !== undefined) faultOptions.latencyMs = options.latencyMs;
  if (options.failRate !== undefined) faultOptions.failRate = options.failRate;
  const feedTokens = new TokenStore('A', `${seed}:${credentials.clientSecret}`, ttl, clock);
  const inputTokens = new TokenStore('B', `${seed}:${credentials.clientSecret}`, ttl, clock);
  const listener = createPipeline({
    operations,
    world,
    credentials,
    feedTokens,
    inputTokens,
    clock,
    faults: new Faults(faultOptions, seed),
    entitled: new Set(options.entitlements ?? []),
    isRestricted: restrictedBy(specRestricted, options.restricted ?? []),
    ...(options.drift ? { drift: true } : {}),
    strict: options.strict === true,
    ...(options.log ? { log: options.log } : {}),
  });
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 30_000, headersTimeout);
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
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    seed,
    funds,
    tokenTtlSeconds: ttl,
    revokeTokens: () => {
      feedTokens.revokeAll();
      inputTokens.revokeAll();
    },
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
  timeout: {
    status: 408,
    reason: 'Request Timeout',
    error: 'request timeout',
    message: 'The request (its headers, or the whole of it) did not arrive in time; send it again.',
  },
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
