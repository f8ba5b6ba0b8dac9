// @ts-check
// feed/success-example: every 2xx response's `application/json` media type has `example` or a non-empty
// `examples` (the mock answers with it, the docs show it; CONVENTIONS.md "Operations" and "Examples").
import { deref, isObject, operationTracker } from '../util.js';

/** @type {import('../util.js').Rule} */
export function SuccessExample() {
  const tracker = operationTracker();
  return {
    ...tracker.visitor,
    Operation: {
      enter(operation, ctx) {
        if (!isObject(operation.responses)) return;
        const op = tracker.label(ctx);
        for (const [status, raw] of Object.entries(operation.responses)) {
          if (!/^2(\d\d|XX)$/i.test(status)) continue;
          const response = deref(ctx, raw, ctx.location.child(['responses', status]));
          if (!response || !isObject(response.node) || !isObject(response.node.content)) continue;
          const mediaType = deref(
            ctx,
            response.node.content['application/json'],
            response.location.child(['content', 'application/json']),
          );
          if (!mediaType || !isObject(mediaType.node)) continue;
          const { example, examples } = mediaType.node;
          if (example !== undefined) continue;
          if (isObject(examples) && Object.keys(examples).length > 0) continue;
          const emptyMap = examples !== undefined;
          ctx.report({
            message:
              `Response ${status} of operation ${op} has ${emptyMap ? 'an empty `examples` map' : 'no example'} ` +
              'for `application/json`. Add a named, realistic entry under `examples` (e.g. `examples: { firstPage: ' +
              '{ summary: …, value: … } }`) that validates against the schema: the mock answers with it and the ' +
              'docs show it.',
            location: emptyMap ? mediaType.location.child(['examples']) : mediaType.location.key(),
          });
        }
      },
    },
  };
}
