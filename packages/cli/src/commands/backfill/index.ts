// `assoc-feed backfill <path> --from D --to D`: one request per business day (per month, per V7 window), up
// to `--concurrency` at a time, committed in date order with a checkpoint after each. A 404 for a period is
// the service saying "no data for it" (a date it did not publish): recorded as such, not a failure.
import { join } from 'node:path';
import { toFeedError } from '@assoc-feed/core';
import { UsageError } from '../../errors.js';
import { backfillKind, periodParameters, planBackfill, type Unit } from '../../job/dated-plan.js';
import { count, type Io, type JobOptions } from '../../job/job.js';
import { runJob } from '../../job/job-runner.js';
import { runOrdered } from '../../job/ordered.js';
import { checkParams, filledPath, parseQueryOptions, requestLine } from '../../job/request.js';
import { describe, findTarget, operations } from '../../operations.js';
import { isStreamFile, tablePath, writeFileAtomic } from '../../output/destination.js';
import { createEncoder } from '../../output/encoders.js';
import { recordShape } from '../../output/record-shape.js';

export interface BackfillOptions extends JobOptions {
  from: string;
  to: string;
  outDir?: string;
  query: string[];
  environment?: string;
  baseUrl?: string;
  config?: string;
}

interface BackfillProgress {
  /** Units committed, in plan order. */
  done: number;
  noData: string[];
}

type Answer = { period: string; noData: true } | { period: string; noData: false; records: unknown[] };

