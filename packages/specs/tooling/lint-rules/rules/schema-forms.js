// @ts-check
// feed/schema-forms: schemas in the forms every mainstream code generator reads (specs/CONVENTIONS.md
// "Forms generators read"). Each form below is valid JSON Schema 2020-12, but a generator breaks on it:
// - a boolean subschema (`horario: false`): write `{ not: {} }` for "no value", `{}` for "any value";
// - `maxLength`/`minLength` beside `enum` (a generator chains `.max(2).enum([...])`, which does not compile):
//   the enum already says it, so the document's length moves to `x-max-length`/`x-min-length`;
// - an inclusive `maximum`/`minimum` of 2^53 or more: a JSON number of that size is a double, so
//   `9999999999999999999` (Num(19,0)) is read as 10^19 and lets a 20-digit value pass; write the exact
//   power of ten as an exclusive bound (`exclusiveMaximum: 10000000000000000000`).
import { isObject } from '../util.js';

/** Keywords whose value is one subschema (`additionalProperties: false` is left alone: every generator reads it). */
const ONE = ['items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'dependentSchemas'];

/** @type {import('../util.js').Rule} */
export function SchemaForms() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!isObject(schema)) return;
        /** @param {unknown} value @param {Array<string | number>} at */
        const checkBoolean = (value, at) => {
          if (typeof value !== 'boolean') return;
          ctx.report({
            message:
              `A boolean schema (\`${value}\`) here: some code generators cannot read one. Write ` +
              `\`${value ? '{}' : '{ not: {} }'}\` instead (the same meaning as an object; ` +
              'specs/CONVENTIONS.md "Forms generators read").',
            location: ctx.location.child(at),
          });
        };
        for (const key of ONE) checkBoolean(schema[key], [key]);
        for (const key of LIST) {
          if (Array.isArray(schema[key]))
            for (const [i, v] of schema[key].entries()) checkBoolean(v, [key, i]);
        }
        for (const key of MAP) {
          if (isObject(schema[key]))
            for (const [k, v] of Object.entries(schema[key])) checkBoolean(v, [key, k]);
        }

        if (Array.isArray(schema.enum)) {
          for (const key of ['maxLength', 'minLength']) {
            if (!(key in schema)) continue;
            const ext = key === 'maxLength' ? 'x-max-length' : 'x-min-length';
            ctx.report({
              message:
                `\`${key}\` beside \`enum\`: the values already fix the length, and a generator that chains both ` +
                `(\`.max(n).enum([...])\`) emits code that does not compile. Keep the document's length as ` +
                `\`${ext}: ${String(schema[key])}\` (specs/CONVENTIONS.md "Forms generators read").`,
              location: ctx.location.child([key]).key(),
            });
          }
        }

        for (const [key, exclusive] of /** @type {const} */ ([
          ['maximum', 'exclusiveMaximum'],
          ['minimum', 'exclusiveMinimum'],
        ])) {
          const value = schema[key];
          if (typeof value !== 'number' || Math.abs(value) < 2 ** 53) continue;
          ctx.report({
            message:
              `\`${key}: ${value}\` is past 2^53, where a JSON number is a double and 10^n − 1 is read as 10^n ` +
              `(a value one digit longer passes). Write the power of ten as an exclusive bound, ` +
              `\`${exclusive}: ${value < 0 ? '-' : ''}1${'0'.repeat(Math.round(Math.log10(Math.abs(value))))}\` ` +
              '(specs/CONVENTIONS.md "Type notation").',
            location: ctx.location.child([key]),
          });
        }
      },
    },
  };
}
