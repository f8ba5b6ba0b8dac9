// `assoc-feed export <path>`: every record of a paginated list, page by page. Page 0 gives the totals; the
// other pages are fetched `--concurrency` at a time and written in page order, each page followed by a
// checkpoint, so a killed export resumes at the first page not yet written. A list paged by cursor (E8) is
// read one answer after the other (each names the next), the next answer requested while one is written; the
// checkpoint keeps the cursor of the first answer not yet written.

import type { OperationMeta } from '@assoc-feed/core';
import { UsageError } from '../../errors.js';
import { checkpointPath } from '../../job/checkpoint.js';
import { count, type Io, type JobOptions } from '../../job/job.js';
import { runJob } from '../../job/job-runner.js';
import { checkParams, filledPath, parseQueryOptions, requestLine } from '../../job/request.js';
import { describe, findTarget, operations, type QueryValues, type Target } from '../../operations.js';
import { fileKey, isStreamFile, tablePath } from '../../output/destination.js';
import { createEncoder } from '../../output/encoders.js';
import { recordShape } from '../../output/record-shape.js';
import { type ExportProgress, readByCursor, readByPage } from './read-pages.js';

export interface ExportOptions extends JobOptions {
  query: string[];
  environment?: string;
  baseUrl?: string;
  config?: string;
}

type Paging = NonNullable<OperationMeta['pagination']>;

export async function exportCommand(pathArg: string, options: ExportOptions, io: Io): Promise<void> {
  const { target, paging, query } = exportRequest(pathArg, options);
  const op = target.operation.meta;
  const encoder = createEncoder({
    format: options.format,
    shape: () => recordShape(op),
    lists: options.lists,
  });
  if (options.dryRun) {
    io.stdout.write(describeExport(target, paging, query, encoder.tables, options));
    return;
  }

  await runJob<ExportProgress>(
    {
      command: 'export',
      operation: target.operation,
      job: { path: filledPath(op.path, target.path), query, format: options.format, lists: options.lists },
      tables: encoder.tables,
      unit: 'records',
      initial: { nextPage: 0 },
      resuming: ({ state, records }) =>
        `resuming ${options.out} at page ${state.nextPage}${state.totalPages ? ` of ${state.totalPages}` : ''} (${count(records)} records already written)`,
      begin: ({ opened }) => opened.destination.append(encoder.start()),
      run: (job) => {
        const read = { path: op.path, pathParams: target.path, query, encoder, signal: io.signal };
        return paging.kind === 'cursor'
          ? readByCursor(job, paging, read)
          : readByPage(job, paging, { ...read, concurrency: options.concurrency });
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

/** The list to read and its query, checked before anything is sent: a paginated list, read from its start. */
function exportRequest(pathArg: string, options: ExportOptions) {
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
  return { target, paging, query };
}

/** The dry run's plan: the requests, where they are written, and the checkpoint. */
function describeExport(
  target: Target,
  paging: Paging,
  query: QueryValues,
  tables: readonly string[],
  options: ExportOptions,
): string {
  const op = target.operation.meta;
  const outputs = options.out ? tables.map((t) => tablePath(options.out as string, t)).join(', ') : 'stdout';
  const steps =
    paging.kind === 'cursor'
      ? `  GET ${requestLine(op.path, { path: target.path, query })}\n` +
        `  then ${paging.cursorParam}=<the ${paging.nextCursorField} of the answer before>, one answer after the other until it is null, written in order\n`
      : `  GET ${requestLine(op.path, { path: target.path, query: { ...query, [paging.pageParam]: '0' } })}\n` +
        `  then ${paging.pageParam}=1, 2, … up to the last page of the first answer (${paging.totalPagesField ?? `from ${paging.totalElementsField ?? 'its total'} and ${paging.sizeParam}`}), ${options.concurrency} at a time, written in page order\n`;
  const checkpoint = !options.out
    ? ''
    : isStreamFile(options.out)
      ? 'checkpoint: none (a device or a pipe cannot be resumed)\n'
      : `checkpoint: ${checkpointPath(fileKey(options.out))} (an interrupted run resumes from it)\n`;
  return (
    `plan: export every record of GET ${op.path}${op.documentId ? ` (${op.documentId})` : ''}, ${options.format} to ${outputs}\n` +
    steps +
    checkpoint +
    'dry run: nothing was sent\n'
  );
}
