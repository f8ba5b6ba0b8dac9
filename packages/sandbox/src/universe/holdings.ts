// An index portfolio's figures from one model: each instrument has one outstanding quantity (a function of the
// seed and the instrument, the same in every index that holds it), so a position's market value is quantity ×
// price, an index's market value the sum of its positions, a weight a share of that sum, and an index's weight in
// its family's general index the share of the general index's market value. Every family that serves an index
// shows the same figures, the general index weighs 100, and a sub-index (a subset of the general index's
// instruments) is worth no more than the general index.
import { key, unit } from '../rng.js';

export interface Holding<T> {
  item: T;
  quantity: number;
  price: number;
  /** Duration of the instrument in business days. */
  duration: number;
}

export interface Positions<T> {
  holdings: (Holding<T> & { value: number; weight: number })[];
  /** Sum of the positions' market values. */
  value: number;
  /** The positions' durations weighted by market value, in business days. */
  duration: number;
}

export function positions<T>(holdings: Holding<T>[]): Positions<T> {
  const values = holdings.map((h) => h.quantity * h.price);
  const value = values.reduce((a, b) => a + b, 0);
  const weighted = holdings.reduce((a, h, i) => a + h.duration * (values[i] as number), 0);
  return {
    holdings: holdings.map((h, i) => ({
      ...h,
      value: values[i] as number,
      weight: value > 0 ? (100 * (values[i] as number)) / value : 0,
    })),
    value,
    duration: value > 0 ? weighted / value : 0,
  };
}

function round(v: number, scale: number): number {
  return Number(v.toFixed(scale));
}

/** An index's weight in its family's general index, in % (the general index itself: 100). */
export function weightIn(general: { value: number }, index: { value: number }, scale = 2): number {
  if (index === general) return 100;
  return general.value > 0 ? round((100 * index.value) / general.value, scale) : 0;
}

/** The outstanding quantity of an instrument: seeded by its identity, between `min` and `max`. */
export function outstanding(seed: number, instrument: string, min: number, max: number): number {
  return min + Math.floor(unit(key(seed, 'outstanding', instrument)) * (max - min));
}
