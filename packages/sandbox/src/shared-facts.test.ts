// Every shared fact of the table (test-support/shared-facts.ts) over the seeded world: seed 1, the first 300 funds,
// on Monday 2026-11-23 at noon in Brasília, on three business days of different months and portfolio periods.
import { beforeAll, describe, expect, it } from 'vitest';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';
import { Reader, SHARED_FACTS } from './test-support/shared-facts.js';

const LATEST = '2026-11-19';
const DAYS = [LATEST, '2026-10-15', '2026-07-01'];

let sandbox: InProcessSandbox;
let read: Reader;
beforeAll(async () => {
  sandbox = startInProcess({ seed: 1, funds: 300, now: () => Date.parse('2026-11-23T12:00:00-03:00') });
  read = new Reader(inProcessFetch(sandbox));
});

describe('a fact two operations state is one figure in both', () => {
  it.each(SHARED_FACTS.map((row) => [row.fact, row] as const))(
    '%s',
    async (_, row) => {
      const found: string[] = [];
      for (const day of DAYS) {
        const mismatches = await row.compare({ read, day, latest: LATEST });
        // The rows that read the last state only (v1 details, E7) compare the same answers (read once) each day.
        if (mismatches.length > 0)
          found.push(`${day}: ${mismatches.length} differ`, ...mismatches.slice(0, 3));
      }
      expect(found, `${row.left}\n  against ${row.right}`).toEqual([]);
    },
    120_000,
  );
});
