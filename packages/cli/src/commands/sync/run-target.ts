// Reading one operation into its partitions, by its kind (scope.ts): a document 3 operation one request per
// business day or month that is released and not yet final (read-dated.ts); E8 every record updated since the last
// run, merged by key into its `data_competencia` partition (read-updates.ts); E1, E3, E7 the whole list once a day
// (read-snapshot.ts).
import type { LooseClient } from '@assoc-feed/core/internal';
import type { PartitionStore } from './partition-store.js';
import { readDated } from './read-dated.js';
import { readSnapshot } from './read-snapshot.js';
import { readUpdates } from './read-updates.js';
import { newTally, type Reader, type ReadOptions, type TargetRun, type TargetTally } from './target.js';

export async function runTarget(
  run: TargetRun,
  client: LooseClient,
  store: PartitionStore,
  options: ReadOptions,
): Promise<TargetTally> {
  const tally = newTally();
  const read: Reader =
    run.target.sync.kind === 'dated'
      ? readDated
      : run.target.sync.kind === 'snapshot'
        ? readSnapshot
        : readUpdates;
  await read(run, client, store, options, tally);
  await store.save();
  return tally;
}
