// @ts-check
// feed/decimal-notation: `x-decimal` is `{ precision | binary, scale?, scaleIsMaximum? }` with integer values,
// `scale` ≥ 0 and, with a precision, at most the precision (CONVENTIONS.md "Type notation").
// `scale` may be left out only for `Decimal, size n` (a precision without scale), and then the node says so
// with an `x-inferred`, as the conventions ask for a scale the document does not show.
import { isObject, kindOf } from '../util.js';

const KEYS = ['precision', 'binary', 'scale', 'scaleIsMaximum'];

/**
 * @param {unknown} value
 * @param {number} min
 * @returns {value is number}
 */
function isIntAtLeast(value, min) {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}

/** @type {import('../util.js').Rule} */
export function DecimalNotation() {
  return {
    any: {
      enter(node, ctx) {
        if (!isObject(node) || !('x-decimal' in node)) return;
        const decimal = node['x-decimal'];
        const where = ctx.location.child(['x-decimal']);
        if (!isObject(decimal)) {
          ctx.report({
            message:
              `\`x-decimal\` must be an object, found ${kindOf(decimal)}. Write \`x-decimal: { precision: p, scale: s }\` ` +
              'for Decimal(p,s)/Num(p,s), or `{ binary: 53, scale: d }` for Float(53, d dp).',
            location: where,
          });
          return;
        }

        for (const key of Object.keys(decimal)) {
          if (!KEYS.includes(key)) {
            ctx.report({
              message: `\`x-decimal\` has an unknown key \`${key}\`. Use only ${KEYS.map((k) => `\`${k}\``).join(', ')}.`,
              location: where.child([key]).key(),
            });
          }
        }

        const { precision, binary, scale, scaleIsMaximum } = decimal;
        if (precision === undefined && binary === undefined) {
          ctx.report({
            message:
              '`x-decimal` has neither `precision` nor `binary`. Add `precision: p` (the total digits of ' +
              'Decimal(p,s), Num(p,s), integer(n)) or `binary: 53` (Float(53, d dp)).',
            location: where,
          });
        }
        if (precision !== undefined && binary !== undefined) {
          ctx.report({
            message:
              '`x-decimal` has both `precision` and `binary`. Keep `precision` for a decimal type ' +
              '(Decimal, Num, integer) or `binary` for a binary float (Float(53, d dp)), not both.',
            location: where,
          });
        }
        for (const [key, value] of /** @type {const} */ ([
          ['precision', precision],
          ['binary', binary],
        ])) {
          if (value !== undefined && !isIntAtLeast(value, 1)) {
            ctx.report({
              message: `\`x-decimal.${key}\` must be a whole number of digits (or bits) ≥ 1, found ${kindOf(value)}.`,
              location: where.child([key]),
            });
          }
        }

        if (scale === undefined) {
          if (binary !== undefined) {
            ctx.report({
              message:
                '`x-decimal` with `binary` has no `scale`. Add `scale: d`, the decimal places of Float(53, d dp).',
              location: where,
            });
          } else if (precision !== undefined && !('x-inferred' in node)) {
            ctx.report({
              message:
                '`x-decimal` has no `scale`. Add `scale: s` from the notation (Decimal(p,s), Num(p,s); 0 for ' +
                'integers). If the document shows no scale (`Decimal, size n`), say so in the description and add ' +
                '`x-inferred: { choice, reason }` on this node.',
              location: where,
            });
          }
        } else if (!isIntAtLeast(scale, 0)) {
          ctx.report({
            message: `\`x-decimal.scale\` must be a whole number ≥ 0 (digits after the decimal point), found ${kindOf(scale)}.`,
            location: where.child(['scale']),
          });
        } else {
          if (isIntAtLeast(precision, 1) && scale > precision) {
            ctx.report({
              message:
                `\`x-decimal.scale\` (${scale}) is larger than \`precision\` (${precision}). Decimal(p,s) has s ≤ p: ` +
                'check the notation in the document.',
              location: where.child(['scale']),
            });
          }
          const type = node.type;
          if (
            ctx.type.name === 'Schema' &&
            scale !== 0 &&
            (type === 'integer' ||
              (Array.isArray(type) && type.includes('integer') && !type.includes('number')))
          ) {
            ctx.report({
              message:
                `This schema is \`type: integer\` but \`x-decimal.scale\` is ${scale}. An integer has scale 0: ` +
                'write `scale: 0`, or type it `number` if the document gives decimal places.',
              location: where.child(['scale']),
            });
          }
        }

        if (scaleIsMaximum !== undefined && typeof scaleIsMaximum !== 'boolean') {
          ctx.report({
            message: `\`x-decimal.scaleIsMaximum\` must be true or false, found ${kindOf(scaleIsMaximum)}. Write \`scaleIsMaximum: true\` for Num(p, up to d).`,
            location: where.child(['scaleIsMaximum']),
          });
        }
      },
    },
  };
}
