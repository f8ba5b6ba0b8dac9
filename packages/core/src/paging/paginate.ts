// Every record of a paginated list, page by page. The page envelope's field names come from the spec
// (`x-page-envelope`, carried in PaginationMeta), so nothing here assumes them at runtime. Two kinds of list:
// paged by page number (`page` + `size`: E1, E3, E6, E7, the v1 lists) and paged by an opaque cursor
// (`cursor` + `size`: E8), where each answer names the cursor of the next one.
//
// Where a list paged by number ends is list-end.ts's rule, from the list's own answers only: an empty or short
// page, or a 404 for a page past the total (or for the first page asked, when no total is known: an empty list by
// default; pass `firstPageNotFound: 'throw'` where a 404 can rather mean a wrong parent code, e.g. the notes of an
// unknown class). An answer that contradicts the total or the page asked throws `pagination_inconsistent`.
// A caller that reads pages apart (several at a time, each from its own pages() call) passes the totals page 0
// announced as `announced`, so a 404 inside them is an error there too.
//
// A list paged by cursor ends at an answer whose next cursor is null or absent, or at an empty answer. Pages
// are numbered from 0 in the order read; the cursor itself is never built or read by the client.
//
// A list paged by cursor that does not advance stops with a FeedError of code `pagination_stalled` (after yielding
// what it read): an answer whose next cursor was already requested in this iteration (the same cursor again, or a
// cycle), so a misbehaving server or proxy cannot keep an iteration requesting for ever.
//
// Other failures throw their typed FeedError in both client modes: an iterator has no `{ error }` to return.
// A token that expires mid-iteration is renewed by the pipeline's 401 renew-and-replay, which replays the same
// page: no record is lost or repeated.

import type { Client, FetchOptions } from 'openapi-fetch';
import { KNOWN_OPERATION } from '../calls/call-state.js';
import { toFeedError } from '../calls/result.js';
import { FeedError, InvalidRequestError, NotFoundError } from '../errors/errors.js';
import type {
  CursorPaginationMeta,
  DocumentMeta,
  OperationIndex,
  OperationMeta,
  PagePaginationMeta,
  PaginationMeta,
} from '../input/meta.js';
import { anySignal } from '../transport/signals.js';
import { isLastPage, type ListTotals, notFoundEnds, type PageAnswer } from './list-end.js';

// ---- types: item of `content` in the 200 JSON answer of GET `path` ---------------------------------------

type GetOperation<Paths, P> = P extends keyof Paths
  ? Paths[P] extends { get: infer Op }
    ? Op
    : never
  : never;

type OkJson<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;

type HasPageParam<Op> = Op extends { parameters: { query?: infer Query } }
  ? 'page' extends keyof NonNullable<Query>
    ? true
    : 'cursor' extends keyof NonNullable<Query>
      ? true
      : false
  : false;

/** The record type of a paginated GET path: the element type of `content` in its 200 JSON answer. */
export type PageItem<Paths, P> = [OkJson<GetOperation<Paths, P>>] extends [never]
  ? never
  : OkJson<GetOperation<Paths, P>> extends { content?: infer Items }
    ? NonNullable<Items> extends readonly (infer Item)[]
      ? Item
      : never
    : never;

/** GET paths that take `page` (or `cursor`) and answer a page envelope with a `content` list. */
export type PaginatedPath<Paths> = {
  [P in keyof Paths]-?: HasPageParam<GetOperation<Paths, P>> extends true
    ? [PageItem<Paths, P>] extends [never]
      ? never
      : P
    : never;
}[keyof Paths];

export interface PaginateOptions {
  /** Request page n+1 while page n is consumed (default false). */
  prefetch?: boolean;
  /** What a 404 on the first page requested means: an empty list (default 'end') or an error ('throw'). */
  firstPageNotFound?: 'end' | 'throw';
  /** Deadline of each page request (default: the client's timeoutMs). */
  timeoutMs?: number;
  /**
   * The totals an earlier answer of the same list announced, for a page read apart from the others (several at a
   * time): a 404 or a short page inside them is then an error, as in one iteration.
   */
  announced?: { totalPages?: number; totalElements?: number };
}

