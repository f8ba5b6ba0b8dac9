// @ts-check
// feed/operation-complete: every operation has operationId, summary, description, exactly one tag and
// x-document-id (specs/CONVENTIONS.md, "Operations" and "Names").
import { isNonEmptyString, kindOf, operationTracker } from '../util.js';

/** What each required string field is for, said in the message that asks for it. */
const FIELDS = /** @type {const} */ ([
  [
    'operationId',
    (/** @type {string} */ op) =>
      `Operation ${op} has no \`operationId\`. Add a lowerCamelCase id prefixed by its document and unique ` +
      'across the three specs (e.g. `fundosV2ListFunds`, `precosIndicesGetResultadosIma`): clients name their ' +
      'methods after it.',
  ],
  [
    'summary',
    (/** @type {string} */ op) =>
      `Operation ${op} has no \`summary\`. Add a one-line summary (e.g. \`List funds\`): the docs use it as ` +
      "the operation's title.",
  ],
  [
    'description',
    (/** @type {string} */ op) =>
      `Operation ${op} has no \`description\`. Add one that says what the call returns and its limits ` +
      '(paging, periods, release times) in the words of the document.',
  ],
  [
    'x-document-id',
    (/** @type {string} */ op) =>
      `Operation ${op} has no \`x-document-id\`. Add the identifier the document gives it (E1…E8, V1…V7, ` +
      "or 'A/resultados-ima') so docs and tests can name it.",
  ],
]);

/** @type {import('../util.js').Rule} */
export function OperationComplete() {
  const tracker = operationTracker();
  return {
    ...tracker.visitor,
    Operation: {
      enter(operation, ctx) {
        const op = tracker.label(ctx);
        for (const [field, missing] of FIELDS) {
          const value = operation[field];
          if (value === undefined || (typeof value === 'string' && !isNonEmptyString(value))) {
            ctx.report({ message: missing(op), location: ctx.location.key() });
          } else if (typeof value !== 'string') {
            ctx.report({
              message: `\`${field}\` of operation ${op} must be a non-empty string, found ${kindOf(value)}. Write it as text.`,
              location: ctx.location.child([field]),
            });
          }
        }

        const tags = operation.tags;
        if (tags === undefined || (Array.isArray(tags) && tags.length === 0)) {
          ctx.report({
            message:
              `Operation ${op} has no tag. Add \`tags: [<family>]\` with exactly one tag: its resource family, ` +
              'declared with a description in the root `tags` of its openapi.yaml.',
            location: ctx.location.key(),
          });
        } else if (!Array.isArray(tags)) {
          ctx.report({
            message: `\`tags\` of operation ${op} must be a list with one tag name, found ${kindOf(tags)}. Write \`tags: [<family>]\`.`,
            location: ctx.location.child(['tags']),
          });
        } else if (tags.length > 1) {
          ctx.report({
            message:
              `Operation ${op} has ${tags.length} tags (${tags.map((t) => `\`${String(t)}\``).join(', ')}). Keep ` +
              'exactly one, the resource family it belongs to: docs and clients group operations by that tag.',
            location: ctx.location.child(['tags']),
          });
        }
      },
    },
  };
}
