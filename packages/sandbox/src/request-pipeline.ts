// The request pipeline: faults → route (from the spec) → auth → entitlement → parameter rules → handler →
// paging envelope → JSON. Every answer is a JSON body; a thrown error is caught per request (500, logged
// without headers) so one request can never take the server down. It reads a SandboxRequest and returns a
// SandboxResponse (exchange.ts): the Node server and the fetch adapter only translate.
import { driftAnswer } from './drift.js';
import type { Faults } from './faults.js';
import { fundosV1Handlers } from './handlers/fundos-v1.js';
import { fundosV2Handlers } from './handlers/fundos-v2.js';
import { genericHandler } from './handlers/generic.js';
import { hasProducer, precosIndicesHandler } from './handlers/precos-indices.js';
import {
  type Credentials,
  checkFeedCall,
  checkInputCall,
  flowAToken,
  flowBToken,
  type Outcome,
} from './http/auth.js';
import {
  BodyTooLarge,
  ClientGone,
  REQUEST_TIMEOUT_ANSWER,
  RequestTimedOut,
  type SandboxRequest,
  type SandboxResponse,
} from './http/exchange.js';
import { errorResponse, jsonResponse, logRedactor } from './http/respond.js';
import { Router } from './http/router.js';
import { clip, describeProblems, validateParameters } from './http/validate-request.js';
import type { OperationInfo } from './spec-reader/operations.js';
import { type Clock, nowIn } from './time.js';
import type { TokenStore } from './tokens.js';
import type { Handler, HandlerResult, World } from './world.js';

export interface PipelineConfig {
  operations: OperationInfo[];
  world: World;
  credentials: Credentials;
  feedTokens: TokenStore;
  inputTokens: TokenStore;
  clock: Clock;
  faults: Faults;
  /** Restricted operations (operationId or x-document-id) this sandbox's client is entitled to. */
  entitled: ReadonlySet<string>;
  /** Operations treated as restricted products (answer 403 unless entitled). */
  isRestricted: (op: OperationInfo) => boolean;
  /** Serve the deliberately drifted answers of drift.ts (`--drift`). */
  drift?: boolean;
  log?: (line: string) => void;
  /**
   * Refuse query parameters the operation does not declare with 400 (`--strict`). Default: ignore them, as the
   * service does (document 1: the sandbox does not honour query parameters), name them in the response header
   * `x-ignored-parameters` and log them.
   */
  strict?: boolean;
}

type Route =
  | { kind: 'flowA-token' }
  | { kind: 'flowB-token' }
  | { kind: 'input' }
  | { kind: 'feed'; handler: Handler; restricted: boolean };

/** Names the query parameters the sandbox ignored (not declared for the operation), comma-separated. */
export const IGNORED_HEADER = 'x-ignored-parameters';
const TOKEN_BODY_LIMIT = 16 * 1024;
const INPUT_BODY_LIMIT = 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after, x-ignored-parameters',
};

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds, for the request log's timings: process.hrtime in Node, where performance.now() would load
 * node:perf_hooks on its first call, which the first request would pay for; performance.now() in a browser.
 */
const elapsed: () => number =
  typeof process !== 'undefined' && typeof process.hrtime?.bigint === 'function'
    ? () => Number(process.hrtime.bigint()) / 1e6
    : () => performance.now();
const utf8 = new TextDecoder();

function routeOf(op: OperationInfo, config: PipelineConfig): Route {
  if (op.security === 'basic') return { kind: 'flowA-token' };
  if (op.security === 'flowB') return { kind: 'input' };
  if (op.requestBody?.contentTypes.includes('application/x-www-form-urlencoded'))
    return { kind: 'flowB-token' };
  const handler =
    fundosV2Handlers[op.documentId] ??
    fundosV1Handlers[op.documentId] ??
    (hasProducer(op.success.recordName) && op.path.startsWith('/feed/precos-indices/')
      ? precosIndicesHandler
      : genericHandler);
  return { kind: 'feed', handler, restricted: config.isRestricted(op) };
}

export type Pipeline = (request: SandboxRequest) => Promise<SandboxResponse>;

