import { rawNumberText } from '@assoc-feed/core/internal';
import { describe, expect, it } from 'vitest';
import { decimalsOf, FULL_SCALE_EVERY, fullScaleFor } from './full-scale.js';

const KEYS = Array.from({ length: 400 }, (_, i) => i * 2654435761);
/** 400 distinct values near `base`, each a double of few digits. */
const near = (base: number) => KEYS.map((_, i) => base + i / 64);

describe('fullScaleFor: values at the documented scale for a seeded share', () => {
  it.each([
    ['a quota Decimal(33,17)', { precision: 33, scale: 17 }, 12.5314159265, 17],
    ['an index weight Num(19,16)', { precision: 19, scale: 16 }, 0.0123314159, 16],
    ['a Decimal(17) without scale (one whole digit)', { precision: 17 }, 3.2531415926, 16],
  ])(
    '%s: about one value in FULL_SCALE_EVERY gets every decimal, the rest stay as they were',
    (_name, rule, base, decimals) => {
      const send = fullScaleFor(rule, false);
      if (!send) throw new Error('expected a full-scale writer');
      const values = near(base);
      const sent = values.map((v, i) => send(v, KEYS[i] as number, false));
      const full = sent
        .map((s, i) => [rawNumberText(s), values[i] as number] as const)
        .filter((pair): pair is readonly [string, number] => pair[0] !== undefined);
      for (const [text, value] of full) {
        expect(text.split('.')[1]).toHaveLength(decimals);
        expect(text.startsWith(decimalsOf(value, 6))).toBe(true);
        expect(text).toMatch(/[1-9]$/);
      }
      expect(sent.filter((v, i) => v === values[i])).toHaveLength(KEYS.length - full.length);
      expect(full.length).toBeGreaterThan(KEYS.length / FULL_SCALE_EVERY / 2);
      expect(full.length).toBeLessThan((KEYS.length / FULL_SCALE_EVERY) * 2);
    },
  );

  it('gives a value the same digits whatever record shows it, and a shorter field the first of them', () => {
    const v2 = fullScaleFor({ precision: 33, scale: 17 }, false);
    const v1 = fullScaleFor({ precision: 17 }, false);
    const values = near(12.40326351);
    const long = values.map((v) => rawNumberText(v2?.(v, 1, false)));
    expect(values.map((v) => rawNumberText(v2?.(v, 99, false)))).toEqual(long);
    const short = values.map((v) => rawNumberText(v1?.(v, 7, false)));
    expect(short.map((s) => s !== undefined)).toEqual(long.map((l) => l !== undefined));
    for (const [i, s] of short.entries()) if (s !== undefined) expect(long[i]?.startsWith(s)).toBe(true);
  });

  it('gives 19 digits to a generated identifier for a seeded share, and leaves counts and durations alone', () => {
    const whole = fullScaleFor({ precision: 19, scale: 0 }, true);
    const ids = KEYS.map((k) => rawNumberText(whole?.(5, k, true))).filter((t) => t !== undefined);
    for (const text of ids) expect(text).toMatch(/^[1-8]\d{17}[1-9]$/);
    expect(ids.length).toBeGreaterThan(KEYS.length / FULL_SCALE_EVERY / 2);
    expect(KEYS.map((k) => whole?.(40, k, false))).toEqual(KEYS.map(() => 40));
  });

  it.each([
    ['of an undocumented scale', { precision: 19 }],
    ['of a documented scale', { precision: 19, scale: 12 }],
  ])('leaves a figure %s the world rounded to few decimals as it is', (_, decimal) => {
    const send = fullScaleFor(decimal, false);
    const rounded = KEYS.map((_, i) => Number((0.13 + i / 100).toFixed(2)));
    expect(KEYS.map((k, i) => send?.(rounded[i] as number, k, false))).toEqual(rounded);
  });

  it('leaves fields a double holds as they are', () => {
    expect(fullScaleFor({ precision: 15, scale: 2 }, false)).toBeUndefined();
  });
});
