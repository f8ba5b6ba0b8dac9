// One page of a numbered list read apart from the others (export and sync read several at a time), held to core's
// end-of-list rule with the totals page 0 announced: a 404, an empty or a short page inside them is an error naming
// the page, never a shorter list. The last page the totals imply (page 0's own, when it is the one read) is read
// through to the end, so that when it is full core asks the page after it, and a total smaller than the list shows
// as an error rather than as lost records.
import type { LooseClient, LoosePage } from '@assoc-feed/core/internal';
import type { CallParams } from './request.js';

export interface ListTotals {
  totalPages?: number;
  totalElements?: number;
}

export interface ListPageRead {
  path: string;
  /** The call's parameters, the page number already in the query. */
  params: CallParams;
  page: number;
  /** What page 0 (or the interrupted run) announced; absent for page 0 itself. */
  announced?: ListTotals | undefined;
  signal: AbortSignal;
}

/** The page's answer; undefined only when the list ends before it (a 404 for a page no total holds). */
export async function readListPage(client: LooseClient, read: ListPageRead): Promise<LoosePage | undefined> {
  const { announced } = read;
  const pages = client.pages(read.path, {
    params: read.params,
    signal: read.signal,
    ...(announced?.totalPages !== undefined ? { announced } : {}),
  });
  let first: LoosePage | undefined;
  for await (const page of pages) {
    if (first) continue; // past the last page: core only proves the end there (or throws)
    first = page;
    const totals = announced?.totalPages !== undefined ? announced : page;
    const last = totals.totalPages !== undefined && read.page >= totals.totalPages - 1;
    if (!last) break;
  }
  return first;
}
