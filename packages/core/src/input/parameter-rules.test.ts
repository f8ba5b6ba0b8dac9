import { describe, expect, it } from 'vitest';
import {
  dateProblem,
  itemsBreak,
  partialGroups,
  type RuleSchema,
  typedValue,
  valueBreak,
} from './parameter-rules.js';

describe('typedValue: what a parameter of each type carries, from what was sent', () => {
  it.each([
    ['integer', 7, { value: 7 }],
    ['integer', '007', { value: 7 }],
    ['integer', '7.5', { rule: 'type', type: 'integer' }],
    ['integer', 7.5, { rule: 'type', type: 'integer' }],
    ['integer', '12345678901234567', { rule: 'type', type: 'integer' }],
    // ASCII digits only, whatever a regex dialect calls a digit.
    ['integer', '١٢', { rule: 'type', type: 'integer' }],
    ['number', '-1.25', { value: -1.25 }],
    ['number', 'NaN', { rule: 'type', type: 'number' }],
    ['boolean', 'true', { value: true }],
    ['boolean', false, { value: false }],
    ['boolean', 'yes', { rule: 'type', type: 'boolean' }],
    ['string', 2026, { value: '2026' }],
    [undefined, 'F0000100007', { value: 'F0000100007' }],
    ['string', {}, { rule: 'type', type: 'string' }],
  ] as const)('%s given %j', (type, sent, expected) => {
    expect(typedValue(type, sent)).toEqual(expected);
  });
});

describe('valueBreak: the first rule a typed value breaks', () => {
  const code: RuleSchema = { type: 'string', pattern: '^[FCS][0-9]{10}$', minLength: 11, maxLength: 11 };
  it.each<[string, RuleSchema, unknown, unknown]>([
    ['a code of the right form', code, 'F0000100007', undefined],
    [
      'a code of the wrong form: the pattern before the length',
      code,
      'F12',
      { rule: 'pattern', pattern: code.pattern },
    ],
    ['a code in other digits', code, 'F١٢٣٤٥٦٧٨٩٠١', { rule: 'pattern', pattern: code.pattern }],
    ['text too long', { maxLength: 2 }, 'abc', { rule: 'maxLength', limit: 2, length: 3 }],
    ['an astral character counts once', { maxLength: 1 }, '😀', undefined],
    ['an enum of text', { enum: ['FIF', 'FIDC'] }, 'FII', { rule: 'enum', values: ['FIF', 'FIDC'] }],
    ['an enum of numbers read from text', { enum: [1, 2] }, 2, undefined],
    ['a const', { const: 'x' }, 'y', { rule: 'const', value: 'x' }],
    ['a maximum', { maximum: 1000 }, 1001, { rule: 'maximum', limit: 1000, value: 1001 }],
    ['a minimum', { minimum: 1 }, 0, { rule: 'minimum', limit: 1, value: 0 }],
    [
      'an exclusive maximum',
      { exclusiveMaximum: 10 },
      10,
      { rule: 'exclusiveMaximum', limit: 10, value: 10 },
    ],
    [
      'a date',
      { format: 'date' },
      '2026-02-29',
      { rule: 'format', format: 'date', problem: '2026-02 has 28 days' },
    ],
    ['a date the calendar may not cover is still a date', { format: 'date' }, '0001-01-01', undefined],
  ])('%s', (_, schema, value, expected) => {
    expect(valueBreak(schema, value)).toEqual(expected);
  });
});

describe('list sizes, groups sent together, dates', () => {
  it('itemsBreak: minItems and maxItems', () => {
    expect(itemsBreak({ minItems: 1, maxItems: 2 }, 0)).toEqual({ rule: 'minItems', limit: 1, count: 0 });
    expect(itemsBreak({ minItems: 1, maxItems: 2 }, 3)).toEqual({ rule: 'maxItems', limit: 2, count: 3 });
    expect(itemsBreak({ minItems: 1, maxItems: 2 }, 2)).toBeUndefined();
  });

  it.each([
    [[], []],
    [['mes', 'ano'], []],
    [['mes'], [{ group: ['mes', 'ano'], sent: ['mes'], missing: ['ano'] }]],
  ])('partialGroups with %j sent', (sent, expected) => {
    expect(partialGroups([['mes', 'ano']], (name) => sent.includes(name))).toEqual(expected);
  });

  it.each([
    ['2024-02-29', undefined],
    ['2100-02-29', '2100-02 has 28 days'],
    ['2026-13-01', 'there is no month 13'],
    ['26-01-01', 'not in the form YYYY-MM-DD'],
  ])('dateProblem(%s)', (text, expected) => {
    expect(dateProblem(text)).toBe(expected);
  });
});