export function createPipeline(config: PipelineConfig): Pipeline {
  const router = new Router(config.operations);
  // Each operation's route is worked out on its first request (when the operation is read from the spec).
  const routes = new Map<OperationInfo, Route>();
  const routeFor = (op: OperationInfo) => {
    let route = routes.get(op);
    if (!route) {
      route = routeOf(op, config);
      routes.set(op, route);
    }
    return route;
  };
  let counter = 0;
  // Every line of the log: no token, and not the sandbox's own secret either, however a client sent it.
  const scrub = logRedactor(config.credentials.clientSecret);
  const log = config.log && ((line: string) => config.log?.(scrub(line)));

  async function handle(req: SandboxRequest): Promise<SandboxResponse> {
    const method = req.method.toUpperCase();

    if (config.faults.active) {
      const fault = config.faults.next();
      if (fault.delayMs > 0) await delay(fault.delayMs);
      if (fault.fail) {
        req.discard();
        const headers: Record<string, string> = fault.fail.retryAfter
          ? { 'retry-after': String(fault.fail.retryAfter) }
          : {};
        return errorResponse(fault.fail.status, 'Injected failure (--fail-rate): retry later.', { headers });
      }
    }

    let url: URL;
    try {
      // An origin-form target is appended to a base, never resolved against it: `//feed/…` resolved would read
      // `feed` as a host and route what is left, answering for a path nobody sent.
      url = new URL(req.target.startsWith('/') ? `http://sandbox.invalid${req.target}` : req.target);
    } catch {
      req.discard();
      return errorResponse(400, 'The request target is not a valid URL.');
    }

    if (method === 'OPTIONS') {
      req.discard();
      return {
        status: 204,
        headers: {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'client_id, access_token, authorization, content-type',
          'access-control-max-age': '600',
          'content-length': '0',
        },
        body: new Uint8Array(0),
      };
    }

    const match = router.match(method, url.pathname);
    if (match.kind === 'bad-path') {
      req.discard();
      return errorResponse(400, `The path is not valid: ${match.reason}.`);
    }
    if (match.kind === 'not-found') {
      req.discard();
      return errorResponse(
        404,
        `No operation has the path ${clip(url.pathname, 200)}: see the spec for the paths.`,
      );
    }
    if (match.kind === 'method-not-allowed') {
      req.discard();
      const allowed = match.allowed.map((m) => m.toUpperCase()).join(', ');
      return errorResponse(405, `${clip(method, 20)} is not allowed on this path; use ${allowed}.`, {
        headers: { allow: allowed },
      });
    }
    const { operation: op, pathParams } = match;
    const route = routeFor(op);

    if (route.kind === 'flowA-token' || route.kind === 'flowB-token' || route.kind === 'input') {
      let body: Uint8Array;
      try {
        body = await req.body(route.kind === 'input' ? INPUT_BODY_LIMIT : TOKEN_BODY_LIMIT);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // The rest of the body is never read: the connection closes after the answer.
          return errorResponse(413, 'The request body is too large.', { headers: { connection: 'close' } });
        }
        if (error instanceof RequestTimedOut) {
          const { status, error: kind, message } = REQUEST_TIMEOUT_ANSWER;
          return errorResponse(status, message, { error: kind, headers: { connection: 'close' } });
        }
        throw error;
      }
      let outcome: Outcome | undefined;
      if (route.kind === 'flowA-token')
        outcome = flowAToken(req.headers, body, config.credentials, config.feedTokens);
      else if (route.kind === 'flowB-token')
        outcome = flowBToken(req.headers, body, config.credentials, config.inputTokens);
      else outcome = checkInputCall(req.headers, config.inputTokens) ?? inputCall(body);
      return outcomeResponse(outcome, op.success.status);
    }

    req.discard();
    const authProblem = checkFeedCall(req.headers, config.credentials, config.feedTokens);
    if (authProblem) return outcomeResponse(authProblem);
    if (route.restricted && !config.entitled.has(op.operationId) && !config.entitled.has(op.documentId)) {
      return errorResponse(403, 'The contracted plan does not include this resource (a restricted product).');
    }
    const strict = config.strict === true;
    const { values, problems, unknown } = validateParameters(
      op,
      url.searchParams,
      pathParams,
      req.headers,
      strict,
    );
    const ignored: Record<string, string> = {};
    if (!strict && unknown.length > 0) {
      // A marked guess (x-inferred on the sandbox): the real service answers as if they were absent.
      ignored[IGNORED_HEADER] = unknown.map(encodeURIComponent).join(', ');
      log?.(
        `sandbox: ignored query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} on ${op.method.toUpperCase()} ${op.path} ` +
          '(not declared by the spec; start with --strict to refuse them with 400)',
      );
    }
    let response: SandboxResponse;
    if (problems.length > 0) {
      response = errorResponse(400, describeProblems(problems), { details: problems });
    } else {
      const result = route.handler({ op, params: values, now: nowIn(config.clock), world: config.world });
      response = resultResponse(op, values, result, config.world, config.drift ? driftAnswer : undefined);
    }
    response.headers = { ...response.headers, ...ignored };
    return response;
  }

  return async function pipeline(req: SandboxRequest): Promise<SandboxResponse> {
    const started = config.log ? elapsed() : 0;
    const requestId = `sbx-${(++counter).toString(36)}`;
    // Never the raw target in a log: a token (or the secret) put in the path or the query would land there.
    const target = () => clip(scrub(req.target), 200);
    let response: SandboxResponse;
    let status: number | string | undefined;
    try {
      response = await handle(req);
    } catch (error) {
      if (error instanceof ClientGone || req.clientGone?.() === true) {
        // A client that hung up (or timed out) mid-request is the client's business, not a sandbox bug.
        status = 'client went away';
      } else {
        log?.(
          `sandbox: internal error on ${req.method} ${target()}: ${String((error as Error).stack ?? error)}`,
        );
      }
      // Written only if the client is still there (the Node listener checks).
      response = errorResponse(
        500,
        'The sandbox failed on this request (a bug): please report it with the request.',
      );
    }
    status ??= response.status;
    response.headers = { 'x-request-id': requestId, ...CORS, ...response.headers };
    // The target is the only part of this line a client wrote, and target() has scrubbed it.
    config.log?.(`${req.method} ${target()} → ${status} ${(elapsed() - started).toFixed(1)} ms`);
    return response;
  };
}

