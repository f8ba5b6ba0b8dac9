// @ts-check
// feed/feed-security: every operation states its own `security`. Feed calls use flow A (one requirement with
// both `ClientId` and `AccessToken`); only a token operation may be public (`security: []`), and then its
// description says it is about the token (CONVENTIONS.md "Operations").
import { isObject, kindOf, operationTracker } from '../util.js';

const FLOW_A = '`security: [{ ClientId: [], AccessToken: [] }]`';

/** @type {import('../util.js').Rule} */
export function FeedSecurity() {
  const tracker = operationTracker();
  return {
    ...tracker.visitor,
    Operation: {
      enter(operation, ctx) {
        const op = tracker.label(ctx);
        const security = operation.security;
        const aboutToken = typeof operation.description === 'string' && /token/i.test(operation.description);
        if (security === undefined) {
          ctx.report({
            message:
              `Operation ${op} has no operation-level \`security\`. Add the flow-A requirement, both headers in one ` +
              `entry: ${FLOW_A}. The root \`security\` is not enough: each operation states its own.`,
            location: ctx.location.key(),
          });
        } else if (!Array.isArray(security)) {
          ctx.report({
            message: `\`security\` of operation ${op} must be a list of requirements, found ${kindOf(security)}. Write ${FLOW_A}.`,
            location: ctx.location.child(['security']),
          });
        } else if (security.length === 0 && !aboutToken) {
          ctx.report({
            message:
              `Operation ${op} declares \`security: []\` (callable without credentials) but its description does ` +
              `not say it is a token operation. Give it flow-A security, ${FLOW_A}; only the token request may ` +
              'be public, and its description says so.',
            location: ctx.location.child(['security']),
          });
        } else {
          const open = security.findIndex(
            (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
          );
          if (open !== -1 && !aboutToken) {
            ctx.report({
              message:
                `\`security\` of operation ${op} contains an empty requirement \`{}\`, which lets the call through ` +
                `without credentials. Remove it and keep the flow-A requirement ${FLOW_A}.`,
              location: ctx.location.child(['security', open]),
            });
          }
        }
      },
    },
  };
}
