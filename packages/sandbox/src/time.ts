// The sandbox's clock and what it implies: today in Brasília, the latest day or month each operation has
// published (x-release-schedule: frequency, time, and the rule's business-day wording).
import {
  addBusinessDays,
  businessDayOnOrAfter,
  fromDayNumber,
  isBusinessDay,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from './calendar.js';
import type { ReleaseSchedule } from './spec-reader/operations.js';

/** Milliseconds since the epoch, like Date.now. */
export type Clock = () => number;

/** Brasília is UTC−3 all year (no daylight saving since 2019). */
const BRASILIA_OFFSET_MS = -3 * 3600_000;

/** The first day with market data (document 3) and the earliest date any daily query answers. */
export const DATA_START = '2012-01-02';

export interface Now {
  /** Wall-clock Brasília time as if it were UTC (ms). */
  localMs: number;
  today: string;
  /** Minutes since midnight, Brasília. */
  minutes: number;
}

export function nowIn(clock: Clock): Now {
  const localMs = clock() + BRASILIA_OFFSET_MS;
  const day = Math.floor(localMs / 86_400_000);
  return { localMs, today: fromDayNumber(day), minutes: Math.floor((localMs - day * 86_400_000) / 60_000) };
}

/** The last business day strictly before today: the newest day with fund series and registry updates. */
export function lastClosedBusinessDay(now: Now): string {
  return previousBusinessDay(now.today);
}

function minutesOf(time: string | undefined): number {
  const m = time ? /^(\d{1,2}):(\d{2})/.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

export interface Month {
  year: number;
  month: number;
}

export function monthKey(m: Month): number {
  return m.year * 12 + (m.month - 1);
}

export function monthOfKey(k: number): Month {
  return { year: Math.floor(k / 12), month: (k % 12) + 1 };
}

export function monthOfDate(date: string): Month {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** When and how often an operation publishes, read from its x-release-schedule. */
export class Release {
  readonly minutes: number;
  readonly frequency: string;
  /** Months that have a publication (quarterly portfolios); all months otherwise. */
  readonly months: number[];
  private readonly rule: string;

  constructor(schedule: ReleaseSchedule | undefined) {
    this.frequency = schedule?.frequency ?? 'daily';
    this.minutes = minutesOf(schedule?.time);
    this.rule = (schedule?.rule ?? '').toLowerCase();
    const named = monthNames.map((name, i) => (this.rule.includes(name) ? i + 1 : 0)).filter((m) => m > 0);
    this.months =
      this.frequency === 'quarterly' && named.length > 0 ? named : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  }

  get monthly(): boolean {
    return (
      this.frequency === 'monthly' || this.frequency === 'quarterly' || this.frequency === 'on-publication'
    );
  }

  /** Whether the data of a day is out by `now` (business day, not before DATA_START, release time passed). */
  dayAvailable(date: string, now: Now): boolean {
    if (date < DATA_START || date > now.today || !isBusinessDay(date)) return false;
    return date < now.today || now.minutes >= this.minutes;
  }

  /** Whether something released on `day` (from the schedule's time) is out by `now`. */
  releasedBy(day: string, now: Now): boolean {
    return day < now.today || (day === now.today && now.minutes >= this.minutes);
  }

  /** The newest day with data. */
  latestDay(now: Now): string {
    if (isBusinessDay(now.today) && now.minutes >= this.minutes) return now.today;
    return previousBusinessDay(now.today);
  }

  /**
   * The day a month's data is published, from the rule's wording ("2nd business day", "second-to-last business
   * day", "day 15 or next business day", "two business days before day 15", …); the earliest when it names
   * several, the first business day when it names none.
   */
  publicationDay(m: Month): string {
    const candidates: string[] = [];
    const nth = (n: number) => {
      try {
        candidates.push(nthBusinessDayOfMonth(m.year, m.month, n));
      } catch {
        /* a month with fewer business days: ignore */
      }
    };
    for (const match of this.rule.matchAll(/(\d+)(?:st|nd|rd|th) business day/g)) nth(Number(match[1]));
    if (/\bfirst business day/.test(this.rule)) nth(1);
    if (/second-to-last business day|penultimate business day/.test(this.rule)) nth(-2);
    if (/(^|[^-])last business day/.test(this.rule) && !/second-to-last|penultimate/.test(this.rule)) nth(-1);
    const day15 = businessDayOnOrAfter(`${m.year}-${String(m.month).padStart(2, '0')}-15`);
    if (/two business days before day 15/.test(this.rule)) candidates.push(addBusinessDays(day15, -2));
    else if (/day 15/.test(this.rule)) candidates.push(day15);
    if (candidates.length === 0) nth(1);
    return candidates.sort()[0] as string;
  }

  /** The publication month in force for a month (quarterly portfolios: the last quarter month at or before it). */
  periodOf(m: Month): Month {
    let k = monthKey(m);
    for (let i = 0; i < 12 && !this.months.includes(monthOfKey(k).month); i++) k--;
    return monthOfKey(k);
  }

  monthAvailable(m: Month, now: Now): boolean {
    const period = this.periodOf(m);
    if (monthKey(period) < monthKey(monthOfDate(DATA_START))) return false;
    const day = this.publicationDay(period);
    if (day > now.today) return false;
    return day < now.today || now.minutes >= this.minutes;
  }

  /** The newest month with data. */
  latestMonth(now: Now): Month {
    let k = monthKey(monthOfDate(now.today));
    for (let i = 0; i < 24; i++, k--)
      if (this.monthAvailable(monthOfKey(k), now)) return this.periodOf(monthOfKey(k));
    return monthOfDate(DATA_START);
  }
}

/** The later of two YYYY-MM-DD dates. */
export function laterDate(a: string, b: string): string {
  if (a >= b) return a;
  return b;
}

/** The earlier of two YYYY-MM-DD dates. */
export function earlierDate(a: string, b: string): string {
  if (a <= b) return a;
  return b;
}

export function dayNumber(date: string): number {
  return toDayNumber(date);
}