/** The openapi-fetch init of GET `path` (params, signal, headers, …) plus the paging options. */
export type PaginateInit<Paths, P> = FetchOptions<GetOperation<Paths, P>> & PaginateOptions;

/** `init` is optional unless the operation has required parameters (then openapi-fetch requires it too). */
export type PaginateArgs<Paths, P> =
  Partial<PaginateInit<Paths, P>> extends PaginateInit<Paths, P>
    ? [init?: PaginateInit<Paths, P>]
    : [init: PaginateInit<Paths, P>];

export interface Page<Item> {
  /** Page number, from 0 (for a list paged by cursor: the number of answers read before this one). */
  page: number;
  items: Item[];
  totalElements?: number;
  totalPages?: number;
  /** List paged by cursor: the cursor of the next answer, absent on the last. */
  nextCursor?: string;
}

/** What a GET path that is not a paginated list is checked against: the compiler's message names the reason. */
export type NotPaginated<P> =
  `${P & string} is not a paginated list (no page parameter, or no content list in its answer): call GET instead`;

/** `P` when it is a paginated list, else the reason it is not (so the argument fails to compile, saying why). */
export type PaginatedPathArg<Paths, P> = P extends PaginatedPath<Paths> ? P : NotPaginated<P>;

/** GET paths, the ones paginate() accepts and the ones it explains it refuses. */
type GetPath<Paths> = { [P in keyof Paths]: Paths[P] extends { get: unknown } ? P : never }[keyof Paths];

export interface Paginator<Paths extends {}> {
  /** Every record of the list, across pages, starting at `params.query.page ?? 0` (or `params.query.cursor`). */
  paginate<P extends GetPath<Paths>>(
    path: PaginatedPathArg<Paths, P>,
    ...init: PaginateArgs<Paths, P>
  ): AsyncIterableIterator<PageItem<Paths, P>>;
  /** The list page by page, with the totals when the answer carries them. */
  pages<P extends GetPath<Paths>>(
    path: PaginatedPathArg<Paths, P>,
    ...init: PaginateArgs<Paths, P>
  ): AsyncIterableIterator<Page<PageItem<Paths, P>>>;
}

// ---- runtime -------------------------------------------------------------------------------------------

