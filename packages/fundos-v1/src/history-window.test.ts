import { addDays } from '@assoc-feed/core/internal/calendar';
import { describe, expect, it } from 'vitest';
import { type HistoryRange, planHistoryWindows, resolveHistoryRange } from './history-window.js';

describe('resolveHistoryRange: the five V7 date rules', () => {
  const today = '2026-11-19';
  it.each([
    ['no dates: the last five years', {}, { start: '2021-11-19', end: '2026-11-19' }],
    [
      'start after end: swapped',
      { 'data-inicio': '2024-06-30', 'data-fim': '2023-01-02' },
      { start: '2023-01-02', end: '2024-06-30' },
    ],
    [
      'only an end: start one year before',
      { 'data-fim': '2025-03-15' },
      { start: '2024-03-15', end: '2025-03-15' },
    ],
    [
      'only a start: end five years after',
      { 'data-inicio': '2019-07-01' },
      { start: '2019-07-01', end: '2024-07-01' },
    ],
    [
      'both, in order: as sent',
      { 'data-inicio': '2020-01-01', 'data-fim': '2020-12-31' },
      { start: '2020-01-01', end: '2020-12-31' },
    ],
    [
      'only an end on a leap day: Feb 28 a year before',
      { 'data-fim': '2024-02-29' },
      { start: '2023-02-28', end: '2024-02-29' },
    ],
    [
      'only a start on a leap day: Feb 28 five years after',
      { 'data-inicio': '2020-02-29' },
      { start: '2020-02-29', end: '2025-02-28' },
    ],
  ])('%s', (_name, sent, expected) => {
    expect(resolveHistoryRange(sent, today)).toEqual(expected);
  });

  it.each(['2023-02-29', '2024-13-01', '24-01-01'])(
    'rejects the impossible date %s, naming the format',
    (bad) => {
      expect(() => resolveHistoryRange({ 'data-inicio': bad }, today)).toThrow(/YYYY-MM-DD/);
    },
  );
});

function days(windows: HistoryRange[]): string[] {
  const out: string[] = [];
  for (const w of windows) for (let d = w.start; d <= w.end; d = addDays(d, 1)) out.push(d);
  return out;
}

describe('planHistoryWindows: consecutive windows of at most five years', () => {
  it('splits a 12-year range into three windows with no day missing or repeated', () => {
    const windows = planHistoryWindows({ start: '2014-01-01', end: '2025-12-31' });
    expect(windows).toEqual([
      { start: '2014-01-01', end: '2018-12-31' },
      { start: '2019-01-01', end: '2023-12-31' },
      { start: '2024-01-01', end: '2025-12-31' },
    ]);
    const covered = days(windows);
    expect(new Set(covered).size).toBe(covered.length);
    expect(covered[0]).toBe('2014-01-01');
    expect(covered.at(-1)).toBe('2025-12-31');
    expect(covered.length).toBe(4383); // 12 years, three of them leap years
  });

  it.each([
    ['a single day', { start: '2024-02-29', end: '2024-02-29' }, 1],
    ['exactly five years', { start: '2020-01-01', end: '2024-12-31' }, 1],
    ['five years and a day', { start: '2020-01-01', end: '2025-01-01' }, 2],
    ['reversed order', { start: '2025-12-31', end: '2014-01-01' }, 3],
    ['a start on a leap day', { start: '2016-02-29', end: '2031-03-01' }, 4],
  ])('%s → %i window(s), each at most five years, seams touching', (_name, range, count) => {
    const windows = planHistoryWindows(range);
    expect(windows).toHaveLength(count);
    for (const [i, w] of windows.entries()) {
      expect(w.start <= w.end).toBe(true);
      expect(resolveHistoryRange({ 'data-inicio': w.start }).end >= w.end).toBe(true);
      const next = windows[i + 1];
      if (next) expect(next.start).toBe(addDays(w.end, 1));
    }
  });
});
