// The manifest checked against the files it names, when a run starts: a part file that is missing, or whose size
// is not the one recorded when it was written (cut short, replaced, a disk that lost it), makes its partition
// unread again, so this run reads it back instead of leaving the copy short while reporting it complete.
// E8's partitions are kept by updates since a position: a lost one also drops the position, so E8 reads from its
// window's start again (the keyed merge makes the records read twice harmless).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from './dataset.js';
import type { Manifest } from './manifest.js';

/** Drops from `manifest` each partition whose file is not as recorded; returns a note per partition dropped. */
export function forgetMissingFiles(dataset: Dataset, manifest: Manifest): string[] {
  const notes: string[] = [];
  for (const [operationId, entry] of Object.entries(manifest.operations)) {
    let lost = false;
    for (const [value, partition] of Object.entries(entry.partitions)) {
      if (!partition.file) continue;
      const path = join(dataset.partitionDir(operationId, entry.partitionColumn, value), partition.file);
      const size = sizeOf(path);
      const problem =
        size === undefined
          ? 'is missing'
          : partition.bytes !== undefined && size !== partition.bytes
            ? `has ${size} bytes, not the ${partition.bytes} written`
            : undefined;
      if (!problem) continue;
      delete entry.partitions[value];
      lost = true;
      notes.push(
        `${operationId}/${entry.partitionColumn}=${value}/${partition.file} ${problem}: read again.`,
      );
    }
    if (lost && entry.updates) {
      delete entry.updates;
      notes.push(`${operationId}: read again from its window's start, for the partitions above.`);
    }
  }
  return notes;
}

function sizeOf(path: string): number | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}
