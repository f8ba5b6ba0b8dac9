// The date-window rules of an operation (x-date-window; document 2's V7): defaults, swap, and the maximum
// period, applied to the dates sent.
import { daysInMonth } from '../calendar.js';
import type { ParamProblem, ParamValues } from '../http/validate-request.js';
import type { DateWindow } from '../spec/operations.js';

/** Adds calendar months; a day the target month lacks becomes its last day (Mar 31 − 1 month → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = (((m % 12) + 12) % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type WindowResult = { start: string; end: string } | { problem: ParamProblem; message: string };

export function resolveWindow(
  window: DateWindow | undefined,
  params: ParamValues,
  today: string,
): WindowResult {
  const startName = window?.start ?? 'data-inicio';
  const endName = window?.end ?? 'data-fim';
  const sentStart = params[startName] as string | undefined;
  const sentEnd = params[endName] as string | undefined;
  let start: string;
  let end: string;
  if (sentStart === undefined && sentEnd === undefined) {
    end = today;
    start = addMonths(today, -(window?.defaultWhenNoDates?.months ?? window?.maxMonths ?? 60));
  } else if (sentStart === undefined) {
    end = sentEnd as string;
    start = addMonths(end, -(window?.startWhenOnlyEnd?.monthsBeforeEnd ?? 12));
  } else if (sentEnd === undefined) {
    start = sentStart;
    end = addMonths(start, window?.endWhenOnlyStart?.monthsAfterStart ?? window?.maxMonths ?? 60);
  } else if (sentStart > sentEnd && (window?.swapWhenStartAfterEnd ?? true)) {
    start = sentEnd;
    end = sentStart;
  } else {
    start = sentStart;
    end = sentEnd;
  }
  const max = window?.maxMonths;
  if (max !== undefined && end > addMonths(start, max)) {
    const parameter = sentEnd !== undefined ? endName : startName;
    return {
      problem: { parameter, in: 'query', rule: `a period of at most ${max} months` },
      message: `The period from ${start} to ${end} is longer than ${max} months: send consecutive queries of at most ${max} months each.`,
    };
  }
  return { start, end };
}
