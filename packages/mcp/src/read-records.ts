// call_operation's reading: one GET, or the pages of a list through the client's `pages()` up to max_records,
// and where the next record is (the page and how many of it were shown, or E8's cursor), so the answer can say
// exactly how to read on. `skip` leaves out the first records of the first page read (or of an answer sent all at
// once): what a read-on hint uses when a cut fell inside a page.
import { NotFoundError } from '@assoc-feed/core';
import type { LooseClient, LoosePage } from '@assoc-feed/core/internal';
import type { Entry } from './catalog.js';
import type { Params } from './feed.js';
import { type Paging, paging } from './paging.js';

export interface ReadPage {
  /** The query that reads this page again (page number or cursor, and size). */
  query: Record<string, unknown>;
  items: unknown[];
  /** Records at the start of the page left out before `items` (skip). */
  offset: number;
  /** Whether a page follows it. */
  more: boolean;
  /** The query of the page after it, when `more`. */
  nextQuery?: Record<string, unknown>;
}

export interface Read {
  /** 'object' for an answer that is one object (it is the single record). */
  kind: 'pages' | 'array' | 'object';
  pages: ReadPage[];
  /** Records across every page, when the service says and what it says is a count. */
  total?: number;
  /** A total the service sent that is not a count (negative, not whole, not a number): never repeated as one. */
  notACount?: unknown;
}

export interface Next {
  /** The query to pass to call_operation. */
  query: Record<string, unknown>;
  /** Records at the start of that page already shown. */
  skip?: number;
}

const isNumberLike = (value: unknown) =>
  (typeof value === 'number' && Number.isSafeInteger(value)) ||
  (typeof value === 'string' && /^\d+$/.test(value));

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Keeps the list's total when it is a count; a lying one is kept aside, to be named as such. */
function noteTotal(read: Read, page: LoosePage): void {
  if (read.total !== undefined || read.notACount !== undefined || page.totalElements === undefined) return;
  if (isCount(page.totalElements)) read.total = page.totalElements;
  else read.notACount = page.totalElements;
}

/**
 * A 404 on the first page of a list that has no parent code is the documented "no such page", so the list is
 * empty; but only when the 404 answered the list's own request (a token request that answers 404 is an
 * authentication failure, never an empty list).
 */
function isListsOwnNotFound(error: unknown, entry: Entry): boolean {
  if (!(error instanceof NotFoundError)) return false;
  if (entry.op.parameters.some((q) => q.in === 'path')) return false;
  return (error.path ?? '').split('?')[0]?.endsWith(entry.op.path) === true;
}

function withoutPaging(query: Record<string, unknown>, p: Paging): Record<string, unknown> {
  const rest = { ...query };
  delete rest[p.kind === 'page' ? p.pageParam : p.cursorParam];
  delete rest[p.sizeParam];
  return rest;
}

async function readPages(
  client: LooseClient,
  entry: Entry,
  p: Paging,
  params: Params,
  maxRecords: number,
  skip: number,
  signal: AbortSignal | undefined,
): Promise<Read> {
  const query = params.query ?? {};
  const position = p.kind === 'page' ? p.pageParam : p.cursorParam;
  const onePage = query[position] !== undefined;
  // No size given: pages as long as what was asked for (one request for the default 20 records), or, reading one
  // page the caller named, the size the service itself uses, so that page number means what the service says.
  const size =
    query[p.sizeParam] ?? (onePage ? (p.defaultSize ?? p.maxSize) : Math.min(maxRecords, p.maxSize));
  const base = withoutPaging(query, p);
  const read: Read = { kind: 'pages', pages: [] };
  // A 404 on the first page is judged here (isListsOwnNotFound): a list under a parent's code (the notes of a
  // class) answers 404 for a wrong code, and a token request's 404 is no list's end.
  const iterator = client.pages(entry.op.path, {
    params: { ...params, query: { ...query, [p.sizeParam]: size } },
    firstPageNotFound: 'throw',
    ...(signal ? { signal } : {}),
  });
  let count = 0;
  let cursor = p.kind === 'cursor' ? query[p.cursorParam] : undefined;
  try {
    for await (const page of iterator as AsyncIterable<LoosePage>) {
      noteTotal(read, page);
      const here: Record<string, unknown> =
        p.kind === 'page'
          ? { ...base, [p.pageParam]: page.page, [p.sizeParam]: size }
          : { ...base, ...(cursor === undefined ? {} : { [p.cursorParam]: cursor }), [p.sizeParam]: size };
      const more =
        p.kind === 'page'
          ? isCount(page.totalPages)
            ? page.page + 1 < page.totalPages
            : page.items.length > 0 && isNumberLike(size) && page.items.length >= Number(size)
          : page.nextCursor !== undefined && page.items.length > 0;
      const offset = read.pages.length === 0 ? Math.min(skip, page.items.length) : 0;
      const entryPage: ReadPage = { query: here, items: page.items.slice(offset), offset, more };
      if (more) {
        entryPage.nextQuery =
          p.kind === 'page'
            ? { ...base, [p.pageParam]: page.page + 1, [p.sizeParam]: size }
            : { ...base, [p.cursorParam]: page.nextCursor, [p.sizeParam]: size };
      }
      read.pages.push(entryPage);
      cursor = page.nextCursor;
      count += entryPage.items.length;
      if (onePage || count >= maxRecords) break;
    }
  } catch (error) {
    if (read.pages.length > 0 || !isListsOwnNotFound(error, entry)) throw error;
  } finally {
    await iterator.return?.();
  }
  return read;
}

/** Reads what call_operation asked for: at most `maxRecords` records, or a few more within the last page read. */
export async function readRecords(
  client: LooseClient,
  entry: Entry,
  params: Params,
  maxRecords: number,
  skip: number,
  signal: AbortSignal | undefined,
): Promise<Read> {
  const p = paging(entry);
  if (p) return readPages(client, entry, p, params, maxRecords, skip, signal);
  const { data } = await client.GET(entry.op.path, { params, ...(signal ? { signal } : {}) });
  if (Array.isArray(data)) {
    const offset = Math.min(skip, data.length);
    return {
      kind: 'array',
      pages: [{ query: params.query ?? {}, items: data.slice(offset), offset, more: false }],
      total: data.length,
    };
  }
  if (skip > 0) throw new Error(`skip: ${entry.id} answers one object, not a list; leave skip out.`);
  return { kind: 'object', pages: [{ query: params.query ?? {}, items: [data], offset: 0, more: false }] };
}

/** Where reading on starts once the first `shown` records (in page order) have been shown; undefined at the end. */
export function nextAfter(read: Read, shown: number): Next | undefined {
  let before = 0;
  for (const page of read.pages) {
    if (shown < before + page.items.length) {
      const skip = page.offset + shown - before;
      return skip > 0 ? { query: page.query, skip } : { query: page.query };
    }
    before += page.items.length;
  }
  const last = read.pages[read.pages.length - 1];
  return last?.more && last.nextQuery ? { query: last.nextQuery } : undefined;
}
