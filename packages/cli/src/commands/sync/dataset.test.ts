import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { foreignEntries, removeLeftovers } from './dataset.js';
import type { Manifest } from './manifest.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-dataset-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const touch = (...parts: string[]) => {
  mkdirSync(join(dir, ...parts.slice(0, -1)), { recursive: true });
  writeFileSync(join(dir, ...parts), 'x');
};
const ids = new Set(['opA']);
const manifest: Manifest = {
  version: 1,
  writtenBy: 'test',
  operations: {
    opA: {
      path: '/a',
      partitionColumn: 'data',
      schema: [],
      partitions: { '2026-11-18': { file: 'part-2.parquet', rows: 1, final: true, readAt: '' } },
    },
  },
};

describe('foreignEntries: what sync did not write', () => {
  it('accepts its own layout, with or without a manifest', () => {
    touch('opA', 'data=2026-11-18', 'part-1.parquet');
    touch('_tmp', 'opA-x.123.ndjson');
    touch('_sync.json.77.tmp');
    touch('_sync.lock');
    expect(foreignEntries(dir, ids)).toEqual([]);
  });

  it.each([
    // a file, what is reported
    [['notes.txt'], 'notes.txt'],
    [['otherOp', 'data=2026-11-18', 'part-1.parquet'], 'otherOp'],
    [['opA', 'year=2026', 'part-1.parquet'], join('opA', 'year=2026')],
    [['opA', 'data=2026-11-18', 'mine.csv'], join('opA', 'data=2026-11-18', 'mine.csv')],
  ])('refuses %j', (parts, reported) => {
    touch(...parts);
    expect(foreignEntries(dir, ids)).toEqual([reported]);
  });
});

describe('removeLeftovers: what a killed run left', () => {
  it('removes temporaries, part files the manifest does not name, and empty partitions; keeps the named ones', () => {
    touch('opA', 'data=2026-11-18', 'part-2.parquet');
    touch('opA', 'data=2026-11-18', 'part-3.parquet');
    touch('opA', 'data=2026-11-19', 'part-1.parquet');
    touch('_tmp', 'opA-2026-11-19-part-1.parquet.55.tmp');
    touch('_sync.json.55.tmp');
    expect(removeLeftovers(dir, manifest)).toBe(4);
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual([
      'opA',
      join('opA', 'data=2026-11-18'),
      join('opA', 'data=2026-11-18', 'part-2.parquet'),
    ]);
  });
});
