// Brazilian business-day calendar, as the financial market's national calendar treats it: weekends and the
// national holidays are not business days. Dates are 'YYYY-MM-DD' strings; all arithmetic is done on UTC day
// numbers, so no time zone can shift a day. No dependencies. Published as `@assoc-feed/core/internal/calendar`
// (for the document clients, the CLI and the sandbox; outside semver like the rest of ./internal).
//
// Holidays: fixed — Jan 1, Apr 21, May 1, Sep 7, Oct 12, Nov 2, Nov 15, Nov 20 (from 2024), Dec 25;
// movable (from Easter) — Carnival Monday and Tuesday, Good Friday, Corpus Christi.

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;

export interface Holiday {
  date: IsoDate;
  name: string;
}

const DAY_MS = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (UTC) of a 'YYYY-MM-DD' date; throws a RangeError naming the fix for anything else. */
export function toDayNumber(date: IsoDate): number {
  const match = typeof date === 'string' ? datePattern.exec(date) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))
      return utcDay(year, month, day);
  }
  throw new RangeError(`"${String(date)}" is not a calendar date: write YYYY-MM-DD, e.g. 2024-02-29`);
}

// Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
function utcDay(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return Math.round(d.getTime() / DAY_MS);
}

/** The 'YYYY-MM-DD' date of a day number (days since 1970-01-01). */
export function fromDayNumber(dayNumber: number): IsoDate {
  const d = new Date(dayNumber * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${day < 10 ? '0' : ''}${day}`;
}

/** Whether the text is a real calendar date in 'YYYY-MM-DD' form (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(text: string): boolean {
  try {
    toDayNumber(text);
    return true;
  } catch {
    return false;
  }
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Adds calendar months; a day the target month lacks becomes its last day (2024-02-29 + 12 months → 2025-02-28).
 * A result outside the years YYYY-MM-DD can write is its nearest bound (0001-01-01 or 9999-12-31), so a period
 * derived from an extreme date stays a date that compares and parses as one.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  toDayNumber(date); // a RangeError naming the form, for anything but a real date
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = Number(date.slice(0, 4)) + Math.floor(m / 12);
  if (year < 1) return '0001-01-01';
  if (year > 9999) return '9999-12-31';
  const month = (((m % 12) + 12) % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** Today's date in Brasília, where the service's dates are kept ("the last five years" end here). */
export function todayInBrasilia(now: Date = new Date()): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}

/** Day of the week: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return weekdayOf(toDayNumber(date));
}

function weekdayOf(dayNumber: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber + 4) % 7) + 7) % 7;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): IsoDate {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) {
    throw new RangeError(`year ${year} is outside the Gregorian calendar this module covers (1583–9999)`);
  }
}

const fixedHolidays: { month: number; day: number; name: string; from?: number }[] = [
  { month: 1, day: 1, name: 'Confraternização Universal' },
  { month: 4, day: 21, name: 'Tiradentes' },
  { month: 5, day: 1, name: 'Dia do Trabalho' },
  { month: 9, day: 7, name: 'Independência do Brasil' },
  { month: 10, day: 12, name: 'Nossa Senhora Aparecida' },
  { month: 11, day: 2, name: 'Finados' },
  { month: 11, day: 15, name: 'Proclamação da República' },
  { month: 11, day: 20, name: 'Dia Nacional de Zumbi e da Consciência Negra', from: 2024 },
  { month: 12, day: 25, name: 'Natal' },
];

const movableHolidays: { offset: number; name: string }[] = [
  { offset: -48, name: 'Carnaval (segunda-feira)' },
  { offset: -47, name: 'Carnaval (terça-feira)' },
  { offset: -2, name: 'Sexta-feira da Paixão' },
  { offset: 60, name: 'Corpus Christi' },
];

const holidayCache = new Map<number, { list: Holiday[]; days: Set<number>; weekdayDays: number[] }>();

function yearHolidays(year: number) {
  let entry = holidayCache.get(year);
  if (entry) return entry;
  checkYear(year);
  const days = new Map<number, string>();
  for (const h of fixedHolidays) {
    if (h.from !== undefined && year < h.from) continue;
    days.set(utcDay(year, h.month, h.day), h.name);
  }
  const easter = toDayNumber(easterSunday(year));
  for (const h of movableHolidays) days.set(easter + h.offset, h.name);
  const sorted = [...days.entries()].sort((a, b) => a[0] - b[0]);
  entry = {
    list: sorted.map(([d, name]) => ({ date: fromDayNumber(d), name })),
    days: new Set(sorted.map(([d]) => d)),
    weekdayDays: sorted.map(([d]) => d).filter((d) => weekdayOf(d) !== 0 && weekdayOf(d) !== 6),
  };
  holidayCache.set(year, entry);
  return entry;
}

function yearOf(dayNumber: number): number {
  return new Date(dayNumber * DAY_MS).getUTCFullYear();
}

/** The national holidays of a year, in date order. */
export function nationalHolidays(year: number): Holiday[] {
  return yearHolidays(year).list.map((h) => ({ ...h }));
}

export function isHoliday(date: IsoDate): boolean {
  const n = toDayNumber(date);
  return yearHolidays(yearOf(n)).days.has(n);
}

export function isWeekend(date: IsoDate): boolean {
  const w = dayOfWeek(date);
  return w === 0 || w === 6;
}

function isBusinessDayNumber(n: number): boolean {
  const w = weekdayOf(n);
  return w !== 0 && w !== 6 && !yearHolidays(yearOf(n)).days.has(n);
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  return isBusinessDayNumber(toDayNumber(date));
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let n = toDayNumber(date) + 1;
  while (!isBusinessDayNumber(n)) n++;
  return fromDayNumber(n);
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate): IsoDate {
  let n = toDayNumber(date) - 1;
  while (!isBusinessDayNumber(n)) n--;
  return fromDayNumber(n);
}

/** `date` itself when it is a business day, otherwise the next one ("following" adjustment). */
export function businessDayOnOrAfter(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/** `date` itself when it is a business day, otherwise the previous one ("preceding" adjustment). */
export function businessDayOnOrBefore(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : previousBusinessDay(date);
}

/**
 * Moves `n` business days from `date`: n > 0 forward, n < 0 backward, n = 0 returns `date` unchanged (even when
 * it is not a business day).
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`addBusinessDays needs a whole number of days, got ${n}`);
  let d = toDayNumber(date);
  const step = n > 0 ? 1 : -1;
  for (let left = Math.abs(n); left > 0; ) {
    d += step;
    if (isBusinessDayNumber(d)) left--;
  }
  return fromDayNumber(d);
}

// Mondays to Fridays in [0, n) counted from day 0 (a Thursday).
function weekdaysBefore(n: number): number {
  const weeks = Math.floor(n / 7);
  let count = weeks * 5;
  for (let d = weeks * 7; d < n; d++) {
    const w = weekdayOf(d);
    if (w !== 0 && w !== 6) count++;
  }
  return count;
}

/**
 * Business days from `from` (included) to `to` (excluded): the market's "du" count between a settlement date and
 * a maturity. Negative when `to` is before `from`; 0 when they are equal.
 */
export function businessDaysBetween(from: IsoDate, to: IsoDate): number {
  const a = toDayNumber(from);
  const b = toDayNumber(to);
  if (b < a) return -businessDaysBetween(to, from);
  let count = weekdaysBefore(b) - weekdaysBefore(a);
  for (let y = yearOf(a); y <= yearOf(b); y++) {
    for (const h of yearHolidays(y).weekdayDays) if (h >= a && h < b) count--;
  }
  return count;
}

/** The business days of a month, in order. */
export function businessDaysOfMonth(year: number, month: number): IsoDate[] {
  checkYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`month must be 1–12, got ${month}`);
  const first = utcDay(year, month, 1);
  const out: IsoDate[] = [];
  for (let d = first; d < first + daysInMonth(year, month); d++)
    if (isBusinessDayNumber(d)) out.push(fromDayNumber(d));
  return out;
}

/**
 * The n-th business day of a month: n = 1 is the first, n = -1 the last, n = -2 the second-to-last. Throws a
 * RangeError when the month has fewer business days.
 */
export function nthBusinessDayOfMonth(year: number, month: number, n: number): IsoDate {
  const days = businessDaysOfMonth(year, month);
  if (!Number.isInteger(n) || n === 0 || Math.abs(n) > days.length) {
    throw new RangeError(
      `${year}-${String(month).padStart(2, '0')} has ${days.length} business days; n=${n} is not one of them`,
    );
  }
  return days[n > 0 ? n - 1 : days.length + n] as IsoDate;
}

export function firstBusinessDayOfMonth(year: number, month: number): IsoDate {
  return nthBusinessDayOfMonth(year, month, 1);
}

export function lastBusinessDayOfMonth(year: number, month: number): IsoDate {
  return nthBusinessDayOfMonth(year, month, -1);
}

/** The business days from `from` to `to`, both included, in order. */
export function businessDaysInRange(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  const end = toDayNumber(to);
  for (let d = toDayNumber(from); d <= end; d++) if (isBusinessDayNumber(d)) out.push(fromDayNumber(d));
  return out;
}
