// Request handlers for MSW 2, one per operation of the three documents, answering the spec's examples (the
// same answers as `pnpm mock`, without a process or a port). Each handler takes a selection of a documented
// answer, checked against the spec by the types: `feed.fundosV2.getFund({ example: 'multiclassFund' })`,
// `feed.fundosV2.listFunds({ status: 404 })`. The flow A headers are enforced as the service does: a feed call
// without `client_id` and `access_token` gets the spec's 401 answer.
import { type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { examples, type OperationId, operations } from '../generated/operations.js';

type Operations = typeof operations;
type Responses<Id extends OperationId> = Operations[Id]['responses'];
type StatusKey<Id extends OperationId> = keyof Responses<Id> & string;
type AsNumber<S> = S extends `${infer N extends number}` ? N : never;
type ExampleOf<Id extends OperationId, S extends StatusKey<Id>> = keyof Responses<Id>[S] & string;

/** Which documented answer a handler gives: a named example (its status follows), or a status (its first
 * example unless one is named). Without a selection: the success status and its first example. */
export type Selection<Id extends OperationId> = (
  | { [S in StatusKey<Id>]: { status: AsNumber<S>; example?: ExampleOf<Id, S> } }[StatusKey<Id>]
  | { status?: undefined; example: { [S in StatusKey<Id>]: ExampleOf<Id, S> }[StatusKey<Id>] }
  | { status?: undefined; example?: undefined }
) & {
  /** Answer one matching request only (MSW's `once`), then fall back to the handlers set up before. */
  once?: boolean;
};

export type HandlerFactory<Id extends OperationId> = (selection?: Selection<Id>) => HttpHandler;

type GroupName = Operations[OperationId]['group'];
export type HandlerGroup<G extends GroupName> = {
  [Id in OperationId as Operations[Id]['group'] extends G
    ? Operations[Id]['name']
    : never]: HandlerFactory<Id>;
};

export interface FeedHandlers {
  /** One handler per operation, each answering its success example: `setupServer(...feed.all)`. */
  all: HttpHandler[];
  fundosV2: HandlerGroup<'fundosV2'>;
  fundosV1: HandlerGroup<'fundosV1'>;
  precosIndices: HandlerGroup<'precosIndices'>;
  /** The flow A token call (`POST /oauth/access-token`). */
  flowA: HandlerGroup<'flowA'>;
  /** The input family (flow B token and the POST calls). */
  input: HandlerGroup<'input'>;
  /** The handler of an operation by its operationId. */
  operation<Id extends OperationId>(operationId: Id, selection?: Selection<Id>): HttpHandler;
}

export interface FeedHandlersOptions {
  /** Answer requests to this base URL only (e.g. `http://127.0.0.1:4010`); any origin by default. */
  baseUrl?: string;
}

interface Template {
  operationId: OperationId;
  method: string;
  /** Path segments; `null` where the template has a parameter. */
  segments: (string | null)[];
}

const templates: Template[] = (Object.keys(operations) as OperationId[]).map((operationId) => {
  const op = operations[operationId];
  return {
    operationId,
    method: op.method.toUpperCase(),
    segments: op.path
      .split('/')
      .slice(1)
      .map((s) => (/^\{.+\}$/.test(s) ? null : s)),
  };
});

/** The operation a path belongs to, literal segments winning over parameters (`/fundos/instituicoes` is E3,
 * not E2 with the code "instituicoes"), so one operation's handler never answers another's request. */
function owner(method: string, pathname: string): OperationId | undefined {
  const segments = pathname.split('/').slice(1);
  let best: { id: OperationId; score: string } | undefined;
  for (const t of templates) {
    if (t.method !== method || t.segments.length !== segments.length) continue;
    let score = '';
    let matches = true;
    for (const [i, s] of t.segments.entries()) {
      if (s === null) {
        if (segments[i] === '') matches = false;
        score += '0';
      } else if (s === segments[i]) score += '1';
      else matches = false;
      if (!matches) break;
    }
    if (matches && (!best || score > best.score)) best = { id: t.operationId, score };
  }
  return best?.id;
}

function missingCredentials(security: string, headers: Headers): boolean {
  if (security === 'flowA') return !headers.get('client_id') || !headers.get('access_token');
  if (security === 'flowB') return !/^Bearer\s+\S/i.test(headers.get('authorization') ?? '');
  if (security === 'basic') return !/^Basic\s+\S/i.test(headers.get('authorization') ?? '');
  return false;
}

function firstOf(named: Record<string, number> | undefined): number | undefined {
  return named ? Object.values(named)[0] : undefined;
}

/** Status and example index of a selection, or an error naming what the spec documents instead. */
function choose(operationId: OperationId, selection: { status?: number; example?: string }) {
  const op = operations[operationId];
  const responses = op.responses as Record<string, Record<string, number>>;
  const documented = () =>
    Object.entries(responses)
      .map(([status, named]) => `${status} (${Object.keys(named).join(', ')})`)
      .join('; ');
  if (selection.status !== undefined && !responses[String(selection.status)]) {
    throw new Error(`${operationId} documents no ${selection.status} answer; pick one of: ${documented()}`);
  }
  const statuses = selection.status !== undefined ? [String(selection.status)] : Object.keys(responses);
  if (selection.example !== undefined) {
    for (const status of statuses) {
      const index = responses[status]?.[selection.example];
      if (index !== undefined) return { status: Number(status), index };
    }
    throw new Error(
      `${operationId} has no example ${JSON.stringify(selection.example)}${selection.status !== undefined ? ` under ${selection.status}` : ''}; pick one of: ${documented()}`,
    );
  }
  const status = selection.status ?? op.success;
  return { status, index: firstOf(responses[String(status)]) as number };
}

/**
 * MSW 2 handlers answering every operation of the three documents with its spec example, like the mock but
 * in-process: `setupServer(...feed.all)`; one operation's handler takes another documented answer,
 * e.g. `feed.fundosV2.listFunds({ status: 404 })`.
 */
export function createFeedHandlers(options: FeedHandlersOptions = {}): FeedHandlers {
  const origin = options.baseUrl === undefined ? '*' : new URL(options.baseUrl).href.replace(/\/+$/, '');
  const basePath = origin === '*' ? '' : new URL(origin).pathname.replace(/\/+$/, '');

  function handler<Id extends OperationId>(operationId: Id, selection: Selection<Id> = {}): HttpHandler {
    const op = operations[operationId];
    const chosen = choose(operationId, selection as { status?: number; example?: string });
    const unauthorized = firstOf((op.responses as Record<string, Record<string, number>>)['401']);
    const url = `${origin}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    return http[op.method](
      url,
      ({ request }) => {
        const pathname = new URL(request.url).pathname.slice(basePath.length);
        if (owner(request.method, pathname) !== operationId) return undefined;
        if (
          chosen.status !== 401 &&
          unauthorized !== undefined &&
          missingCredentials(op.security, request.headers)
        ) {
          return HttpResponse.json(examples[unauthorized] as JsonBodyType, { status: 401 });
        }
        return HttpResponse.json(examples[chosen.index] as JsonBodyType, { status: chosen.status });
      },
      selection.once ? { once: true } : {},
    );
  }

  const groups: Record<string, Record<string, (selection?: object) => HttpHandler>> = {
    fundosV2: {},
    fundosV1: {},
    precosIndices: {},
    flowA: {},
    input: {},
  };
  for (const id of Object.keys(operations) as OperationId[]) {
    const op = operations[id];
    const group = groups[op.group] ?? {};
    groups[op.group] = group;
    group[op.name] = (selection?: object) => handler(id, selection as Selection<typeof id>);
  }
  return {
    all: (Object.keys(operations) as OperationId[]).map((id) => handler(id)),
    ...(groups as unknown as Omit<FeedHandlers, 'all' | 'operation'>),
    operation: handler,
  };
}

/** The handlers for any origin: `setupServer(...feedHandlers.all)`. */
export const feedHandlers: FeedHandlers = createFeedHandlers();
