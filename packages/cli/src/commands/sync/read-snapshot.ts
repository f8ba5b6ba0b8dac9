// E1, E3, E7: the whole list once a day, as one `snapshot=` partition. The largest pages the list allows, several
// in flight for a numbered list, spooled in page order (as export reads them).
import type { LoosePage } from '@assoc-feed/core/internal';
import { readListPage } from '../../job/list-page.js';
import { runOrdered } from '../../job/ordered.js';
import { toRow } from './cells.js';
import { type Reader, snapshotDue } from './target.js';

/** E7's `data-atualizacao` for a whole snapshot. */
export const SNAPSHOT_SINCE = '1900-01-01T00:00:00.000';

export const readSnapshot: Reader = async (run, client, store, options, tally) => {
  const { target, entry, columns } = run;
  const path = target.operation.meta.path;
  const pagination = target.operation.meta.pagination;
  if (!snapshotDue(run)) {
    tally.upToDate = 1;
    return;
  }
  const query: Record<string, string> = pagination
    ? { [pagination.sizeParam]: String(pagination.maxSize) }
    : {};
  // E7 selects by update time and requires it: from the earliest time, the whole registry.
  if (target.operation.meta.parameters.some((p) => p.name === 'data-atualizacao'))
    query['data-atualizacao'] = SNAPSHOT_SINCE;
  const pageParam = pagination?.kind === 'page' ? pagination.pageParam : 'page';
  const rowsOf = (records: unknown[]) => records.map((r) => toRow(r, columns, '', tally.unknownFields));
  // Every page is held to the totals page 0 announced: a page that fails stops the snapshot, never skipped.
  let announced: { totalPages?: number; totalElements?: number } | undefined;
  const fetchPage = (page: number, signal: AbortSignal): Promise<LoosePage | undefined> => {
    tally.requests++;
    const params = { path: {}, query: { ...query, [pageParam]: String(page) } };
    return readListPage(client, { path, params, page, announced, signal });
  };
  const spool = store.spool(target.operationId);
  let readAt: number;
  try {
    const first = await fetchPage(0, options.signal);
    spool.add(rowsOf(first?.items ?? []));
    if (first?.totalPages !== undefined) {
      announced = { totalPages: first.totalPages, totalElements: first.totalElements };
      const rest = Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => i + 1);
      await runOrdered(
        rest,
        { concurrency: options.concurrency, signal: options.signal },
        (page, _i, signal) => fetchPage(page, signal),
        (page) => spool.add(rowsOf(page?.items ?? [])),
      );
    } else if (first && first.items.length > 0) {
      const more = client.pages(path, {
        params: { path: {}, query: { ...query, [pageParam]: '1' } },
        signal: options.signal,
        prefetch: true,
      });
      for await (const page of more) {
        tally.requests++;
        spool.add(rowsOf(page.items));
      }
    }
    readAt = run.now();
  } catch (error) {
    spool.remove();
    throw error;
  }
  tally.rows += await store.commit(target.operationId, entry, run.today, spool, columns, {
    final: true,
    readAt,
  });
  tally.partitions++;
  options.onPartition();
};
