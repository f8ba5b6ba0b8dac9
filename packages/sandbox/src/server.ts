// The request pipeline: faults → route (from the spec) → auth → entitlement → parameter rules → handler →
// paging envelope → JSON. Every answer is a JSON body; a thrown error is caught per request (500, logged
// without headers) so one request can never take the server down.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
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
import { BodyTooLarge, ClientGone, readBody } from './http/body.js';
import { redactTokens, sendError, sendJson } from './http/respond.js';
import { Router } from './http/router.js';
import { clip, describeProblems, validateParameters } from './http/validate-request.js';
import type { OperationInfo } from './spec/operations.js';
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

export function createPipeline(config: PipelineConfig) {
  const router = new Router(config.operations);
  const routes = new Map(config.operations.map((op) => [op, routeOf(op, config)]));
  let counter = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const requestId = `sbx-${(++counter).toString(36)}`;
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
    const method = (req.method ?? 'GET').toUpperCase();

    if (config.faults.active) {
      const fault = config.faults.next();
      if (fault.delayMs > 0) await delay(fault.delayMs);
      if (fault.fail) {
        req.resume();
        const headers: Record<string, string> = fault.fail.retryAfter
          ? { 'retry-after': String(fault.fail.retryAfter) }
          : {};
        sendError(res, fault.fail.status, 'Injected failure (--fail-rate): retry later.', { headers });
        return fault.fail.status;
      }
    }

    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    } catch {
      req.resume();
      sendError(res, 400, 'The request target is not a valid URL.');
      return 400;
    }

    if (method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'client_id, access_token, authorization, content-type',
        'access-control-max-age': '600',
        'content-length': '0',
      });
      res.end();
      return 204;
    }

    const match = router.match(method, url.pathname);
    if (match.kind === 'bad-path') {
      req.resume();
      sendError(res, 400, `The path is not valid: ${match.reason}.`);
      return 400;
    }
    if (match.kind === 'not-found') {
      req.resume();
      sendError(
        res,
        404,
        `No operation has the path ${clip(url.pathname, 200)}: see the spec for the paths.`,
      );
      return 404;
    }
    if (match.kind === 'method-not-allowed') {
      req.resume();
      const allowed = match.allowed.map((m) => m.toUpperCase()).join(', ');
      sendError(res, 405, `${clip(method, 20)} is not allowed on this path; use ${allowed}.`, {
        headers: { allow: allowed },
      });
      return 405;
    }
    const { operation: op, pathParams } = match;
    const route = routes.get(op) as Route;

    if (route.kind === 'flowA-token' || route.kind === 'flowB-token' || route.kind === 'input') {
      let body: Buffer;
      try {
        body = await readBody(req, route.kind === 'input' ? INPUT_BODY_LIMIT : TOKEN_BODY_LIMIT);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // The rest of the body is never read: the connection closes after the answer.
          sendError(res, 413, 'The request body is too large.', { headers: { connection: 'close' } });
          return 413;
        }
        throw error;
      }
      let outcome: Outcome | undefined;
      if (route.kind === 'flowA-token')
        outcome = flowAToken(req.headers, body, config.credentials, config.feedTokens);
      else if (route.kind === 'flowB-token')
        outcome = flowBToken(req.headers, body, config.credentials, config.inputTokens);
      else outcome = checkInputCall(req.headers, config.inputTokens) ?? inputCall(body);
      return sendOutcome(res, outcome);
    }

    req.resume();
    const authProblem = checkFeedCall(req.headers, config.credentials, config.feedTokens);
    if (authProblem) return sendOutcome(res, authProblem);
    if (route.restricted && !config.entitled.has(op.operationId) && !config.entitled.has(op.documentId)) {
      sendError(res, 403, 'The contracted plan does not include this resource (a restricted product).');
      return 403;
    }
    const strict = config.strict === true;
    const { values, problems, unknown } = validateParameters(
      op,
      url.searchParams,
      pathParams,
      req.headers,
      strict,
    );
    if (!strict && unknown.length > 0) {
      // A marked guess (x-inferred on the sandbox): the real service answers as if they were absent.
      res.setHeader(IGNORED_HEADER, unknown.map(encodeURIComponent).join(', '));
      config.log?.(
        `sandbox: ignored query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} on ${op.method.toUpperCase()} ${op.path} ` +
          '(not declared by the spec; start with --strict to refuse them with 400)',
      );
    }
    if (problems.length > 0) {
      sendError(res, 400, describeProblems(problems), { details: problems });
      return 400;
    }
    const result = route.handler({ op, params: values, now: nowIn(config.clock), world: config.world });
    return sendResult(res, op, values, result, config.drift ? driftAnswer : undefined);
  }

  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    // Never the raw target in a log: a token put in the path or the query would land there.
    const target = () => redactTokens(clip(req.url ?? '', 200));
    let status: number | string = 500;
    try {
      status = await handle(req, res);
    } catch (error) {
      if (error instanceof ClientGone || req.socket.destroyed) {
        // A client that hung up (or timed out) mid-request is the client's business, not a sandbox bug.
        status = 'client went away';
      } else {
        config.log?.(
          `sandbox: internal error on ${req.method} ${target()}: ${redactTokens(String((error as Error).stack ?? error))}`,
        );
        sendError(res, 500, 'The sandbox failed on this request (a bug): please report it with the request.');
      }
    }
    config.log?.(`${req.method} ${target()} → ${status} ${(performance.now() - started).toFixed(1)} ms`);
  };
}

