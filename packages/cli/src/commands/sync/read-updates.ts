// E8: every record updated since `since`, kept when its date is in the window, merged by key into its
// `data_competencia` partition. Each record is checked whole against the spec before any of its values is used:
// its date becomes a directory name, its codes the key it is merged by, and its update time the next run's
// position, so a record that fails stops the operation (nothing of this run's E8 is written, the position does not
// move).
import { checkKeys, toRow, ValueFitError } from './cells.js';
import { SINCE_FORM } from './manifest.js';
import type { Spool } from './spools.js';
import { type Reader, updatesSince } from './target.js';

export const readUpdates: Reader = async (run, client, store, options, tally) => {
  const { target, entry, columns } = run;
  if (target.sync.kind !== 'updates') return;
  const { sinceParam, dateField, updatedField, keys } = target.sync;
  const path = target.operation.meta.path;
  const pagination = target.operation.meta.pagination;
  if (!pagination) throw new Error(`${path} is not paged`);
  const since = updatesSince(run);
  const spools = new Map<string, Spool>();
  let newest = since;
  // The date is the partition's name, not a column of the file.
  const fileColumns = columns.filter((c) => c.name !== dateField);
  try {
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
      tally.pages++;
      tally.records += page.items.length;
      if (page.totalElements !== undefined) tally.recordsTotal = page.totalElements;
      const byDate = new Map<string, Record<string, unknown>[]>();
      for (const record of page.items) {
        const row = toRow(record, columns, '', tally.unknownFields);
        checkKeys(row, columns, keys);
        const date = row[dateField];
        if (typeof date !== 'string') throw new ValueFitError(dateField, date, { kind: 'date' }, 'no date');
        // Every record read counts, kept or not: the next run starts after all of them.
        const updated = sinceForm((record as Record<string, unknown>)[updatedField]);
        if (updated > newest) newest = updated;
        if (date < run.from || date > run.to) continue;
        delete row[dateField];
        const list = byDate.get(date);
        if (list) list.push(row);
        else byDate.set(date, [row]);
      }
      for (const [date, rows] of byDate) {
        let spool = spools.get(date);
        if (!spool) {
          spool = store.spool(`${target.operationId}-${date}`);
          spools.set(date, spool);
        }
        spool.add(rows);
      }
      options.onRead?.(tally);
    }
  } catch (error) {
    for (const spool of spools.values()) spool.remove();
    throw error;
  }
  const readAt = run.now();
  for (const date of [...spools.keys()].sort()) {
    const spool = spools.get(date) as Spool;
    tally.rows += await store.commit(target.operationId, entry, date, spool, fileColumns, {
      final: false,
      readAt,
      keys,
    });
    tally.partitions++;
    options.onPartition();
  }
  // Only now: a kill before this line reads the same updates again, and the keyed merge makes that harmless.
  // What the copy now holds every update of: this window (records of other dates seen now were not kept). Never
  // later than this run's own clock: a record stamped in the future must not make later runs skip what comes.
  const clock = brasiliaWallClock(readAt);
  entry.updates = { from: run.from, to: run.to, since: [newest, clock].sort()[0] as string };
  store.manifest.operations[target.operationId] = entry;
};

/** A checked `data_atualizacao` (`YYYY-MM-DD HH:MM:SS.SSS`, Brasília time) in the form `since` is sent in. */
function sinceForm(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(' ', 'T') : '';
  return SINCE_FORM.test(text) ? text : '';
}

/** `now` as Brasília wall-clock time (-03:00 all year since 2019), in the form `since` is sent in. */
export function brasiliaWallClock(now: number): string {
  return new Date(now - 3 * 3600_000).toISOString().slice(0, 23);
}
