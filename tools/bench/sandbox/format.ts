// How the sandbox bench prints its figures: medians with their range, so a reader sees the spread of the rounds.
import { median } from '../measure.ts';

export const mb = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} MB`);

/** The median of per-round ratios with their range: `median× (min–max)`. */
export function ratioSpread(ratios: number[], digits: number): string {
  if (ratios.length === 0) return 'n/a';
  const f = (v: number) => v.toFixed(digits);
  const range = ratios.length > 1 ? ` (${f(Math.min(...ratios))}–${f(Math.max(...ratios))})` : '';
  return `${f(median(ratios))}×${range}`;
}

/** Milliseconds, median and range: `median ms (min–max)`. */
export function msSpread(values: number[]): string {
  const range =
    values.length > 1 ? ` (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})` : '';
  return `${median(values).toFixed(0)} ms${range}`;
}