type LooseInit = PaginateOptions & {
  params?: { query?: Record<string, unknown>; [location: string]: unknown };
  signal?: AbortSignal | null;
  [key: string]: unknown;
};
type LooseGet = (
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createPaginator<Paths extends {}>(
  client: Client<Paths>,
  meta: DocumentMeta,
  operations: OperationIndex,
): Paginator<Paths> {
  const send = client.GET as unknown as LooseGet;

  function pages(path: string, init: LooseInit = {}): AsyncIterableIterator<Page<unknown>> {
    const known = operations.get('GET')?.get(path);
    const op = known?.op;
    // Checked at call time, so the mistake surfaces where it was made rather than at the first `next()`.
    if (!known || !op?.pagination) throw notPaginated(path, meta);
    // Each page's GET gets the operation found here: the meta is read once per paginate() call.
    const get: LooseGet = (url, pageInit) => send(url, { ...pageInit, [KNOWN_OPERATION]: known });
    return op.pagination.kind === 'cursor'
      ? iterateCursor(get, path, op, op.pagination, init)
      : iteratePages(get, path, op, op.pagination, init);
  }

  async function* items(source: AsyncIterable<Page<unknown>>): AsyncGenerator<unknown, void, undefined> {
    for await (const page of source) yield* page.items;
  }

  return {
    pages: pages as Paginator<Paths>['pages'],
    paginate: ((path: string, init?: LooseInit) => items(pages(path, init))) as Paginator<Paths>['paginate'],
  };
}

const END = Symbol('end of list');

function stalled(op: OperationMeta, page: number, why: string): FeedError {
  return new FeedError(
    'pagination_stalled',
    `GET ${op.path} page ${page} answered ${why}, so paging stopped there instead of requesting without ` +
      'end (every record read before was yielded). The service, or a proxy in front of it, is not advancing the ' +
      'list: retry later, or resume from the last record you kept.',
    { method: 'GET', path: op.path },
  );
}

async function* iteratePages(
  get: LooseGet,
  path: string,
  op: OperationMeta,
  pagination: PagePaginationMeta,
  init: LooseInit,
): AsyncGenerator<Page<unknown>, void, undefined> {
  const {
    prefetch = false,
    firstPageNotFound = 'end',
    announced,
    signal: userSignal,
    params = {},
    ...rest
  } = init;
  const query = { ...(params.query ?? {}) };
  const rawFirst = query[pagination.pageParam] ?? 0;
  const firstPage = Number(rawFirst);
  // No size given: the document's maximum, the fewest requests. A size above it fails validation with its fix.
  const size = query[pagination.sizeParam] ?? pagination.maxSize;
  // The totals the list announced so far: each answer's own replace them.
  let known: ListTotals = { ...announced };
  // Aborts a prefetched request nobody will read when the consumer stops early.
  const stop = new AbortController();
  const signal = anySignal([userSignal ?? undefined, stop.signal]);

  const load = async (page: number): Promise<PageAnswer | typeof END> => {
    let result: Awaited<ReturnType<LooseGet>>;
    const pageQuery = {
      ...query,
      [pagination.pageParam]: page === firstPage ? rawFirst : page,
      [pagination.sizeParam]: size,
    };
    try {
      result = await get(path, { ...rest, params: { ...params, query: pageQuery }, signal });
    } catch (error) {
      // Throwing mode: the client threw the typed error itself.
      if (error instanceof NotFoundError) return endAt(page, error);
      throw error;
    }
    if (!result.response.ok) {
      const error = toFeedError(result) as FeedError;
      if (error instanceof NotFoundError) return endAt(page, error);
      throw error;
    }
    return readPage(result.data, page, pagination, op, result.response.status, Number(size));
  };
  const endAt = (page: number, error: NotFoundError): typeof END => {
    if (page === firstPage && firstPageNotFound === 'throw' && known.totalPages === undefined) throw error;
    notFoundEnds(op, page, known);
    return END;
  };

  let next = load(firstPage);
  try {
    for (let page = firstPage; ; page++) {
      const current = await next;
      if (current === END) return;
      const last = isLastPage(op, page, current, Number(size), known);
      if (current.totalPages !== undefined) {
        known = { totalPages: current.totalPages, totalElements: current.totalElements };
      }
      if (!last && prefetch) {
        next = load(page + 1);
        next.catch(() => {}); // observed when awaited; this only keeps an abandoned prefetch from going unhandled
      }
      yield pageOf(page, current);
      if (last) return;
      if (!prefetch) next = load(page + 1);
    }
  } finally {
    stop.abort();
  }
}

/** The public page of an answer (its own page number and size were checked, and are not repeated). */
function pageOf(page: number, answer: PageAnswer): Page<unknown> {
  const out: Page<unknown> = { page, items: answer.items };
  if (answer.totalElements !== undefined) out.totalElements = answer.totalElements;
  if (answer.totalPages !== undefined) out.totalPages = answer.totalPages;
  return out;
}

async function* iterateCursor(
  get: LooseGet,
  path: string,
  op: OperationMeta,
  pagination: CursorPaginationMeta,
  init: LooseInit,
): AsyncGenerator<Page<unknown>, void, undefined> {
  const { prefetch = false, firstPageNotFound = 'end', signal: userSignal, params = {}, ...rest } = init;
  const query = { ...(params.query ?? {}) };
  const size = query[pagination.sizeParam] ?? pagination.maxSize;
  const stop = new AbortController();
  const signal = anySignal([userSignal ?? undefined, stop.signal]);

  const load = async (page: number, cursor: unknown): Promise<Page<unknown> | typeof END> => {
    const pageQuery: Record<string, unknown> = { ...query, [pagination.sizeParam]: size };
    if (cursor === undefined) delete pageQuery[pagination.cursorParam];
    else pageQuery[pagination.cursorParam] = cursor;
    let result: Awaited<ReturnType<LooseGet>>;
    try {
      result = await get(path, { ...rest, params: { ...params, query: pageQuery }, signal });
    } catch (error) {
      if (error instanceof NotFoundError && page === 0 && firstPageNotFound === 'end') return END;
      throw error;
    }
    if (!result.response.ok) {
      const error = toFeedError(result) as FeedError;
      // A list paged by cursor has no page past its end: only a 404 on the first answer means "nothing".
      if (error instanceof NotFoundError && page === 0 && firstPageNotFound === 'end') return END;
      throw error;
    }
    const out = readPage(result.data, page, pagination, op, result.response.status, Number(size));
    const next = readField(result.data, pagination.nextCursorField);
    if (typeof next === 'string' && next !== '') out.nextCursor = next;
    return out;
  };

  const first = query[pagination.cursorParam];
  // Every cursor requested in this iteration: an answer naming one of them again would loop.
  const requested = new Set<unknown>(first === undefined ? [] : [first]);
  let next = load(0, first);
  try {
    for (let page = 0; ; page++) {
      const current = await next;
      if (current === END) return;
      const last = current.nextCursor === undefined || current.items.length === 0;
      const repeated = !last && requested.has(current.nextCursor);
      requested.add(current.nextCursor);
      if (!last && !repeated && prefetch) {
        next = load(page + 1, current.nextCursor);
        next.catch(() => {}); // observed when awaited; this only keeps an abandoned prefetch from going unhandled
      }
      yield current;
      if (repeated) {
        throw stalled(op, page, 'a next cursor that was already requested in this iteration');
      }
      if (last) return;
      if (!prefetch) next = load(page + 1, current.nextCursor);
    }
  } finally {
    stop.abort();
  }
}

/** A field of the answer by its `x-page-envelope` name; a dotted name reads a nested field (`pageable.size`). */
function readField(data: unknown, name: string | undefined): unknown {
  if (name === undefined) return undefined;
  let current: unknown = data;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function readPage(
  data: unknown,
  page: number,
  pagination: PaginationMeta,
  op: OperationMeta,
  status: number,
  size: number,
): PageAnswer & Page<unknown> {
  const items = readField(data, pagination.itemsField);
  if (!Array.isArray(items)) {
    throw new FeedError(
      'unexpected_response',
      `GET ${op.path} page ${page} answered ${status} without a "${pagination.itemsField}" list: the answer does not ` +
        'have the documented page envelope. Check baseUrl points at the Feed API (or a mock of the same spec).',
      { status, method: 'GET', path: op.path },
    );
  }
  const out: PageAnswer & Page<unknown> = { page, items };
  const totalElements = readField(data, pagination.totalElementsField);
  if (typeof totalElements === 'number') out.totalElements = totalElements;
  if (pagination.kind === 'page') {
    const answeredPage = readField(data, pagination.pageField);
    if (typeof answeredPage === 'number') out.answeredPage = answeredPage;
    const answeredSize = readField(data, pagination.sizeField);
    if (typeof answeredSize === 'number' && answeredSize > 0) out.answeredSize = answeredSize;
    const pageSize = out.answeredSize ?? size;
    const totalPages = readField(data, pagination.totalPagesField);
    // v2 sends the total of records only: the pages follow from it and the answer's page size (else the one asked).
    if (typeof totalPages === 'number') out.totalPages = totalPages;
    else if (typeof totalElements === 'number' && pageSize > 0)
      out.totalPages = Math.ceil(totalElements / pageSize);
  }
  return out;
}

function notPaginated(path: string, meta: DocumentMeta): InvalidRequestError {
  const paginated = Object.values(meta.operations)
    .filter((op) => op.pagination && op.method === 'get')
    .map((op) => op.path);
  const list = paginated.length
    ? `Paginated paths of ${meta.name}: ${paginated.join(', ')}.`
    : `${meta.name} has no paginated list.`;
  return new InvalidRequestError(
    `GET ${path} is not a paginated list, so paginate()/pages() cannot walk it: call client.GET() instead. ${list}`,
    [{ parameter: 'path', location: 'path', rule: 'unknown', message: `${path} is not paginated.` }],
    { method: 'GET', path },
  );
}
