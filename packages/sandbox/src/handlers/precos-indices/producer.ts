// What every producer of document 3 shares: the record it returns, the day or month asked (resolved by the
// dispatcher in ../precos-indices.ts), and the rounding of published figures.
import type { Month } from '../../time.js';
import type { RequestContext } from '../../world.js';

export type Rec = Record<string, unknown>;

export interface When {
  date: string;
  month: Month;
}

/** Builds the records of one record schema for the day or month asked (one record or a list). */
export type Producer = (ctx: RequestContext, when: When) => Rec[] | Rec;

export function ymd(m: Month, day: number): string {
  return `${m.year}-${String(m.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function round(v: number, scale: number): number {
  return Number(v.toFixed(scale));
}
