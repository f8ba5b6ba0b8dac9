// A document 3 operation: one request per business day or month that is released and not yet final, several in
// flight, committed in date order. An answer without data (404, or an empty list) is recorded as such, final only
// by finality.ts's rule for holes.
import { toFeedError } from '@assoc-feed/core';
import type { Unit } from '../../job/dated-plan.js';
import { runOrdered } from '../../job/ordered.js';
import { toRow } from './cells.js';
import { holeIsFinal, isFinal, partitionValue, settleHoles } from './finality.js';
import { datedUnits, type Reader } from './target.js';

export const readDated: Reader = async (run, client, store, options, tally) => {
  const { target, entry, columns } = run;
  const path = target.operation.meta.path;
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
      // Checked whole before anything is spooled: a record that fails writes nothing of its partition.
      const rows = records.map((r) => toRow(r, columns, '', tally.unknownFields));
      const spool = store.spool(target.operationId);
      try {
        spool.add(rows);
      } catch (error) {
        spool.remove();
        throw error;
      }
      const final =
        rows.length > 0
          ? isFinal(target, unit.period, readAt)
          : holeIsFinal(target, unit.period, entry, readAt);
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
  // A day without data followed, in this run, by a later day with data is final now.
  settleHoles(target, entry, run.now());
};
