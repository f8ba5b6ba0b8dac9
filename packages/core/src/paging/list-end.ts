// Where a list paged by number ends, decided from the list's own answers only: no other request's failure (the
// token request's 404, a renewal that fails) can ever read as "no more records". One rule for every caller
// (paginate(), pages(), the command line's export and sync, the MCP server through core):
// - the list ends at an empty page or a short one (fewer records than the page size), or at a 404 for a page
//   past the pages the announced total implies (the documents' "page number above the last page"), or for the
//   first page asked when no total is known (an empty list);
// - a full page never ends a list: the page after it is asked, even past the total, so a total smaller than the
//   truth shows as a page past the end that still holds records;
// - an answer that contradicts the total, or the page asked, is an error naming the page
//   (`pagination_inconsistent`), never a shorter list: a 404, an empty or a short page inside the total, records
//   on a page past it, or an answer whose own page number is not the one asked (a proxy that ignores `page`).
// Each answer's own total wins over an earlier one, so a list that shrank between requests ends by its new total.

import { FeedError } from '../errors/errors.js';
import type { OperationMeta } from '../input/meta.js';

/** The totals an answer of the list announced (pages, and records when the envelope carries them). */
export interface ListTotals {
  totalPages?: number;
  totalElements?: number;
}

/** One page as read: its records, totals and, when the envelope carries them, its own page number and size. */
export interface PageAnswer extends ListTotals {
  items: unknown[];
  answeredPage?: number;
  answeredSize?: number;
}

function describeTotals(totals: ListTotals): string {
  if (totals.totalElements !== undefined)
    return `${totals.totalElements} records in ${totals.totalPages} page${totals.totalPages === 1 ? '' : 's'}`;
  return `${totals.totalPages} pages`;
}

function inconsistent(op: OperationMeta, page: number, why: string, status?: number): FeedError {
  return new FeedError(
    'pagination_inconsistent',
    `GET ${op.path} page ${page} ${why}, so the list cannot be read whole: this is an error, not the end of the ` +
      'list (every record before this page was yielded). The service, or a proxy in front of it, answered a ' +
      'list that contradicts itself: retry later, and quote the page to the operator if it persists.',
    { method: 'GET', path: op.path, ...(status === undefined ? {} : { status }) },
  );
}

/**
 * A 404 for page `page`: the end of the list when the page is past the pages `known` implies, or when no total is
 * known (the first page asked, or a list without totals); an error when the page is inside the total.
 */
export function notFoundEnds(op: OperationMeta, page: number, known: ListTotals): true {
  if (known.totalPages !== undefined && page < known.totalPages) {
    throw inconsistent(
      op,
      page,
      `answered 404 although the list's total (${describeTotals(known)}) says it holds that page`,
      404,
    );
  }
  return true;
}

/**
 * Whether page `page` is the last one, from its own answer and the totals known before it; throws when the answer
 * contradicts them. `askedSize` is the page size asked; the answer's own size wins when it sends one.
 */
export function isLastPage(
  op: OperationMeta,
  page: number,
  answer: PageAnswer,
  askedSize: number,
  known: ListTotals,
): boolean {
  if (answer.answeredPage !== undefined && answer.answeredPage !== page) {
    throw inconsistent(
      op,
      page,
      `was asked, but the answer says it is page ${answer.answeredPage} (a service or proxy that ignores the page ` +
        'parameter repeats one page)',
    );
  }
  const totals: ListTotals = answer.totalPages !== undefined ? answer : known;
  const size = answer.answeredSize !== undefined && answer.answeredSize > 0 ? answer.answeredSize : askedSize;
  const count = answer.items.length;
  const full = count >= size;
  if (totals.totalPages === undefined) return !full;
  const pastTotal = page >= totals.totalPages;
  if (pastTotal) {
    if (count === 0) return true;
    throw inconsistent(
      op,
      page,
      `answered ${count} records past the list's total (${describeTotals(totals)}): the total is smaller than ` +
        'the list, and the records after it would be lost',
    );
  }
  const lastByTotal = page === totals.totalPages - 1;
  if (!lastByTotal && !full) {
    throw inconsistent(
      op,
      page,
      `answered ${count} records of ${size} although the list's total (${describeTotals(totals)}) says more ` +
        'pages follow',
    );
  }
  if (lastByTotal && totals.totalElements !== undefined) {
    const expected = totals.totalElements - page * size;
    if (count !== expected) {
      throw inconsistent(
        op,
        page,
        `answered ${count} records although the list's total (${describeTotals(totals)}) says its last page ` +
          `holds ${expected}${count > expected ? ': the total is smaller than the list' : ''}`,
      );
    }
  }
  // A full last page: the page after it is asked, to prove the end rather than trust the total.
  return lastByTotal ? !full : false;
}
