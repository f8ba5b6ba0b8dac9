import { rawNumberText } from '@assoc-feed/core/internal';
import { describe, expect, it } from 'vitest';
import { FULL_SCALE_EVERY, fullScaleFor } from './full-scale.js';

const KEYS = Array.from({ length: 400 }, (_, i) => i * 2654435761);

describe('fullScaleFor: values at the documented scale for a seeded share', () => {
  it.each([
    ['a quota Decimal(33,17)', { precision: 33, scale: 17 }, false, 12.5, /^12\.5\d{15}[1-9]$/],
    ['an index weight Num(19,16)', { precision: 19, scale: 16 }, false, 0.0123, /^0\.0123\d{11}[1-9]$/],
    ['a Decimal(17) without scale', { precision: 17 }, false, 3.25, /^3\.25\d{13}[1-9]$/],
    ['a generated quantity Num(19,0)', { precision: 19, scale: 0 }, true, 5, /^[1-8]\d{17}[1-9]$/],
  ])(
    '%s: about one value in FULL_SCALE_EVERY gets every digit, the rest stay as they were',
    (_name, rule, integer, value, form) => {
      const send = fullScaleFor(rule, integer);
      if (!send) throw new Error('expected a full-scale writer');
      const sent = KEYS.map((k) => send(value, k, true));
      const full = sent.map(rawNumberText).filter((t): t is string => t !== undefined);
      for (const text of full) expect(text).toMatch(form);
      expect(sent.filter((v) => v === value)).toHaveLength(KEYS.length - full.length);
      expect(full.length).toBeGreaterThan(KEYS.length / FULL_SCALE_EVERY / 2);
      expect(full.length).toBeLessThan((KEYS.length / FULL_SCALE_EVERY) * 2);
    },
  );

  it('leaves fields a double holds, and a handler’s whole numbers, as they are', () => {
    expect(fullScaleFor({ precision: 15, scale: 2 }, false)).toBeUndefined();
    const quantity = fullScaleFor({ precision: 19, scale: 0 }, true);
    expect(KEYS.map((k) => quantity?.(40, k, false))).toEqual(KEYS.map(() => 40));
  });

  it('is deterministic by key', () => {
    const send = fullScaleFor({ precision: 33, scale: 17 }, false);
    expect(KEYS.map((k) => send?.(1.5, k, true))).toEqual(KEYS.map((k) => send?.(1.5, k, true)));
  });
});