function inputCall(body: Buffer): Outcome {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, body: {} };
  } catch {
    /* fall through */
  }
  return { ok: false, status: 400, message: 'The body must be a JSON object.' };
}

function sendOutcome(res: ServerResponse, outcome: Outcome): number {
  if (outcome.ok) {
    sendJson(res, 200, outcome.body);
    return 200;
  }
  if (outcome.gateway) sendJson(res, outcome.status, outcome.message);
  else sendError(res, outcome.status, outcome.message, outcome.error ? { error: outcome.error } : {});
  return outcome.status;
}

function sendResult(
  res: ServerResponse,
  op: OperationInfo,
  values: Record<string, unknown>,
  result: HandlerResult,
  drift?: (operation: string, body: unknown) => unknown,
): number {
  const shape = (body: unknown) => (drift ? drift(`${op.method.toUpperCase()} ${op.path}`, body) : body);
  if (result.kind === 'error') {
    sendError(res, result.status, result.message, result.details ? { details: result.details } : {});
    return result.status;
  }
  if (result.kind === 'json') {
    const status = result.status ?? op.success.status;
    sendJson(res, status, shape(result.body));
    return status;
  }
  const paging = op.paging;
  const envelope = op.success.envelope;
  if (result.kind === 'cursor-page') {
    if (!envelope) throw new Error(`${op.operationId}: a cursor page needs the spec's x-page-envelope`);
    const body: Record<string, unknown> = {};
    setField(body, envelope.items, result.items);
    setField(body, envelope.totalElements, result.total);
    setField(body, envelope.nextCursor, result.nextCursor);
    sendJson(res, op.success.status, body);
    return op.success.status;
  }
  if (!paging || !envelope) {
    const items: unknown[] = [];
    for (let i = 0; i < result.total; i++) items.push(result.item(i));
    sendJson(res, op.success.status, shape(items));
    return op.success.status;
  }
  const page = (values[paging.pageParam] as number | undefined) ?? 0;
  const size = (values[paging.sizeParam] as number | undefined) ?? paging.defaultSize;
  const totalPages = Math.ceil(result.total / size);
  if (page > 0 && page >= totalPages) {
    const last = Math.max(0, totalPages - 1);
    sendError(res, 404, `Page ${page} is above the last page (${last}).`);
    return 404;
  }
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
  sendJson(res, op.success.status, shape(body));
  return op.success.status;
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
