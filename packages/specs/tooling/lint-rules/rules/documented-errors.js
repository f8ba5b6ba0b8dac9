// @ts-check
// feed/documented-errors: an operation under flow-A security (one requirement with both `ClientId` and
// `AccessToken`, on the operation or inherited from the root) declares 400, 401, 403 and 404
// (CONVENTIONS.md "Operations").
import { effectiveParameters, hasFlowA, isObject, operationTracker } from '../util.js';

/**
 * @param {boolean} paginated
 * @returns {Array<[string, string, string]>} status, shared response file, when it answers
 */
function expected(paginated) {
  return [
    ['400', 'BadRequest.yaml', 'a parameter breaks its rule'],
    ['401', 'Unauthorized.yaml', 'client_id or access_token is wrong or expired'],
    ['403', 'Forbidden.yaml', 'the token lacks permission for the resource'],
    paginated
      ? ['404', 'PageNotFound.yaml', 'a page number past the last page of the list']
      : ['404', 'NotFound.yaml', 'an unknown code or a date without data'],
  ];
}

/** @type {import('../util.js').Rule} */
export function DocumentedErrors() {
  const tracker = operationTracker();
  /** @type {unknown} */
  let rootSecurity;
  return {
    ...tracker.visitor,
    Root: {
      enter(root) {
        rootSecurity = isObject(root) ? root.security : undefined;
      },
    },
    Operation: {
      enter(operation, ctx) {
        const security = operation.security !== undefined ? operation.security : rootSecurity;
        if (!hasFlowA(security)) return;
        const op = tracker.label(ctx);
        const responses = isObject(operation.responses) ? operation.responses : {};
        const paginated = effectiveParameters(ctx, operation, tracker.current()).some(
          (p) => p.node.in === 'query' && p.node.name === 'page',
        );
        for (const [status, file, when] of expected(paginated)) {
          if (status in responses) continue;
          ctx.report({
            message:
              `Operation ${op} uses flow-A security (ClientId + AccessToken) but does not declare a ${status} ` +
              `response (${when}). Add \`'${status}': { $ref: ../../common/responses/${file} }\` under its \`responses\`.`,
            location: isObject(operation.responses)
              ? ctx.location.child(['responses']).key()
              : ctx.location.key(),
          });
        }
      },
    },
  };
}
