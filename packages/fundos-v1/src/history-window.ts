// Document 2, V7 (structured-fund daily history): the date rules of one query, and the split of a longer
// range into consecutive queries that each respect them. The rules are the spec's `x-date-window` on V7,
// carried into the generated meta, so a change of the document changes them here too.
import type { DateWindowMeta } from '@assoc-feed/core';
import { resolveDateWindow } from '@assoc-feed/core/internal';
import { addDays, addMonths, toDayNumber, todayInBrasilia } from '@assoc-feed/core/internal/calendar';
import { meta } from './generated/meta.js';

export const V7_PATH = '/feed/fundos/v1/fundos-estruturados/{CNPJ}/serie-historica' as const;

function v7Rules(): DateWindowMeta & { maxMonths: number } {
  const rules = (meta.operations as Record<string, { dateWindow?: DateWindowMeta }>)[`GET ${V7_PATH}`]
    ?.dateWindow;
  if (!rules?.maxMonths) {
    throw new Error(
      `the spec's V7 (${V7_PATH}) lost its x-date-window rules: regenerate after fixing the spec`,
    );
  }
  return { ...rules, maxMonths: rules.maxMonths };
}
const rules = v7Rules();

/** The longest period one V7 query may cover: five years (60 months). */
export const maxHistoryMonths = rules.maxMonths;

export interface HistoryRange {
  /** `data-inicio`, YYYY-MM-DD */
  start: string;
  /** `data-fim`, YYYY-MM-DD */
  end: string;
}

/**
 * The period the service answers for the dates sent, by the document's rules:
 * no dates → the last five years; start after end → swapped; only an end → start one year before it;
 * only a start → end five years after it.
 */
export function resolveHistoryRange(
  sent: { 'data-inicio'?: string | undefined; 'data-fim'?: string | undefined },
  today: string = todayInBrasilia(),
): HistoryRange {
  return resolveDateWindow(
    rules,
    { start: sent[rules.start as 'data-inicio'], end: sent[rules.end as 'data-fim'] },
    today,
  );
}

/**
 * Splits [start, end] (both included, in either order) into consecutive windows of at most five years:
 * each window ends the day before the next begins, so no day is asked twice or skipped at a seam.
 */
export function planHistoryWindows(range: HistoryRange): HistoryRange[] {
  toDayNumber(range.start);
  toDayNumber(range.end);
  const [from, to] = range.start <= range.end ? [range.start, range.end] : [range.end, range.start];
  const windows: HistoryRange[] = [];
  let start = from;
  while (start <= to) {
    const lastAllowed = addDays(addMonths(start, maxHistoryMonths), -1);
    // biome-ignore lint/complexity/useMathMinMax: these are YYYY-MM-DD strings, compared as text; Math.min would turn them into NaN.
    const end = lastAllowed < to ? lastAllowed : to;
    windows.push({ start, end });
    start = addDays(end, 1);
  }
  return windows;
}
