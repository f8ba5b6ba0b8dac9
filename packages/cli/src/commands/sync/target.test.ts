import { describe, expect, it } from 'vitest';
import type { OperationEntry } from './manifest.js';
import { updatesSince } from './target.js';

const entry = (updates?: OperationEntry['updates']): OperationEntry => ({
  path: '/feed/fundos/v2/fundos/serie-historica/lote',
  partitionColumn: 'data_competencia',
  schema: [],
  partitions: {},
  ...(updates ? { updates } : {}),
});
const last = { from: '2026-11-10', to: '2026-11-12', since: '2026-11-19T08:00:00.000' };

describe('updatesSince: where E8 is read from', () => {
  it.each([
    [
      'a first run: the window start at 00:00',
      undefined,
      '2026-11-10',
      '2026-11-12',
      '2026-11-10T00:00:00.000',
    ],
    ['the same window: the newest update read', last, '2026-11-10', '2026-11-12', '2026-11-19T08:00:00.000'],
    [
      'a narrower window: the newest update read',
      last,
      '2026-11-11',
      '2026-11-12',
      '2026-11-19T08:00:00.000',
    ],
    ['a window starting earlier: its start', last, '2026-11-03', '2026-11-12', '2026-11-03T00:00:00.000'],
    [
      'a window ending later: the day after the last end',
      last,
      '2026-11-10',
      '2026-11-14',
      '2026-11-13T00:00:00.000',
    ],
    [
      'a window ending later, read past that day already: the newest update read',
      { ...last, since: '2026-11-12T20:00:00.000' },
      '2026-11-10',
      '2026-11-14',
      '2026-11-12T20:00:00.000',
    ],
  ])('%s', (_case, updates, from, to, since) => {
    expect(updatesSince({ entry: entry(updates), from, to })).toBe(since);
  });
});
