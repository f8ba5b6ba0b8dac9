// Values at the full documented scale. The service stores quota values as Decimal(33,17), index weights as
// Num(19,16), quantities as Num(19,0), and sends every digit; a double keeps ~15-17 significant digits. For a
// seeded share of the values of every field documented with more than 15 significant digits, the sandbox sends
// such values, so clients and the command line meet the digits a double loses. They are written as raw digits
// into the JSON text (core's stringifyLossless in sendJson), never as a JSON string.
import { rawNumber } from '@assoc-feed/core/internal';
import { hashString, mix, Rng } from '../rng.js';

/** One value in FULL_SCALE_EVERY is sent at full scale (by a seeded hash of the value's key). */
export const FULL_SCALE_EVERY = 4;

/** Decimals of the double kept before the seeded ones: a double holds these exactly. */
const KEPT_DECIMALS = 6;

/** Significant digits a double always keeps. */
const DOUBLE_DIGITS = 15;

interface DecimalNotation {
  precision?: number;
  scale?: number;
}

/**
 * The double's own decimal digits cut (not rounded) at `decimals`: the digits a full-scale value continues, so a
 * field of fewer decimals showing the same figure (an index's quota of a fund, v1's `Decimal(17)`) shows its
 * first digits, whether or not that value is sent at full scale.
 */
export function decimalsOf(value: number, decimals: number): string {
  const text = String(value);
  if (/e/i.test(text)) return value.toFixed(decimals);
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return decimals === 0 ? whole : `${whole}.${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
}

/**
 * For a field's `x-decimal`: a function giving the value sent (a raw-number marker at full scale for a seeded
 * share, else the value), or undefined when the field fits a double.
 *
 * A decimal's extra digits are seeded by the value itself, never by the record that shows it: the same quota of a
 * class on a day, shown by E8, the single-fund series and a v1 detail, gets the same digits in each (a field of
 * fewer digits, as v1's `Decimal(17)`, shows the first of them). The extra digits are 1–9, so every cut of them
 * ends in a significant digit.
 *
 * `identifier`: a generated whole number that names something (an operation number), which then gets every digit
 * for a seeded share by `key`. Counts, quantities and durations keep their magnitude: a 19-digit duration is no
 * duration.
 */
export function fullScaleFor(
  decimal: DecimalNotation,
  integer: boolean,
): ((value: number, key: number, identifier: boolean) => number | string) | undefined {
  const precision = decimal.precision ?? 0;
  if (precision <= DOUBLE_DIGITS) return undefined;
  const scale = integer ? 0 : decimal.scale;
  return (value, key, identifier) => {
    if (!Number.isFinite(value)) return value;
    if (scale === 0) {
      if (!identifier || mix(key, 41) % FULL_SCALE_EVERY !== 0) return value;
      const rng = new Rng(mix(key, 43));
      let text = String(1 + (rng.u32() % 8));
      for (let i = 1; i < precision; i++)
        text += String(i === precision - 1 ? 1 + (rng.u32() % 9) : rng.u32() % 10);
      return rawNumber(text);
    }
    // A figure the world rounded to fewer decimals than a double keeps (a projected change of 0.13, a fee of
    // 1.25 %, a zero-coupon bond's duration of 89 business days) is a figure of those decimals: seeded digits
    // after it would be noise the service never sends.
    if ((String(value).split('.')[1]?.length ?? 0) < KEPT_DECIMALS) return value;
    const own = hashString(String(value));
    if (mix(own, 41) % FULL_SCALE_EVERY !== 0) return value;
    // Scale not documented: as many decimals as the precision leaves.
    const whole = Math.trunc(Math.abs(value)).toString().length;
    const decimals = Math.max(1, scale ?? precision - whole);
    if (whole + decimals > precision) return value;
    const kept = Math.min(decimals, KEPT_DECIMALS);
    const rng = new Rng(mix(own, 43));
    let text = decimalsOf(value, kept);
    for (let i = kept; i < decimals; i++) text += String(1 + (rng.u32() % 9));
    return rawNumber(text);
  };
}
