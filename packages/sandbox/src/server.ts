// The request pipeline: faults → route (from the spec) → auth → entitlement → parameter rules → handler →
// paging envelope → JSON. Every answer is a JSON body; a thrown error is caught per request (500, logged
// without headers) so one request can never take the server down. It reads a SandboxRequest and returns a
// SandboxResponse (exchange.ts): the Node server and the fetch adapter only translate.
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
import { BodyTooLarge, type SandboxRequest, type SandboxResponse } from './http/exchange.js';
import { errorResponse, jsonResponse } from './http/respond.js';
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
  log?: (line: string) => void;
}

type Route =
  | { kind: 'flowA-token' }
  | { kind: 'flowB-token' }
  | { kind: 'input' }
  | { kind: 'feed'; handler: Handler; restricted: boolean };

const TOKEN_BODY_LIMIT = 16 * 1024;
const INPUT_BODY_LIMIT = 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after',
};

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
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
  const routes = new Map(config.operations.map((op) => [op, routeOf(op, config)]));
  let counter = 0;

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
      url = new URL(req.target, 'http://sandbox.invalid');
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
    const route = routes.get(op) as Route;

    if (route.kind === 'flowA-token' || route.kind === 'flowB-token' || route.kind === 'input') {
      let body: Uint8Array;
      try {
        body = await req.body(route.kind === 'input' ? INPUT_BODY_LIMIT : TOKEN_BODY_LIMIT);
      } catch (error) {
        if (error instanceof BodyTooLarge) return errorResponse(413, 'The request body is too large.');
        throw error;
      }
      let outcome: Outcome | undefined;
      if (route.kind === 'flowA-token')
        outcome = flowAToken(req.headers, body, config.credentials, config.feedTokens);
      else if (route.kind === 'flowB-token')
        outcome = flowBToken(req.headers, body, config.credentials, config.inputTokens);
      else outcome = checkInputCall(req.headers, config.inputTokens) ?? inputCall(body);
      return outcomeResponse(outcome);
    }

    req.discard();
    const authProblem = checkFeedCall(req.headers, config.credentials, config.feedTokens);
    if (authProblem) return outcomeResponse(authProblem);
    if (route.restricted && !config.entitled.has(op.operationId) && !config.entitled.has(op.documentId)) {
      return errorResponse(403, 'The contracted plan does not include this resource (a restricted product).');
    }
    const { values, problems } = validateParameters(op, url.searchParams, pathParams, req.headers);
    if (problems.length > 0) return errorResponse(400, describeProblems(problems), { details: problems });
    const result = route.handler({ op, params: values, now: nowIn(config.clock), world: config.world });
    return resultResponse(op, values, result);
  }

  return async function pipeline(req: SandboxRequest): Promise<SandboxResponse> {
    const started = performance.now();
    const requestId = `sbx-${(++counter).toString(36)}`;
    let response: SandboxResponse;
    try {
      response = await handle(req);
    } catch (error) {
      config.log?.(
        `sandbox: internal error on ${req.method} ${clip(req.target, 200)}: ${(error as Error).stack ?? error}`,
      );
      response = errorResponse(
        500,
        'The sandbox failed on this request (a bug): please report it with the request.',
      );
    }
    response.headers = { 'x-request-id': requestId, ...CORS, ...response.headers };
    config.log?.(
      `${req.method} ${clip(req.target, 200)} → ${response.status} ${(performance.now() - started).toFixed(1)} ms`,
    );
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

function outcomeResponse(outcome: Outcome): SandboxResponse {
  if (outcome.ok) return jsonResponse(200, outcome.body);
  return errorResponse(outcome.status, outcome.message, outcome.error ? { error: outcome.error } : {});
}

function resultResponse(
  op: OperationInfo,
  values: Record<string, unknown>,
  result: HandlerResult,
): SandboxResponse {
  if (result.kind === 'error') {
    return errorResponse(result.status, result.message, result.details ? { details: result.details } : {});
  }
  if (result.kind === 'json') return jsonResponse(result.status ?? op.success.status, result.body);
  const paging = op.paging;
  const envelope = op.success.envelope;
  if (!paging || !envelope) {
    const items: unknown[] = [];
    for (let i = 0; i < result.total; i++) items.push(result.item(i));
    return jsonResponse(op.success.status, items);
  }
  const page = (values[paging.pageParam] as number | undefined) ?? 0;
  const size = (values[paging.sizeParam] as number | undefined) ?? paging.defaultSize;
  const totalPages = Math.ceil(result.total / size);
  if (page > 0 && page >= totalPages) {
    const last = Math.max(0, totalPages - 1);
    return errorResponse(404, `Page ${page} is above the last page (${last}).`);
  }
  const items: unknown[] = [];
  const end = Math.min(result.total, page * size + size);
  for (let i = page * size; i < end; i++) {
    const item = result.item(i);
    if (item !== undefined) items.push(item);
  }
  return jsonResponse(op.success.status, {
    [envelope.items]: items,
    [envelope.page]: page,
    [envelope.size]: size,
    [envelope.totalElements]: result.total,
    [envelope.totalPages]: totalPages,
  });
}
