import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpoolPool } from './spools.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-spools-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SpoolPool: open files stay bounded whatever the number of dates', () => {
  it('50 dates written in turns through a cap of 8 open files: never more than 8 open, every row kept in order', () => {
    const pool = new SpoolPool(8);
    const spools = Array.from({ length: 50 }, (_, i) => pool.spool(join(dir, `d${i}.ndjson.gz`)));
    for (let round = 0; round < 3; round++) {
      for (const [i, spool] of spools.entries()) {
        spool.add([{ date: i, round }]);
        expect(pool.openCount).toBeLessThanOrEqual(8);
      }
    }
    expect(pool.peakOpen).toBe(8);
    for (const spool of spools) spool.close();
    expect(pool.openCount).toBe(0);
    for (const [i, spool] of spools.entries()) {
      const lines = gunzipSync(readFileSync(spool.path))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toEqual([0, 1, 2].map((round) => ({ date: i, round })));
      expect(spool.rows).toBe(3);
    }
  });
});
