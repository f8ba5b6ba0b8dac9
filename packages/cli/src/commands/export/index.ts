// `assoc-feed export <path>`: every record of a paginated list, page by page. Page 0 gives the totals; the
// other pages are fetched `--concurrency` at a time and written in page order, each page followed by a
// checkpoint, so a killed export resumes at the first page not yet written. A list paged by cursor (E8) is
// read one answer after the other (each names the next), the next answer requested while one is written; the
// checkpoint keeps the cursor of the first answer not yet written.

import type { LoosePage } from '../../clients.js';
import { UsageError } from '../../errors.js';
import { checkpointPath } from '../../job/checkpoint.js';
import { count, type Io, type JobOptions } from '../../job/job.js';
import { runJob } from '../../job/job-runner.js';
import { runOrdered } from '../../job/ordered.js';
import { checkParams, filledPath, parseQueryOptions, requestLine } from '../../job/request.js';
import { describe, findTarget, operations } from '../../operations.js';
import { fileKey, isStreamFile, tablePath } from '../../output/destination.js';
import { createEncoder } from '../../output/encoders.js';
import { recordShape } from '../../output/record-shape.js';

export interface ExportOptions extends JobOptions {
  query: string[];
  environment?: string;
  baseUrl?: string;
  config?: string;
}

interface ExportProgress {
  nextPage: number;
  totalPages?: number;
  totalElements?: number;
  /** A list paged by cursor: the cursor of the first answer not yet written (absent: the first, or done). */
  cursor?: string;
  /** A list paged by cursor: the last answer has been written. */
  done?: boolean;
}

