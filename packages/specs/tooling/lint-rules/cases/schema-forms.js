// @ts-check
// The fixtures of ../schema-forms.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, byLocation, operation } from '../test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos';
/** @param {Record<string, unknown>} schema */
const withSchema = (schema) => ({
  'openapi.yaml': api({ [P]: { get: operation() } }, { components: { schemas: { Fund: schema } } }),
});
const at = (/** @type {string} */ pointer) => `openapi.yaml#/components/schemas/Fund${pointer}`;
const FORMS = 'specs/CONVENTIONS.md "Forms generators read"';
const bool = (/** @type {boolean} */ value) =>
  `A boolean schema (\`${value}\`) here: some code generators cannot read one. Write ` +
  `\`${value ? '{}' : '{ not: {} }'}\` instead (the same meaning as an object; ${FORMS}).`;
const beside = (/** @type {string} */ key, /** @type {string} */ ext, /** @type {number} */ n) =>
  `\`${key}\` beside \`enum\`: the values already fix the length, and a generator that chains both ` +
  `(\`.max(n).enum([...])\`) emits code that does not compile. Keep the document's length as \`${ext}: ${n}\` (${FORMS}).`;

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'object forms, an enum with its length in extensions, exact bounds',
    files: withSchema({
      type: 'object',
      additionalProperties: false,
      properties: {
        flag: { type: 'string', enum: ['S', 'N'], 'x-max-length': 1, 'x-min-length': 1 },
        count: { type: 'integer', minimum: 0, exclusiveMaximum: 10000000000000000000 },
        small: { type: 'integer', maximum: 999999999999999 },
      },
      if: { properties: { flag: { const: 'S' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then`, not a thenable
      then: { properties: { count: {}, small: { not: {} } } },
    }),
    expected: [],
  },
  {
    name: 'boolean subschemas in properties, if/then/else and allOf',
    files: withSchema({
      type: 'object',
      if: true,
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then`, not a thenable
      then: { properties: { a: true, b: false } },
      else: { allOf: [false] },
    }),
    expected: [
      { at: at('/if'), message: bool(true) },
      { at: at('/then/properties/a'), message: bool(true) },
      { at: at('/then/properties/b'), message: bool(false) },
      { at: at('/else/allOf/0'), message: bool(false) },
    ].sort(byLocation),
  },
  {
    name: 'maxLength and minLength beside an enum',
    files: withSchema({ type: 'string', enum: ['S', 'N', 'NA', 'ND'], maxLength: 2, minLength: 1 }),
    expected: [
      { at: at('/maxLength'), message: beside('maxLength', 'x-max-length', 2) },
      { at: at('/minLength'), message: beside('minLength', 'x-min-length', 1) },
    ].sort(byLocation),
  },
  {
    name: 'an inclusive bound past 2^53 (Num(19,0) written as 10^19 - 1)',
    files: {
      ...withSchema({ $ref: 'Num19s0.yaml' }),
      // YAML text: a JavaScript literal would itself round 9999999999999999999 to 10^19.
      'Num19s0.yaml': 'type: integer\nmaximum: 9999999999999999999\nminimum: -9999999999999999999\n',
    },
    expected: [
      {
        at: 'Num19s0.yaml#/maximum',
        message:
          '`maximum: 10000000000000000000` is past 2^53, where a JSON number is a double and 10^n − 1 is read as ' +
          '10^n (a value one digit longer passes). Write the power of ten as an exclusive bound, ' +
          '`exclusiveMaximum: 10000000000000000000` (specs/CONVENTIONS.md "Type notation").',
      },
      {
        at: 'Num19s0.yaml#/minimum',
        message:
          '`minimum: -10000000000000000000` is past 2^53, where a JSON number is a double and 10^n − 1 is read as ' +
          '10^n (a value one digit longer passes). Write the power of ten as an exclusive bound, ' +
          '`exclusiveMinimum: -10000000000000000000` (specs/CONVENTIONS.md "Type notation").',
      },
    ].sort(byLocation),
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['schema-forms'];
export const fixtures = cases;
