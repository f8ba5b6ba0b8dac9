// @ts-check
// The fixtures of ../decimal-notation.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, operation } from '../test-support/lint-fixtures.js';

const AT = 'openapi.yaml#/components/schemas/Value/x-decimal';
const INFERRED = {
  choice: 'No scale is enforced.',
  reason: 'The document gives the size only; the scale is not shown.',
};

/** @param {Record<string, unknown>} schema */
const doc = (schema) => ({
  'openapi.yaml': api({ '/x': { get: operation() } }, { components: { schemas: { Value: schema } } }),
});

const notObject = (/** @type {string} */ found) =>
  `\`x-decimal\` must be an object, found ${found}. Write \`x-decimal: { precision: p, scale: s }\` for ` +
  'Decimal(p,s)/Num(p,s), or `{ binary: 53, scale: d }` for Float(53, d dp).';
const neither =
  '`x-decimal` has neither `precision` nor `binary`. Add `precision: p` (the total digits of Decimal(p,s), ' +
  'Num(p,s), integer(n)) or `binary: 53` (Float(53, d dp)).';
const both =
  '`x-decimal` has both `precision` and `binary`. Keep `precision` for a decimal type (Decimal, Num, integer) or ' +
  '`binary` for a binary float (Float(53, d dp)), not both.';
const badInt = (/** @type {string} */ key, /** @type {string} */ found) =>
  `\`x-decimal.${key}\` must be a whole number of digits (or bits) ≥ 1, found ${found}.`;
const noScale =
  '`x-decimal` has no `scale`. Add `scale: s` from the notation (Decimal(p,s), Num(p,s); 0 for integers). If the ' +
  'document shows no scale (`Decimal, size n`), say so in the description and add `x-inferred: { choice, reason }` ' +
  'on this node.';
const binaryNoScale =
  '`x-decimal` with `binary` has no `scale`. Add `scale: d`, the decimal places of Float(53, d dp).';
const badScale = (/** @type {string} */ found) =>
  `\`x-decimal.scale\` must be a whole number ≥ 0 (digits after the decimal point), found ${found}.`;

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'Decimal(19,2)',
    files: doc({ type: 'number', 'x-decimal': { precision: 19, scale: 2 } }),
    expected: [],
  },
  {
    name: 'integer(5)',
    files: doc({ type: 'integer', maximum: 99999, 'x-decimal': { precision: 5, scale: 0 } }),
    expected: [],
  },
  {
    name: 'Float(53, 8 dp)',
    files: doc({ type: 'number', 'x-decimal': { binary: 53, scale: 8 } }),
    expected: [],
  },
  {
    name: 'Num(15, up to 9)',
    files: doc({ type: 'number', 'x-decimal': { precision: 15, scale: 9, scaleIsMaximum: true } }),
    expected: [],
  },
  {
    name: 'Decimal, size 23 (no scale) with x-inferred',
    files: doc({ type: 'number', 'x-decimal': { precision: 23 }, 'x-inferred': INFERRED }),
    expected: [],
  },
  {
    name: 'scale equal to precision',
    files: doc({ type: ['number', 'null'], 'x-decimal': { precision: 4, scale: 4 } }),
    expected: [],
  },
  {
    name: 'not an object',
    files: doc({ type: 'number', 'x-decimal': '19,2' }),
    expected: [{ at: AT, message: notObject('a string ("19,2")') }],
  },
  {
    name: 'neither precision nor binary',
    files: doc({ type: 'number', 'x-decimal': { scale: 2 } }),
    expected: [{ at: AT, message: neither }],
  },
  {
    name: 'both precision and binary',
    files: doc({ type: 'number', 'x-decimal': { precision: 10, binary: 53, scale: 2 } }),
    expected: [{ at: AT, message: both }],
  },
  {
    name: 'precision not a whole number, scale negative',
    files: doc({ type: 'number', 'x-decimal': { precision: '19', scale: -1 } }),
    expected: [
      { at: `${AT}/precision`, message: badInt('precision', 'a string ("19")') },
      { at: `${AT}/scale`, message: badScale('a number (-1)') },
    ],
  },
  {
    name: 'scale above precision, scale not an integer',
    files: {
      'openapi.yaml': api(
        { '/x': { get: operation() } },
        {
          components: {
            schemas: {
              Value: { type: 'number', 'x-decimal': { precision: 4, scale: 6 } },
              Other: { type: 'number', 'x-decimal': { precision: 4, scale: 1.5 } },
            },
          },
        },
      ),
    },
    expected: [
      {
        at: `${AT}/scale`,
        message:
          '`x-decimal.scale` (6) is larger than `precision` (4). Decimal(p,s) has s ≤ p: check the notation in the document.',
      },
      { at: 'openapi.yaml#/components/schemas/Other/x-decimal/scale', message: badScale('a number (1.5)') },
    ],
  },
  {
    name: 'precision without scale and without x-inferred; binary without scale',
    files: {
      'openapi.yaml': api(
        { '/x': { get: operation() } },
        {
          components: {
            schemas: {
              Value: { type: 'number', 'x-decimal': { precision: 23 } },
              Float: { type: 'number', 'x-decimal': { binary: 53 } },
            },
          },
        },
      ),
    },
    expected: [
      { at: 'openapi.yaml#/components/schemas/Float/x-decimal', message: binaryNoScale },
      { at: AT, message: noScale },
    ],
  },
  {
    name: 'integer with a scale, unknown key, non-boolean scaleIsMaximum, in a referenced property',
    files: {
      'openapi.yaml': api(
        { '/x': { get: operation() } },
        { components: { schemas: { Value: { $ref: 'schemas/Fund.yaml' } } } },
      ),
      'schemas/Fund.yaml': [
        'type: object',
        'properties:',
        '  cotas:',
        '    type: integer',
        '    x-decimal: { precision: 10, scale: 2, scaleIsMaximum: yes, precison: 10 }',
        '',
      ].join('\n'),
    },
    expected: [
      {
        at: 'schemas/Fund.yaml#/properties/cotas/x-decimal/precison',
        message:
          '`x-decimal` has an unknown key `precison`. Use only `precision`, `binary`, `scale`, `scaleIsMaximum`.',
      },
      {
        at: 'schemas/Fund.yaml#/properties/cotas/x-decimal/scale',
        message:
          'This schema is `type: integer` but `x-decimal.scale` is 2. An integer has scale 0: write `scale: 0`, or ' +
          'type it `number` if the document gives decimal places.',
      },
      {
        at: 'schemas/Fund.yaml#/properties/cotas/x-decimal/scaleIsMaximum',
        message:
          '`x-decimal.scaleIsMaximum` must be true or false, found a string ("yes"). Write `scaleIsMaximum: true` for Num(p, up to d).',
      },
    ],
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['decimal-notation'];
export const fixtures = cases;
