// Reading a paginated list into the export's output, resumable at each page. A numbered list: page 0 gives
// the totals, the other pages are fetched `--concurrency` at a time and written in page order, each followed by a
// checkpoint. A list paged by cursor (E8): one answer after the other (each names the next), the next requested
// while one is written; the checkpoint keeps the cursor of the first answer not yet written.
import type { OperationMeta } from '@assoc-feed/core';
import type { LoosePage } from '@assoc-feed/core/internal';
import type { JobContext } from '../../job/job-runner.js';
import { readListPage } from '../../job/list-page.js';
import { runOrdered } from '../../job/ordered.js';
import type { QueryValues } from '../../operations.js';
import type { Encoder } from '../../output/encoders.js';

export interface ExportProgress {
  nextPage: number;
  totalPages?: number;
  totalElements?: number;
  /** A list paged by cursor: the cursor of the first answer not yet written (absent: the first, or done). */
  cursor?: string;
  /** A list paged by cursor: the last answer has been written. */
  done?: boolean;
}

type Paging = NonNullable<OperationMeta['pagination']>;
type Job = JobContext<ExportProgress>;

export interface PageRead {
  path: string;
  pathParams: Record<string, string>;
  query: QueryValues;
  encoder: Encoder;
  signal: AbortSignal;
}

/** Writes one answer's records and moves the position past its page. */
async function commit(job: Job, read: PageRead, page: number, result: LoosePage | undefined): Promise<void> {
  const items = result?.items ?? [];
  await job.opened.destination.append(read.encoder.encode(items, job.records));
  job.records += items.length;
  job.state = { ...job.state, nextPage: page + 1 };
  job.progress.update(job.records);
}

/** Sequential by nature: each answer names the next. The client requests answer n+1 while n is written. */
export async function readByCursor(
  job: Job,
  paging: Extract<Paging, { kind: 'cursor' }>,
  read: PageRead,
): Promise<void> {
  job.progress.start(job.state.totalElements, job.records);
  if (job.state.done) return;
  const pages = job.client.pages(read.path, {
    params: {
      path: read.pathParams,
      query: { ...read.query, ...(job.state.cursor ? { [paging.cursorParam]: job.state.cursor } : {}) },
    },
    signal: read.signal,
    prefetch: true,
  });
  for await (const page of pages) {
    if (page.totalElements !== undefined && job.state.totalElements === undefined) {
      job.state = { ...job.state, totalElements: page.totalElements };
      job.progress.setTotal(page.totalElements);
    }
    await commit(job, read, job.state.nextPage, page);
    const { cursor: _written, ...rest } = job.state;
    job.state = page.nextCursor ? { ...rest, cursor: page.nextCursor } : { ...rest, done: true };
    job.save();
  }
}

/** A numbered list: the first page not yet written gives the totals, then the rest in page order. */
export async function readByPage(
  job: Job,
  paging: Exclude<Paging, { kind: 'cursor' }>,
  read: PageRead & { concurrency: number },
): Promise<void> {
  const pageParam = paging.kind === 'page' ? paging.pageParam : 'page';
  const paramsOf = (page: number) => ({
    path: read.pathParams,
    query: { ...read.query, [pageParam]: String(page) },
  });
  const fetchPage = (page: number, signal: AbortSignal): Promise<LoosePage | undefined> =>
    readListPage(job.client, {
      path: read.path,
      params: paramsOf(page),
      page,
      announced:
        job.state.totalPages === undefined
          ? undefined
          : { totalPages: job.state.totalPages, totalElements: job.state.totalElements },
      signal,
    });
  job.progress.start(job.state.totalElements, job.records);
  const first =
    job.state.totalPages === undefined || job.state.nextPage < job.state.totalPages
      ? await fetchPage(job.state.nextPage, read.signal)
      : undefined;
  if (!first) return;
  warnIfChanged(job, paging, first);
  job.state = {
    ...job.state,
    ...(first.totalPages !== undefined ? { totalPages: first.totalPages } : {}),
    ...(first.totalElements !== undefined ? { totalElements: first.totalElements } : {}),
  };
  if (job.state.totalElements !== undefined) job.progress.setTotal(job.state.totalElements);
  await commit(job, read, job.state.nextPage, first);
  job.opened.save(job.records, job.state, true);
  if (job.state.totalPages !== undefined) {
    const rest = Array.from(
      { length: Math.max(0, job.state.totalPages - job.state.nextPage) },
      (_, i) => job.state.nextPage + i,
    );
    await runOrdered(
      rest,
      { concurrency: read.concurrency, signal: read.signal },
      (page, _i, signal) => fetchPage(page, signal),
      (result, page) => commit(job, read, page, result),
      job.save,
    );
    return;
  }
  // No totals in the answer: one page after the other until core's rule ends the list.
  const more = job.client.pages(read.path, { params: paramsOf(job.state.nextPage), signal: read.signal });
  for await (const page of more) {
    await commit(job, read, job.state.nextPage, page);
    job.save();
  }
}

/** A resumed export whose list changed size since the interrupted run cannot promise a consistent copy. */
function warnIfChanged(job: Job, paging: Paging, first: LoosePage): void {
  if (!job.opened.resumed || job.state.totalElements === undefined) return;
  if (first.totalElements === job.state.totalElements) return;
  job.log(
    `warning: the list changed since the interrupted run (${paging.totalElementsField} ${job.state.totalElements} then, ${first.totalElements} now): ` +
      'records may be missing or repeated across the seam; pass --restart for a consistent copy.',
  );
}