export async function backfillCommand(pathArg: string, options: BackfillOptions, io: Io): Promise<void> {
  const target = findTarget(pathArg);
  const op = target.operation.meta;
  const kind = backfillKind(op);
  if (!kind) {
    const dated = operations.filter((o) => backfillKind(o.meta)).map(describe);
    throw new UsageError(
      `${op.path} takes no date, month or period, so there is nothing to backfill: use assoc-feed get or export. ` +
        `Operations a backfill can walk:\n${dated.join('\n')}`,
    );
  }
  if (options.out && options.outDir)
    throw new UsageError(
      '--out and --out-dir both given: pass one (--out appends every period to one file, --out-dir writes one file per period).',
    );
  const fixed = parseQueryOptions(options.query, target.query);
  for (const name of periodParameters(kind)) {
    if (fixed[name] !== undefined)
      throw new UsageError(`backfill sets ${name} itself from --from/--to: drop --query ${name}=….`);
  }
  const plan = planBackfill(kind, options.from, options.to);
  for (const unit of plan.units)
    checkParams(target, { path: target.path, query: { ...fixed, ...unit.query } });
  const encoder = createEncoder({
    format: options.format,
    shape: () => recordShape(op),
    lists: options.lists,
    tagPeriod: !options.outDir,
  });
  const showPath = filledPath(op.path, target.path);

  if (options.dryRun) {
    io.stdout.write(
      `${describePlan(plan, op.path, options)}\n${plan.units.map((u) => `  GET ${requestLine(op.path, { path: target.path, query: { ...fixed, ...u.query } })}`).join('\n')}\ndry run: nothing was sent\n`,
    );
    return;
  }

  const outDir = options.outDir;
  let summaryFile: string | undefined;
  await runJob<BackfillProgress>(
    {
      command: 'backfill',
      operation: target.operation,
      job: {
        path: showPath,
        query: fixed,
        from: options.from,
        to: options.to,
        format: options.format,
        lists: options.lists,
        outDir: outDir ?? null,
      },
      outDir,
      tables: outDir ? [''] : encoder.tables,
      unit: plan.unitName,
      initial: { done: 0, noData: [] },
      resuming: ({ state, records }) =>
        `resuming at ${plan.units[state.done]?.period ?? 'the end'}: ${count(state.done)} of ${count(plan.units.length)} ${plan.unitName} already done (${count(records)} records)`,
      begin: async ({ opened }) => {
        if (!outDir) await opened.destination.append(encoder.start());
      },
      async run(job) {
        const work = async (unit: Unit, _i: number, signal: AbortSignal): Promise<Answer> => {
          const params = { path: target.path, query: { ...fixed, ...unit.query } };
          if (op.pagination) {
            // A paged answer (the single-fund series): every page of the window, in order.
            const items: unknown[] = [];
            for await (const page of job.client.pages(op.path, { params, signal })) items.push(...page.items);
            return items.length === 0
              ? { period: unit.period, noData: true }
              : { period: unit.period, noData: false, records: items };
          }
          const result = await job.client.GET(op.path, { params, signal });
          if (result.response.status === 404) return { period: unit.period, noData: true };
          if (!result.response.ok) throw toFeedError(result);
          const data = result.data;
          return { period: unit.period, noData: false, records: Array.isArray(data) ? data : [data] };
        };
        const commit = async (answer: Answer) => {
          const { state } = job;
          if (answer.noData) job.state = { done: state.done + 1, noData: [...state.noData, answer.period] };
          else {
            if (outDir) {
              const main = join(outDir, `${answer.period}.${options.format}`);
              const chunks = [
                encoder.start(),
                encoder.encode(answer.records, 0),
                encoder.end(answer.records.length),
              ];
              for (const table of encoder.tables) {
                writeFileAtomic(tablePath(main, table), chunks.map((c) => c.get(table) ?? '').join(''));
              }
            } else
              await job.opened.destination.append(encoder.encode(answer.records, job.records, answer.period));
            job.records += answer.records.length;
            job.state = { ...state, done: state.done + 1 };
          }
          job.progress.update(
            job.state.done,
            `${count(job.records)} records, ${job.state.noData.length} no data`,
          );
        };

        job.progress.start(plan.units.length, job.state.done);
        await runOrdered(
          plan.units.slice(job.state.done),
          { concurrency: options.concurrency, signal: io.signal },
          work,
          commit,
          job.save,
        );
      },
      async end({ opened, state, records }) {
        if (!outDir) await opened.destination.append(encoder.end(records));
        const summary = {
          command: 'backfill',
          path: showPath,
          query: fixed,
          from: options.from,
          to: options.to,
          requests: plan.units.length,
          withData: plan.units.length - state.noData.length,
          records,
          noData: state.noData,
          ...(plan.skipped ? { skipped: plan.skipped } : {}),
        };
        // None beside a device or a pipe (/dev/null.summary.json).
        summaryFile = outDir
          ? join(outDir, '_summary.json')
          : options.out && !isStreamFile(options.out)
            ? `${options.out}.summary.json`
            : undefined;
        if (summaryFile) writeFileAtomic(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
      },
      summary: ({ state, records }, seconds) => [
        `backfilled ${count(plan.units.length)} ${plan.unitName} of GET ${op.path} in ${seconds} s: ${count(plan.units.length - state.noData.length)} with data (${count(records)} records), ` +
          `${state.noData.length} without data${state.noData.length ? ` (404: ${state.noData.join(', ')})` : ''}` +
          `${summaryFile ? `; summary in ${summaryFile}` : ''}`,
      ],
    },
    options,
    io,
  );
}

function describePlan(plan: ReturnType<typeof planBackfill>, path: string, options: BackfillOptions): string {
  const per = {
    dates: 'business day',
    months: 'month',
    windows:
      plan.kind.kind === 'window' && plan.kind.maxMonths % 12 === 0
        ? `window of at most ${plan.kind.maxMonths / 12 === 1 ? 'one year' : `${plan.kind.maxMonths / 12} years`}`
        : `window of at most ${plan.kind.kind === 'window' ? plan.kind.maxMonths : 60} months`,
  }[plan.unitName];
  const lines = [
    `plan: ${plan.units.length} requests of GET ${path}, one per ${per} from ${options.from} to ${options.to}, ${options.concurrency} at a time`,
  ];
  if (plan.skipped) {
    const holidays = plan.skipped.holidays.map((h) => `${h.date} ${h.name}`).join('; ');
    lines.push(
      `skipped: ${plan.skipped.weekendDays} weekend days, ${plan.skipped.holidays.length} national holidays${holidays ? ` (${holidays})` : ''}`,
    );
  }
  lines.push(
    `output: ${options.format} ${options.outDir ? `in ${options.outDir}, one file per period` : `to ${options.out ?? 'stdout'}, records tagged with _period`}; a 404 is recorded as no data`,
  );
  return lines.join('\n');
}
