// @ts-check
// feed/inferred-choice-marked: every `x-inferred` is `{ choice, reason }` with both non-empty, and a node whose
// description says "not shown" carries its own `x-inferred` (CONVENTIONS.md, "Not shown": x-inferred).
// `info.description` is exempt: it summarises the API and may mention what the documents leave out.
import { isNonEmptyString, isObject, kindOf } from '../util.js';

/** Node types whose `description` is prose about that node (example payloads are not walked as these). */
const DESCRIBED = new Set([
  'Operation',
  'Parameter',
  'Schema',
  'Response',
  'Header',
  'RequestBody',
  'MediaType',
  'Example',
  'Tag',
  'PathItem',
  'Server',
  'ServerVariable',
  'SecurityScheme',
  'Link',
]);

const NOT_SHOWN = /not\s+shown/i;

const SHAPE =
  'x-inferred: { choice: <what was chosen>, reason: <what the document gives and does not show> }';

/** @type {import('../util.js').Rule} */
export function InferredChoiceMarked() {
  return {
    any: {
      enter(node, ctx) {
        if (!isObject(node)) return;
        const type = ctx.type.name;

        if ('x-inferred' in node) {
          const inferred = node['x-inferred'];
          const where = ctx.location.child(['x-inferred']);
          if (!isObject(inferred)) {
            ctx.report({
              message: `\`x-inferred\` on this ${type} must be an object, found ${kindOf(inferred)}. Write \`${SHAPE}\`.`,
              location: where,
            });
          } else {
            if (!isNonEmptyString(inferred.choice)) {
              ctx.report({
                message:
                  `\`x-inferred\` on this ${type} has no \`choice\`${inferred.choice === undefined ? '' : ` (found ${kindOf(inferred.choice)})`}. ` +
                  'Add `choice:` with one or two sentences saying what was chosen; the docs list every inferred choice by it.',
                location: 'choice' in inferred ? where.child(['choice']) : where.key(),
              });
            }
            if (!isNonEmptyString(inferred.reason)) {
              ctx.report({
                message:
                  `\`x-inferred\` on this ${type} has no \`reason\`${inferred.reason === undefined ? '' : ` (found ${kindOf(inferred.reason)})`}. ` +
                  'Add `reason:` with one or two sentences saying why: what the document gives and what it does not show.',
                location: 'reason' in inferred ? where.child(['reason']) : where.key(),
              });
            }
          }
        }

        if (
          DESCRIBED.has(type) &&
          typeof node.description === 'string' &&
          NOT_SHOWN.test(node.description) &&
          !('x-inferred' in node)
        ) {
          ctx.report({
            message:
              `The description of this ${type} says "not shown" but the ${type} has no \`x-inferred\`. Record the ` +
              `choice made for what the document does not show on this same node: \`${SHAPE}\`.`,
            location: ctx.location.child(['description']),
          });
        }
      },
    },
  };
}
