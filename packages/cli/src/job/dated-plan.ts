// What a backfill asks, read from the operation's parameters in the spec: one request per business day for
// an operation with one date parameter (`data`), one per month for a month/year pair (`mes`/`ano`,
// `mes-referencia`/`ano-referencia`), and windows for a start/end pair (`data-inicio`/`data-fim`), each as long
// as the operation's x-date-window allows (V7: five years; the single-fund series: twelve months).
// Business days come from core's calendar (weekends and national holidays skipped).
import type { OperationMeta, ParameterMeta } from '@assoc-feed/core';
import {
  addDays,
  addMonths,
  businessDaysInRange,
  daysBetween,
  type Holiday,
  isIsoDate,
  isWeekend,
  nationalHolidays,
} from '@assoc-feed/core/internal/calendar';
import { UsageError } from '../errors.js';

export type BackfillKind =
  | { kind: 'day'; date: string }
  | { kind: 'month'; month: string; year: string }
  | { kind: 'window'; start: string; end: string; maxMonths: number };

export interface Unit {
  /** `2025-03-05`, `2025-03` or `2021-01-01_2025-12-31`: the `_period` of its records and its file name. */
  period: string;
  query: Record<string, string>;
}

export interface BackfillPlan {
  kind: BackfillKind;
  /** What a unit is, plural: for progress and messages. */
  unitName: 'dates' | 'months' | 'windows';
  units: Unit[];
  /** Days of the range that are not requested (daily plans). */
  skipped?: { weekendDays: number; holidays: Holiday[] };
}

const MONTH_PATTERN = '^(0[1-9]|1[0-2])$';
const YEAR_PATTERN = '^[0-9]{4}$';

/** How the operation is backfilled, or undefined when it takes no date, month or period. */
export function backfillKind(op: OperationMeta): BackfillKind | undefined {
  const query = op.parameters.filter((p) => p.in === 'query');
  const dates = query.filter((p) => p.schema.format === 'date');
  if (dates.length === 2) {
    const start = dates.find((p) => /inicio|start|from/i.test(p.name)) ?? (dates[0] as ParameterMeta);
    const end = dates.find((p) => p !== start) as ParameterMeta;
    // The longest period one request may cover (x-date-window); V7's five years when the spec gives none.
    return { kind: 'window', start: start.name, end: end.name, maxMonths: op.dateWindow?.maxMonths ?? 60 };
  }
  if (dates.length === 1) return { kind: 'day', date: (dates[0] as ParameterMeta).name };
  const month = query.find((p) => p.schema.pattern === MONTH_PATTERN);
  const year = query.find((p) => p.schema.pattern === YEAR_PATTERN);
  if (month && year) return { kind: 'month', month: month.name, year: year.name };
  return undefined;
}

/** The names a backfill sets itself (the user may not pass them with --query). */
export function periodParameters(kind: BackfillKind): string[] {
  switch (kind.kind) {
    case 'day':
      return [kind.date];
    case 'month':
      return [kind.month, kind.year];
    case 'window':
      return [kind.start, kind.end];
  }
}

export function planBackfill(kind: BackfillKind, fromText: string, toText: string): BackfillPlan {
  const from = readDate(fromText, '--from', 'start');
  const to = readDate(toText, '--to', 'end');
  if (daysBetween(from, to) < 0) {
    throw new UsageError(`--from ${fromText} is after --to ${toText}: swap them.`);
  }
  switch (kind.kind) {
    case 'day': {
      const days = businessDaysInRange(from, to);
      const holidays = holidaysIn(from, to).filter((h) => !isWeekend(h.date));
      const weekendDays = daysBetween(from, to) + 1 - days.length - holidays.length;
      return {
        kind,
        unitName: 'dates',
        units: days.map((d) => ({ period: d, query: { [kind.date]: d } })),
        skipped: { weekendDays, holidays },
      };
    }
    case 'month': {
      const units: Unit[] = [];
      let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
      const [endY, endM] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
      while (y < endY || (y === endY && m <= endM)) {
        const mm = String(m).padStart(2, '0');
        units.push({ period: `${y}-${mm}`, query: { [kind.month]: mm, [kind.year]: String(y) } });
        [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      }
      return { kind, unitName: 'months', units };
    }
    case 'window':
      return {
        kind,
        unitName: 'windows',
        units: planWindows(from, to, kind.maxMonths).map((w) => ({
          period: `${w.start}_${w.end}`,
          query: { [kind.start]: w.start, [kind.end]: w.end },
        })),
      };
  }
}

/** Consecutive windows of at most `months` months covering from..to, each starting the day after the last. */
export function planWindows(from: string, to: string, months: number): { start: string; end: string }[] {
  const windows: { start: string; end: string }[] = [];
  for (let start = from; start <= to; ) {
    const lastAllowed = addDays(addMonths(start, months), -1);
    const end = lastAllowed < to ? lastAllowed : to;
    windows.push({ start, end });
    start = addDays(end, 1);
  }
  return windows;
}

/** YYYY-MM-DD, or YYYY-MM (the month's first day for a start, its last for an end). */
function readDate(text: string, option: string, side: 'start' | 'end'): string {
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    if (side === 'start') return `${text}-01`;
    const last = new Date(Date.UTC(Number(month[1]), Number(month[2]), 0)).getUTCDate();
    return `${text}-${String(last).padStart(2, '0')}`;
  }
  if (isIsoDate(text)) return text;
  throw new UsageError(
    `${option} ${JSON.stringify(text)} is not a date: write YYYY-MM-DD (e.g. 2025-01-31) or YYYY-MM.`,
  );
}

function holidaysIn(from: string, to: string): Holiday[] {
  const out: Holiday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of nationalHolidays(y)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
