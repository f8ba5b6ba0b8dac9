// The period a dated query covers, by the rules its spec gives in `x-date-window` (document 2's V7: defaults,
// swap). One implementation for the client's window helper and the sandbox, read from the spec by both.
import { addMonths, type IsoDate, toDayNumber } from '../calendar/calendar.js';
import type { DateWindowMeta } from './meta.js';

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/**
 * Applies the rules to the dates sent: none → the default period ending today; only an end → start that many
 * months before it; only a start → end that many months after it; start after end → swapped when the rules
 * say so. Dates that are not YYYY-MM-DD throw a RangeError naming the form. A case the rules leave out throws
 * rather than being guessed.
 */
export function resolveDateWindow(
  rules: DateWindowMeta,
  sent: { start?: IsoDate | undefined; end?: IsoDate | undefined },
  today: IsoDate,
): DateRange {
  const { start, end } = sent;
  if (start !== undefined) toDayNumber(start);
  if (end !== undefined) toDayNumber(end);
  if (start === undefined && end === undefined) {
    return {
      start: addMonths(today, -need(rules.defaultWhenNoDates, 'defaultWhenNoDates').months),
      end: today,
    };
  }
  if (start === undefined) {
    const end_ = end as IsoDate;
    return {
      start: addMonths(end_, -need(rules.startWhenOnlyEnd, 'startWhenOnlyEnd').monthsBeforeEnd),
      end: end_,
    };
  }
  if (end === undefined) {
    return {
      start,
      end: addMonths(start, need(rules.endWhenOnlyStart, 'endWhenOnlyStart').monthsAfterStart),
    };
  }
  return start > end && rules.swapWhenStartAfterEnd ? { start: end, end: start } : { start, end };
}

function need<T>(rule: T | undefined, name: string): T {
  if (rule === undefined)
    throw new Error(`x-date-window gives no ${name} rule: add it to the spec rather than guess it`);
  return rule;
}
