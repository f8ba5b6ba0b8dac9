// Values at the full documented scale. The service stores quota values as Decimal(33,17), index weights as
// Num(19,16), quantities as Num(19,0), and sends every digit; a double keeps ~15-17 significant digits. For a
// seeded share of the values of every field documented with more than 15 significant digits, the sandbox sends
// such values, so clients and the command line meet the digits a double loses. They are written as raw digits
// into the JSON text (core's stringifyLossless in sendJson), never as a JSON string.
import { rawNumber } from '@assoc-feed/core/internal';
import { mix, Rng } from '../rng.js';

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
 * For a field's `x-decimal`: a function giving the value sent (a raw-number marker at full scale for a seeded
 * share, else the value), or undefined when the field fits a double. `generated`: the value came from the schema,
 * not from a handler (only those whole numbers become 19-digit ones: a handler's count keeps its meaning).
 */
export function fullScaleFor(
  decimal: DecimalNotation,
  integer: boolean,
): ((value: number, key: number, generated: boolean) => number | string) | undefined {
  const precision = decimal.precision ?? 0;
  if (precision <= DOUBLE_DIGITS) return undefined;
  const scale = integer ? 0 : decimal.scale;
  return (value, key, generated) => {
    if (mix(key, 41) % FULL_SCALE_EVERY !== 0 || !Number.isFinite(value)) return value;
    const rng = new Rng(mix(key, 43));
    const digit = (last: boolean) => String(last ? 1 + (rng.u32() % 9) : rng.u32() % 10);
    if (scale === 0) {
      if (!generated) return value;
      let text = String(1 + (rng.u32() % 8));
      for (let i = 1; i < precision; i++) text += digit(i === precision - 1);
      return rawNumber(text);
    }
    // Scale not documented: as many decimals as the precision leaves.
    const whole = Math.trunc(Math.abs(value)).toString().length;
    const decimals = Math.max(1, scale ?? precision - whole);
    if (whole + decimals > precision) return value;
    const kept = Math.min(decimals, KEPT_DECIMALS);
    let text = value.toFixed(kept);
    for (let i = kept; i < decimals; i++) text += digit(i === decimals - 1);
    return rawNumber(text);
  };
}
