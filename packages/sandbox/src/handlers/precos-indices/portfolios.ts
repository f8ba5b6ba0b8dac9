// Theoretical portfolios of the index families: when each period starts (a rule per family), the period in
// force on a date, the bonds of a period and their weights.
import { businessDayOnOrAfter, nthBusinessDayOfMonth, previousBusinessDay } from '../../calendar.js';
import { mix, unit } from '../../rng.js';
import { type Month, monthKey, monthOfDate, monthOfKey } from '../../time.js';
import type { Bond, IndexDef } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import { type Rec, round, ymd } from './producer.js';

export type StartRule = (m: Month) => string;
export const secondBusinessDay: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 2);
export const firstBusinessDay: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 1);
export const day15: StartRule = (m) => businessDayOnOrAfter(ymd(m, 15));

/** The portfolio period of month m: from its start to the business day before next month's start. */
export function period(m: Month, rule: StartRule): { start: string; end: string } {
  return { start: rule(m), end: previousBusinessDay(rule(monthOfKey(monthKey(m) + 1))) };
}

/** The month whose portfolio is in force on a date. */
export function portfolioMonth(date: string, rule: StartRule): Month {
  const m = monthOfDate(date);
  return date >= rule(m) ? m : monthOfKey(monthKey(m) - 1);
}

/**
 * The month whose release of an index to show: the month asked when it is out by now (none when it is not), or,
 * without `mes`/`ano`, the newest month whose release is out ("the latest published period of all available
 * indices": an index whose release of this month is still to come shows last month's).
 */
export function releasedMonth(
  ctx: RequestContext,
  month: Month,
  releaseDay: (m: Month) => string,
): Month | undefined {
  const release = ctx.world.release(ctx.op);
  if (release.releasedBy(releaseDay(month), ctx.now)) return month;
  if (ctx.params.mes !== undefined) return undefined;
  const previous = monthOfKey(monthKey(month) - 1);
  return release.releasedBy(releaseDay(previous), ctx.now) ? previous : undefined;
}

/** Bonds of an index for a portfolio period: outstanding at its start and maturing after its end. */
export function bondMembers(def: IndexDef, p: { start: string; end: string }): Bond[] {
  return def.members(p.start).filter((b) => b.maturity > p.end);
}

export function weights(count: number, seed: number): number[] {
  const raw = Array.from({ length: count }, (_, i) => 0.5 + unit(mix(seed, i)));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => round((100 * w) / total, 2));
}

/**
 * One object per index with its components in `referencias` (public-client evidence, item 17), from one row per
 * component.
 */
export function byIndex(rows: Rec[]): Rec[] {
  const out = new Map<string, Rec & { referencias: Rec[] }>();
  for (const { indice, data_inicio, data_fim, ...component } of rows) {
    const key = `${String(indice)}|${String(data_inicio)}`;
    let entry = out.get(key);
    if (!entry) {
      entry = { indice, data_inicio, data_fim, referencias: [] };
      out.set(key, entry);
    }
    entry.referencias.push(component);
  }
  return [...out.values()];
}
