// Reading one operation into its partitions, by its kind (scope.ts): a document 3 operation one request per
// business day or month that is released and not yet final; E8 every record updated since the last run, merged
// by key into its `data_competencia` partition; E1, E3, E7 the whole list once a day.
import { toFeedError } from '@assoc-feed/core';
import { addDays } from '@assoc-feed/core/internal/calendar';
import type { LooseClient, LoosePage } from '../../clients.js';
import { runOrdered } from '../../job/ordered.js';
import { planBackfill, type Unit } from '../backfill/plan.js';
import { toRow } from './cells.js';
import type { Column } from './column-types.js';
import type { OperationEntry } from './dataset.js';
import { type PartitionStore, Spool } from './partition-store.js';
import { isFinal, isReleased, partitionValue } from './release.js';
import type { SyncTarget } from './scope.js';

export interface TargetRun {
  target: SyncTarget;
  entry: OperationEntry;
  columns: Column[];
  from: string;
  to: string;
  today: string;
  now: () => number;
}

export interface TargetTally {
  requests: number;
  partitions: number;
  rows: number;
  upToDate: number;
  notReleased: number;
  /** Fields the service sent that the spec does not have (not kept). */
  unknownFields: Set<string>;
}

/** The units of a dated operation to ask now: released, and not already final in the manifest. */
export function datedUnits(run: Omit<TargetRun, 'columns' | 'now'>, now: number) {
  const { target, entry } = run;
  if (target.sync.kind !== 'dated') return { ask: [] as Unit[], upToDate: 0, notReleased: 0 };
  const units = planBackfill(target.sync.plan, run.from, run.to).units;
  const released = units.filter((u) => isReleased(target, u.period, now));
  const ask = released.filter((u) => !entry.partitions[partitionValue(u.period)]?.final);
  return { ask, upToDate: released.length - ask.length, notReleased: units.length - released.length };
}

/** A snapshot is taken at most once a day. */
export const snapshotDue = (run: Pick<TargetRun, 'entry' | 'today'>) => !run.entry.partitions[run.today];

/**
 * Where E8 is read from: the newest update seen by the last run; from the window's start when the window now
 * starts earlier; and no later than the day after the last window's end when it now ends later (a record is
 * published on or after its date, so the new dates' records are all updated after that day began, but those seen
 * by the last run fell outside its window and were not kept).
 */
export function updatesSince(run: Pick<TargetRun, 'entry' | 'from' | 'to'>): string {
  const done = run.entry.updates;
  const start = `${run.from}T00:00:00.000`;
  if (!done || run.from < done.from) return start;
  if (run.to > done.to) {
    const after = `${addDays(done.to, 1)}T00:00:00.000`;
    return after < done.since ? after : done.since;
  }
  return done.since;
}

