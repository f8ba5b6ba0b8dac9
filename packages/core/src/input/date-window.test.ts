import { describe, expect, it } from 'vitest';
import { addMonths, todayInBrasilia } from '../calendar/calendar.js';
import { resolveDateWindow } from './date-window.js';
import type { DateWindowMeta } from './meta.js';

// The rules of document 2's V7, in the shape the spec's x-date-window gives them.
const v7: DateWindowMeta = {
  start: 'data-inicio',
  end: 'data-fim',
  maxMonths: 60,
  defaultWhenNoDates: { months: 60, endsAt: 'today' },
  swapWhenStartAfterEnd: true,
  startWhenOnlyEnd: { monthsBeforeEnd: 12 },
  endWhenOnlyStart: { monthsAfterStart: 60 },
};
const today = '2026-11-19';

describe('resolveDateWindow', () => {
  it.each([
    ['no dates: the default period ending today', {}, { start: '2021-11-19', end: today }],
    [
      'only an end: start months before it',
      { end: '2024-02-29' },
      { start: '2023-02-28', end: '2024-02-29' },
    ],
    [
      'only a start: end months after it',
      { start: '2020-02-29' },
      { start: '2020-02-29', end: '2025-02-28' },
    ],
    [
      'start after end: swapped',
      { start: '2024-06-30', end: '2023-01-02' },
      { start: '2023-01-02', end: '2024-06-30' },
    ],
    [
      'both in order: as sent',
      { start: '2020-01-01', end: '2020-12-31' },
      { start: '2020-01-01', end: '2020-12-31' },
    ],
  ])('%s', (_, sent, expected) => {
    expect(resolveDateWindow(v7, sent, today)).toEqual(expected);
  });

  it('keeps start after end when the rules do not swap', () => {
    const sent = { start: '2024-06-30', end: '2023-01-02' };
    expect(resolveDateWindow({ ...v7, swapWhenStartAfterEnd: false }, sent, today)).toEqual(sent);
  });

  it('refuses a date that is not YYYY-MM-DD, naming the form', () => {
    expect(() => resolveDateWindow(v7, { start: '2023-02-29' }, today)).toThrow(/YYYY-MM-DD/);
  });

  it('does not guess a case the rules leave out', () => {
    const { startWhenOnlyEnd: _, ...partial } = v7;
    expect(() => resolveDateWindow(partial, { end: '2025-01-01' }, today)).toThrow(/startWhenOnlyEnd/);
  });
});

describe('addMonths', () => {
  it.each([
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2026-01-15', -13, '2024-12-15'],
    // Past the years YYYY-MM-DD can write: the nearest bound, still a date.
    ['9999-12-31', 1, '9999-12-31'],
    ['9999-06-30', 60, '9999-12-31'],
    ['0001-01-31', -1, '0001-01-01'],
    ['0004-03-16', -60, '0001-01-01'],
  ])('%s %+d months → %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => addMonths('2023-02-29', 1)).toThrow(/YYYY-MM-DD/);
  });
});

it('todayInBrasilia: the date in Brasília, not UTC (02:30 UTC is still the evening before there)', () => {
  expect(todayInBrasilia(new Date('2026-11-20T02:30:00Z'))).toBe('2026-11-19');
});