function inputCall(body: Uint8Array): Outcome {
  try {
    const parsed: unknown = JSON.parse(utf8.decode(body));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, body: {} };
  } catch {
    /* fall through */
  }
  return { ok: false, status: 400, message: 'The body must be a JSON object.' };
}

/** `okStatus`: the success status the spec declares for the call (the flow A token call's is 201). */
function outcomeResponse(outcome: Outcome, okStatus = 200): SandboxResponse {
  if (outcome.ok) return jsonResponse(okStatus, outcome.body);
  if (outcome.gateway) return jsonResponse(outcome.status, outcome.message);
  return errorResponse(outcome.status, outcome.message, outcome.error ? { error: outcome.error } : {});
}

function resultResponse(
  op: OperationInfo,
  values: Record<string, unknown>,
  result: HandlerResult,
  world: World,
  drift?: (operation: string, body: unknown) => unknown,
): SandboxResponse {
  const shape = (body: unknown) => (drift ? drift(`${op.method.toUpperCase()} ${op.path}`, body) : body);
  if (result.kind === 'error') {
    return errorResponse(result.status, result.message, result.details ? { details: result.details } : {});
  }
  if (result.kind === 'json') return jsonResponse(result.status ?? op.success.status, shape(result.body));
  const paging = op.paging;
  const envelope = op.success.envelope;
  if (result.kind === 'cursor-page') {
    if (!envelope) throw new Error(`${op.operationId}: a cursor page needs the spec's x-page-envelope`);
    const build = () => {
      const { items, total, nextCursor } = result.page();
      const body: Record<string, unknown> = {};
      setField(body, envelope.items, items);
      setField(body, envelope.totalElements, total);
      setField(body, envelope.nextCursor, nextCursor);
      return body;
    };
    if (result.key === undefined) return jsonResponse(op.success.status, build());
    return jsonResponse(op.success.status, world.cache.get(`${op.operationId}|${result.key}`, build));
  }
  if (!paging || !envelope) {
    const items: unknown[] = [];
    for (let i = 0; i < result.total; i++) items.push(result.item(i));
    return jsonResponse(op.success.status, shape(items));
  }
  const page = (values[paging.pageParam] as number | undefined) ?? 0;
  const size = (values[paging.sizeParam] as number | undefined) ?? paging.defaultSize;
  const totalPages = Math.ceil(result.total / size);
  if (page > 0 && page >= totalPages) {
    const last = Math.max(0, totalPages - 1);
    return errorResponse(404, `Page ${page} is above the last page (${last}).`);
  }
  const build = () => {
    const items: unknown[] = [];
    const end = Math.min(result.total, page * size + size);
    for (let i = page * size; i < end; i++) {
      const item = result.item(i);
      if (item !== undefined) items.push(item);
    }
    const body: Record<string, unknown> = {};
    setField(body, envelope.items, items);
    setField(body, envelope.totalElements, result.total);
    setField(body, envelope.totalPages, totalPages);
    setField(body, envelope.page, page);
    setField(body, envelope.size, size);
    return body;
  };
  // A list whose content is a pure function of its key: each page is encoded once, then served from the cache.
  const key =
    result.key === undefined ? undefined : `${op.operationId}|${result.key}|${result.total}|${page}|${size}`;
  // A drifting sandbox reshapes the page after it is built, so it bypasses the cache.
  if (key === undefined || drift) return jsonResponse(op.success.status, shape(build()));
  return jsonResponse(op.success.status, world.cache.get(key, build));
}

/** Writes `value` at an x-page-envelope name; a dotted name nests (`pageable.size`). No name, no field. */
function setField(target: Record<string, unknown>, name: string | undefined, value: unknown): void {
  if (name === undefined) return;
  const parts = name.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    let next = node[part];
    if (next === null || typeof next !== 'object') {
      next = {};
      node[part] = next;
    }
    node = next as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}
