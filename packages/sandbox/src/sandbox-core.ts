// What every way of running the sandbox shares, whatever carries the requests (Node's http server in
// start-sandbox.ts, fetch Requests in in-process.ts): the options and their checks, the seeded world, the two
// token stores and the request pipeline. Browser-safe: the spec comes in as an object.

import { createSpecModel, type SpecModel } from '@assoc-feed/specs/model';
import { type FaultOptions, Faults } from './faults.js';
import { Harvest } from './generate/harvest.js';
import { createPipeline, type Pipeline } from './request-pipeline.js';
import { checkSpec, type Json } from './spec-reader/check-spec.js';
import { type OperationInfo, readOperations } from './spec-reader/operations.js';
import type { Clock } from './time.js';
import { TokenStore } from './tokens.js';
import { MAX_FUNDS } from './universe/funds.js';
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

/** The sandbox's behaviour, however it is reached. */
export interface SandboxBehaviour {
  /** Seed of the data universe: the same seed gives byte-identical answers. Default 1. */
  seed?: number;
  /**
   * Number of v2 funds (E1's total). Default 7,231: document 1's "about 7,231 thousand example FIF funds" of the
   * beta database, read as 7,231 (a guess); at most 7,500,000, so the literal 7,231,000 is reachable too.
   */
  funds?: number;
  /**
   * Bytes of JSON the record cache may hold (default 48 MiB): records built once are served from it, least
   * recently used first out. 0 turns it off (every record computed per request).
   */
  cacheBytes?: number;
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
   * Refuse query parameters an operation does not declare with 400. Default false: they are ignored, as the
   * service ignores them, and named in the `x-ignored-parameters` response header and the log.
   */
  strict?: boolean;
  /**
   * Serve deliberately drifted answers (a renamed, a missing and a retyped field, another page envelope; see
   * DRIFTS in drift.ts), so a drift report (`assoc-feed conform`) can be checked. Default false.
   */
  drift?: boolean;
  /** Request log and internal errors; never receives secrets or tokens. Silent by default. */
  log?: (line: string) => void;
}

export interface SandboxCore {
  pipeline: Pipeline;
  clientId: string;
  clientSecret: string;
  seed: number;
  funds: number;
  tokenTtlSeconds: number;
  /** Revokes every issued token: calls with them answer 403 (document 1: token revoked); new tokens work. */
  revokeTokens: () => void;
}

export function checkBehaviour(o: SandboxBehaviour): void {
  const int = (name: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) {
      throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${v}`);
    }
  };
  int('seed', o.seed, 0, 0xffffffff);
  int('funds', o.funds, 0, MAX_FUNDS);
  int('cacheBytes', o.cacheBytes, 0, Number.MAX_SAFE_INTEGER);
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

interface SpecReading {
  model: SpecModel;
  operations: OperationInfo[];
  /** The spec's examples, harvested on first use (the World asks only when it generates a record). */
  harvest: () => Harvest;
}

// What is read from a spec never changes: sandboxes built on the same spec object in one process share it, so
// every sandbox after the first (a test file's own, a fresh one per test) is ready at once.
const readings = new WeakMap<Json, SpecReading>();

function readSpec(spec: Json): SpecReading {
  let reading = readings.get(spec);
  if (!reading) {
    const model = createSpecModel(spec, { name: 'feed' });
    let harvested: Harvest | undefined;
    const harvest = () => {
      harvested ??= Harvest.fromSpec(spec, model);
      return harvested;
    };
    reading = { model, operations: readOperations(spec, model), harvest };
    readings.set(spec, reading);
  }
  return reading;
}

export function createSandboxCore(spec: Json, options: SandboxBehaviour = {}): SandboxCore {
  checkBehaviour(options);
  checkSpec(spec);
  const seed = options.seed ?? SANDBOX_DEFAULTS.seed;
  const funds = options.funds ?? SANDBOX_DEFAULTS.funds;
  const credentials = {
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret,
  };
  const ttl = options.tokenTtlSeconds ?? SANDBOX_DEFAULTS.tokenTtlSeconds;
  const now = options.now;
  const clock: Clock = now ? () => Number(now()) : Date.now;

  const { model, operations, harvest } = readSpec(spec);
  const world = new World(spec, model, harvest, {
    seed,
    funds,
    ...(options.cacheBytes !== undefined ? { cacheBytes: options.cacheBytes } : {}),
  });
  const faultOptions: FaultOptions = {};
  if (options.latencyMs !== undefined) faultOptions.latencyMs = options.latencyMs;
  if (options.failRate !== undefined) faultOptions.failRate = options.failRate;
  const feedTokens = new TokenStore('A', `${seed}:${credentials.clientSecret}`, ttl, clock);
  const inputTokens = new TokenStore('B', `${seed}:${credentials.clientSecret}`, ttl, clock);
  const pipeline = createPipeline({
    operations,
    world,
    credentials,
    feedTokens,
    inputTokens,
    clock,
    faults: new Faults(faultOptions, seed),
    entitled: new Set(options.entitlements ?? []),
    isRestricted: restrictedBy(specRestricted, options.restricted ?? []),
    strict: options.strict === true,
    ...(options.drift ? { drift: true } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    pipeline,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    seed,
    funds,
    tokenTtlSeconds: ttl,
    revokeTokens: () => {
      feedTokens.revokeAll();
      inputTokens.revokeAll();
    },
  };
}
