// call_operation's reading: one GET, or the pages of a list through the client's `pages()` up to max_records,
// and where the next record is (the page and how many of it were shown, or E8's cursor), so the answer can say
// exactly how to read on.

import type { LooseClient, LoosePage } from '@assoc-feed/core/internal';
import type { Entry } from './catalog.js';
import type { Params } from './feed.js';
import { type Paging, paging } from './paging.js';

export interface ReadPage {
  /** The query that reads this page again (page number or cursor, and size). */
  query: Record<string, unknown>;
  items: unknown[];
  /** Whether a page follows it. */
  more: boolean;
  /** The query of the page after it, when `more`. */
  nextQuery?: Record<string, unknown>;
}

export interface Read {
  /** 'object' for an answer that is one object (it is the single record). */
  kind: 'pages' | 'array' | 'object';
  pages: ReadPage[];
  /** Records across every page, when the service says. */
  total?: number;
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
  // A list under a parent's code (the notes of a class) answers 404 for a wrong code: say so, not "no records".
  const firstPageNotFound = entry.op.parameters.some((q) => q.in === 'path') ? 'throw' : 'end';
  const iterator = client.pages(entry.op.path, {
    params: { ...params, query: { ...query, [p.sizeParam]: size } },
    firstPageNotFound,
    ...(signal ? { signal } : {}),
  });
  let count = 0;
  let cursor = p.kind === 'cursor' ? query[p.cursorParam] : undefined;
  try {
    for await (const page of iterator as AsyncIterable<LoosePage>) {
      if (read.total === undefined && page.totalElements !== undefined) read.total = page.totalElements;
      const here: Record<string, unknown> =
        p.kind === 'page'
          ? { ...base, [p.pageParam]: page.page, [p.sizeParam]: size }
          : { ...base, ...(cursor === undefined ? {} : { [p.cursorParam]: cursor }), [p.sizeParam]: size };
      const more =
        p.kind === 'page'
          ? page.totalPages === undefined
            ? page.items.length > 0 && isNumberLike(size) && page.items.length >= Number(size)
            : page.page + 1 < page.totalPages
          : page.nextCursor !== undefined && page.items.length > 0;
      const entryPage: ReadPage = { query: here, items: page.items, more };
      if (more) {
        entryPage.nextQuery =
          p.kind === 'page'
            ? { ...base, [p.pageParam]: page.page + 1, [p.sizeParam]: size }
            : { ...base, [p.cursorParam]: page.nextCursor, [p.sizeParam]: size };
      }
      read.pages.push(entryPage);
      cursor = page.nextCursor;
      count += page.items.length;
      if (onePage || count >= maxRecords) break;
    }
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
  signal: AbortSignal | undefined,
): Promise<Read> {
  const p = paging(entry);
  if (p) return readPages(client, entry, p, params, maxRecords, signal);
  const { data } = await client.GET(entry.op.path, { params, ...(signal ? { signal } : {}) });
  if (Array.isArray(data)) {
    return {
      kind: 'array',
      pages: [{ query: params.query ?? {}, items: data, more: false }],
      total: data.length,
    };
  }
  return { kind: 'object', pages: [{ query: params.query ?? {}, items: [data], more: false }] };
}

/** Where reading on starts once the first `shown` records (in page order) have been shown; undefined at the end. */
export function nextAfter(read: Read, shown: number): Next | undefined {
  let before = 0;
  for (const page of read.pages) {
    if (shown < before + page.items.length) {
      const skip = shown - before;
      return skip > 0 ? { query: page.query, skip } : { query: page.query };
    }
    before += page.items.length;
  }
  const last = read.pages[read.pages.length - 1];
  return last?.more && last.nextQuery ? { query: last.nextQuery } : undefined;
}