export async function runTarget(
  run: TargetRun,
  client: LooseClient,
  store: PartitionStore,
  options: { concurrency: number; signal: AbortSignal; onPartition: () => void },
): Promise<TargetTally> {
  const tally: TargetTally = {
    requests: 0,
    partitions: 0,
    rows: 0,
    upToDate: 0,
    notReleased: 0,
    unknownFields: new Set(),
  };
  const { target, entry, columns } = run;
  const path = target.operation.meta.path;
  const pagination = target.operation.meta.pagination;
  const rowsOf = (records: unknown[]) => records.map((r) => toRow(r, columns, '', tally.unknownFields));

  if (target.sync.kind === 'dated') {
    const { ask, upToDate, notReleased } = datedUnits(run, run.now());
    tally.upToDate = upToDate;
    tally.notReleased = notReleased;
    type Answer = { unit: Unit; records: unknown[]; readAt: number };
    await runOrdered(
      ask,
      { concurrency: options.concurrency, signal: options.signal },
      async (unit, _i, signal): Promise<Answer> => {
        tally.requests++;
        const result = await client.GET(path, { params: { path: {}, query: unit.query }, signal });
        const readAt = run.now();
        if (result.response.status === 404) return { unit, records: [], readAt };
        if (!result.response.ok) throw toFeedError(result);
        const data = result.data;
        return { unit, records: Array.isArray(data) ? data : [data], readAt };
      },
      async ({ unit, records, readAt }) => {
        const spool = new Spool(store.dir, target.operationId);
        try {
          spool.add(rowsOf(records));
        } catch (error) {
          spool.close();
          spool.remove();
          throw error;
        }
        const final = isFinal(target, unit.period, readAt);
        tally.rows += await store.commit(
          target.operationId,
          entry,
          partitionValue(unit.period),
          spool,
          columns,
          {
            final,
            readAt,
          },
        );
        tally.partitions++;
        options.onPartition();
      },
    );
    store.save();
    return tally;
  }

  if (target.sync.kind === 'snapshot') {
    if (!snapshotDue(run)) {
      tally.upToDate = 1;
      return tally;
    }
    // The largest pages the list allows, as export asks them.
    const query: Record<string, string> = pagination
      ? { [pagination.sizeParam]: String(pagination.maxSize) }
      : {};
    // E7 selects by update time and requires it: from the earliest time, the whole registry.
    if (target.operation.meta.parameters.some((p) => p.name === 'data-atualizacao'))
      query['data-atualizacao'] = SNAPSHOT_SINCE;
    const spool = new Spool(store.dir, target.operationId);
    let readAt = run.now();
    const pageParam = pagination?.kind === 'page' ? pagination.pageParam : 'page';
    const fetchPage = async (page: number, signal: AbortSignal): Promise<LoosePage | undefined> => {
      tally.requests++;
      const query_ = { ...query, [pageParam]: String(page) };
      for await (const first of client.pages(path, { params: { path: {}, query: query_ }, signal }))
        return first;
      return undefined; // a 404 past the last page
    };
    try {
      const first = await fetchPage(0, options.signal);
      spool.add(rowsOf(first?.items ?? []));
      if (first?.totalPages !== undefined) {
        // The pages of a numbered list, several at a time, spooled in order (as export reads them).
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
      spool.close();
      spool.remove();
      throw error;
    }
    tally.rows += await store.commit(target.operationId, entry, run.today, spool, columns, {
      final: true,
      readAt,
    });
    tally.partitions++;
    options.onPartition();
    store.save();
    return tally;
  }

  // E8: every record updated since `since`, kept when its date is in the window, merged by key.
  const { sinceParam, dateField, updatedField, keys } = target.sync;
  const since = updatesSince(run);
  const spools = new Map<string, Spool>();
  let newest = since;
  const dateColumns = columns.filter((c) => c.name !== dateField);
  // The date is the partition's name: not an unknown field.
  const unknown = new Set<string>();
  try {
    if (!pagination) throw new Error(`${path} is not paged`);
    for await (const page of client.pages(path, {
      params: {
        path: {},
        query: { [sinceParam]: since, [pagination.sizeParam]: String(pagination.maxSize) },
      },
      signal: options.signal,
      // Each answer names the next: the next one is asked while this one is spooled.
      prefetch: true,
    })) {
      tally.requests++;
      const byDate = new Map<string, unknown[]>();
      for (const record of page.items) {
        const r = record as Record<string, unknown>;
        // Every record read counts, kept or not: the next run starts after all of them.
        const updated =
          typeof r[updatedField] === 'string' ? (r[updatedField] as string).replace(' ', 'T') : '';
        if (updated > newest) newest = updated;
        const date = r[dateField];
        if (typeof date !== 'string' || date < run.from || date > run.to) continue;
        const list = byDate.get(date);
        if (list) list.push(record);
        else byDate.set(date, [record]);
      }
      for (const [date, records] of byDate) {
        let spool = spools.get(date);
        if (!spool) {
          spool = new Spool(store.dir, `${target.operationId}-${date}`);
          spools.set(date, spool);
        }
        spool.add(records.map((r) => toRow(r, dateColumns, '', unknown)));
      }
    }
  } catch (error) {
    for (const spool of spools.values()) {
      spool.close();
      spool.remove();
    }
    throw error;
  }
  for (const name of unknown) if (name !== dateField) tally.unknownFields.add(name);
  const readAt = run.now();
  for (const date of [...spools.keys()].sort()) {
    const spool = spools.get(date) as Spool;
    tally.rows += await store.commit(target.operationId, entry, date, spool, dateColumns, {
      final: false,
      readAt,
      keys,
    });
    tally.partitions++;
    options.onPartition();
  }
  // Only now: a kill before this line reads the same updates again, and the keyed merge makes that harmless.
  // What the copy now holds every update of: this window (records of other dates seen now were not kept).
  entry.updates = { from: run.from, to: run.to, since: newest };
  store.manifest.operations[target.operationId] = entry;
  store.save();
  return tally;
}

/** E7's `data-atualizacao` for a whole snapshot. */
export const SNAPSHOT_SINCE = '1900-01-01T00:00:00.000';
