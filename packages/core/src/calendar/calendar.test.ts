import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  businessDaysBetween,
  businessDaysInRange,
  businessDaysOfMonth,
  dayOfWeek,
  easterSunday,
  firstBusinessDayOfMonth,
  fromDayNumber,
  isBusinessDay,
  isHoliday,
  isIsoDate,
  lastBusinessDayOfMonth,
  nationalHolidays,
  nextBusinessDay,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from './calendar.js';

describe('dates', () => {
  it('round-trips day numbers, including leap days and years before 1970', () => {
    for (const d of ['1970-01-01', '2024-02-29', '1999-12-31', '1600-03-01', '0050-06-15', '9999-12-31']) {
      expect(fromDayNumber(toDayNumber(d))).toBe(d);
    }
    expect(toDayNumber('1970-01-02')).toBe(1);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
  });

  it('rejects what is not a calendar date, naming the form', () => {
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '', 'today', '2024-04-31']) {
      expect(isIsoDate(bad)).toBe(false);
      expect(() => toDayNumber(bad)).toThrow(/YYYY-MM-DD/);
    }
  });

  it('knows the day of the week', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0); // Sunday
    expect(dayOfWeek('2024-10-01')).toBe(2); // Tuesday
  });
});

describe('holidays', () => {
  it('computes Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2000)).toBe('2000-04-23');
  });

  it('lists the national holidays of 2026, movable ones from Easter', () => {
    expect(nationalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnival Monday
      '2026-02-17', // Carnival Tuesday
      '2026-04-03', // Good Friday
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('counts Nov 20 as a holiday from 2024 only', () => {
    expect(isHoliday('2023-11-20')).toBe(false);
    expect(isBusinessDay('2023-11-20')).toBe(true); // a Monday
    expect(isHoliday('2024-11-20')).toBe(true);
    expect(isBusinessDay('2024-11-20')).toBe(false);
  });

  it('treats the 2024 movable holidays as non-business days', () => {
    for (const d of ['2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30'])
      expect(isBusinessDay(d)).toBe(false);
    expect(isBusinessDay('2024-02-14')).toBe(true); // Ash Wednesday is a business day for the market
  });
});

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Friday, holiday
    expect(previousBusinessDay('2026-11-23')).toBe('2026-11-19');
    expect(nextBusinessDay('2026-11-19')).toBe('2026-11-23');
    expect(businessDayOnOrBefore('2026-11-22')).toBe('2026-11-19');
    expect(businessDayOnOrAfter('2026-11-22')).toBe('2026-11-23');
    expect(businessDayOnOrAfter('2026-11-23')).toBe('2026-11-23');
  });

  it('has 253 business days in 2024: 262 weekdays less the 9 holidays that fall on one', () => {
    expect(nationalHolidays(2024).filter((h) => dayOfWeek(h.date) % 6 !== 0)).toHaveLength(9);
    expect(businessDaysBetween('2024-01-01', '2025-01-01')).toBe(253);
    expect(businessDaysInRange('2024-01-01', '2024-12-31')).toHaveLength(253);
  });

  it('counts [from, to) and agrees with a day-by-day count over many ranges', () => {
    expect(businessDaysBetween('2026-11-19', '2026-11-23')).toBe(1);
    expect(businessDaysBetween('2026-11-23', '2026-11-19')).toBe(-1);
    expect(businessDaysBetween('2026-11-19', '2026-11-19')).toBe(0);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // The day-by-day count, once: business days before each day of 2015-01-01 .. 2027-06-19 (a running total of
    // isBusinessDay), so each range's reference is a difference instead of a walk of up to 900 days.
    const before = new Map<string, number>();
    let running = 0;
    for (let d = '2015-01-01', i = 0; i <= 4000 + 900; d = addDays(d, 1), i++) {
      before.set(d, running);
      if (isBusinessDay(d)) running++;
    }
    for (let i = 0; i < 200; i++) {
      const from = addDays('2015-01-01', Math.floor(random() * 4000));
      const to = addDays(from, Math.floor(random() * 900));
      const dayByDay = (before.get(to) as number) - (before.get(from) as number);
      expect(businessDaysBetween(from, to)).toBe(dayByDay);
    }
  });

  it('adds business days both ways', () => {
    expect(addBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-23', -1)).toBe('2026-11-19');
    expect(addBusinessDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(businessDaysBetween('2026-01-02', addBusinessDays('2026-01-02', 40))).toBe(40);
  });

  it('finds the n-th business day of a month from either end', () => {
    expect(firstBusinessDayOfMonth(2026, 1)).toBe('2026-01-02');
    expect(nthBusinessDayOfMonth(2026, 11, 2)).toBe('2026-11-04');
    expect(lastBusinessDayOfMonth(2026, 11)).toBe('2026-11-30');
    expect(nthBusinessDayOfMonth(2026, 11, -2)).toBe('2026-11-27');
    expect(nthBusinessDayOfMonth(2026, 2, 1)).toBe('2026-02-02');
    expect(businessDaysOfMonth(2026, 2)).not.toContain('2026-02-16');
    expect(() => nthBusinessDayOfMonth(2026, 11, 40)).toThrow(RangeError);
    expect(() => nthBusinessDayOfMonth(2026, 11, 0)).toThrow(RangeError);
  });
});