export async function exportCommand(pathArg: string, options: ExportOptions, io: Io): Promise<void> {
  const target = findTarget(pathArg);
  const op = target.operation.meta;
  const paging = op.pagination;
  if (!paging) {
    const lists = operations.filter((o) => o.meta.pagination).map(describe);
    throw new UsageError(
      `${op.path} is not a paginated list, so there is nothing to export page by page: use assoc-feed get ${pathArg}. ` +
        `Paginated lists:\n${lists.join('\n')}`,
    );
  }
  const query = parseQueryOptions(options.query, target.query);
  const byCursor = paging.kind === 'cursor';
  const startParam = paging.kind === 'cursor' ? paging.cursorParam : paging.pageParam;
  if (query[startParam] !== undefined) {
    throw new UsageError(
      `export reads every ${byCursor ? 'record' : 'page'} from the first: drop ${startParam}= (use get for one ${byCursor ? 'answer' : 'page'}).`,
    );
  }
  query[paging.sizeParam] ??= String(paging.maxSize);
  checkParams(target, { path: target.path, query });
  const encoder = createEncoder({
    format: options.format,
    shape: () => recordShape(op),
    lists: options.lists,
  });

  const showPath = filledPath(op.path, target.path);
  if (options.dryRun) {
    const outputs = options.out
      ? encoder.tables.map((t) => tablePath(options.out as string, t)).join(', ')
      : 'stdout';
    const steps =
      paging.kind === 'cursor'
        ? `  GET ${requestLine(op.path, { path: target.path, query })}\n` +
          `  then ${paging.cursorParam}=<the ${paging.nextCursorField} of the answer before>, one answer after the other until it is null, written in order\n`
        : `  GET ${requestLine(op.path, { path: target.path, query: { ...query, [paging.pageParam]: '0' } })}\n` +
          `  then ${paging.pageParam}=1, 2, … up to the last page of the first answer (${paging.totalPagesField ?? `from ${paging.totalElementsField ?? 'its total'} and ${paging.sizeParam}`}), ${options.concurrency} at a time, written in page order\n`;
    io.stdout.write(
      `plan: export every record of GET ${op.path}${op.documentId ? ` (${op.documentId})` : ''}, ${options.format} to ${outputs}\n` +
        steps +
        (options.out
          ? isStreamFile(options.out)
            ? 'checkpoint: none (a device or a pipe cannot be resumed)\n'
            : `checkpoint: ${checkpointPath(fileKey(options.out))} (an interrupted run resumes from it)\n`
          : '') +
        'dry run: nothing was sent\n',
    );
    return;
  }

  await runJob<ExportProgress>(
    {
      command: 'export',
      operation: target.operation,
      job: { path: showPath, query, format: options.format, lists: options.lists },
      tables: encoder.tables,
      unit: 'records',
      initial: { nextPage: 0 },
      resuming: ({ state, records }) =>
        `resuming ${options.out} at page ${state.nextPage}${state.totalPages ? ` of ${state.totalPages}` : ''} (${count(records)} records already written)`,
      begin: ({ opened }) => opened.destination.append(encoder.start()),
      async run(job) {
        const { client, opened, progress } = job;
        const fetchPage = async (page: number, signal: AbortSignal): Promise<LoosePage | undefined> => {
          const pageParam = paging.kind === 'page' ? paging.pageParam : 'page';
          const pages = client.pages(op.path, {
            params: { path: target.path, query: { ...query, [pageParam]: String(page) } },
            signal,
          });
          for await (const first of pages) return first;
          return undefined; // a 404 past the last page, or an empty page without totals
        };
        const commit = async (page: number, result: LoosePage | undefined) => {
          const items = result?.items ?? [];
          await opened.destination.append(encoder.encode(items, job.records));
          job.records += items.length;
          job.state = { ...job.state, nextPage: page + 1 };
          progress.update(job.records);
        };

        progress.start(job.state.totalElements, job.records);
        if (paging.kind === 'cursor') {
          // Sequential by nature: each answer names the next. The client requests answer n+1 while n is written.
          if (job.state.done) return;
          const pages = client.pages(op.path, {
            params: {
              path: target.path,
              query: { ...query, ...(job.state.cursor ? { [paging.cursorParam]: job.state.cursor } : {}) },
            },
            signal: io.signal,
            prefetch: true,
          });
          for await (const page of pages) {
            if (page.totalElements !== undefined && job.state.totalElements === undefined) {
              job.state = { ...job.state, totalElements: page.totalElements };
              progress.setTotal(page.totalElements);
            }
            await commit(job.state.nextPage, page);
            const { cursor: _written, ...rest } = job.state;
            job.state = page.nextCursor ? { ...rest, cursor: page.nextCursor } : { ...rest, done: true };
            job.save();
          }
          return;
        }
        const first =
          job.state.totalPages === undefined || job.state.nextPage < job.state.totalPages
            ? await fetchPage(job.state.nextPage, io.signal)
            : undefined;
        if (!first) return;
        if (
          opened.resumed &&
          job.state.totalElements !== undefined &&
          first.totalElements !== job.state.totalElements
        ) {
          job.log(
            `warning: the list changed since the interrupted run (${paging.totalElementsField} ${job.state.totalElements} then, ${first.totalElements} now): ` +
              'records may be missing or repeated across the seam; pass --restart for a consistent copy.',
          );
        }
        job.state = {
          ...job.state,
          ...(first.totalPages !== undefined ? { totalPages: first.totalPages } : {}),
          ...(first.totalElements !== undefined ? { totalElements: first.totalElements } : {}),
        };
        if (job.state.totalElements !== undefined) progress.setTotal(job.state.totalElements);
        await commit(job.state.nextPage, first);
        opened.save(job.records, job.state, true);
        if (job.state.totalPages !== undefined) {
          const rest = Array.from(
            { length: Math.max(0, job.state.totalPages - job.state.nextPage) },
            (_, i) => job.state.nextPage + i,
          );
          await runOrdered(
            rest,
            { concurrency: options.concurrency, signal: io.signal },
            (page, _i, signal) => fetchPage(page, signal),
            (result, page) => commit(page, result),
            job.save,
          );
        } else {
          // No totals in the answer: one page after the other until the list ends.
          for (;;) {
            const page = await fetchPage(job.state.nextPage, io.signal);
            if (!page || page.items.length === 0) break;
            await commit(job.state.nextPage, page);
            job.save();
          }
        }
      },
      end: ({ opened, records }) => opened.destination.append(encoder.end(records)),
      summary: ({ state, records }, seconds) => [
        `exported ${count(records)} records of GET ${op.path} to ${options.out ?? 'stdout'} in ${seconds} s`,
        ...(state.totalElements !== undefined && records !== state.totalElements
          ? [
              `warning: the list announced ${count(state.totalElements)} records (${paging.totalElementsField}) but ${count(records)} were written: it changed during the export; run it again for a consistent copy.`,
            ]
          : []),
      ],
    },
    options,
    io,
  );
}
