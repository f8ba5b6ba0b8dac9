// @ts-check
// feed/paginated-list-limits: a paginated list (a `page` or `size` query parameter) has both parameters with
// their limits, wraps its records in an array `content` (the page envelope) and declares 404
// (CONVENTIONS.md "Paginated lists"). A list paged by cursor (a `cursor` query parameter, E8) takes `size` and
// `cursor` instead of `page`, and has no page to be past, so no 404 is required of it.
import { deref, effectiveParameters, isObject, kindOf, operationTracker } from '../util.js';

const MAX_SIZE = 1000;

/**
 * @param {unknown} type a schema's `type` (a name or, in 3.1, a list of names)
 * @param {string} name
 */
function typeIs(type, name) {
  return type === name || (Array.isArray(type) && type.includes(name));
}

/**
 * Finds property `name` of a schema, looking through `$ref`s and `allOf` members.
 * @param {import('../util.js').Ctx} ctx
 * @param {{ node: any, location: import('../util.js').Location }} schema
 * @param {string} name
 * @param {number} [depth]
 * @returns {{ node: any, location: import('../util.js').Location } | undefined}
 */
function findProperty(ctx, schema, name, depth = 0) {
  if (depth > 16 || !isObject(schema.node)) return undefined;
  if (isObject(schema.node.properties) && name in schema.node.properties) {
    return deref(ctx, schema.node.properties[name], schema.location.child(['properties', name]));
  }
  if (Array.isArray(schema.node.allOf)) {
    for (let i = 0; i < schema.node.allOf.length; i++) {
      const member = deref(ctx, schema.node.allOf[i], schema.location.child(['allOf', i]));
      const found = member && findProperty(ctx, member, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** @type {import('../util.js').Rule} */
export function PaginatedListLimits() {
  const tracker = operationTracker();
  return {
    ...tracker.visitor,
    Operation: {
      enter(operation, ctx) {
        const parameters = effectiveParameters(ctx, operation, tracker.current());
        const page = parameters.find((p) => p.node.in === 'query' && p.node.name === 'page');
        const size = parameters.find((p) => p.node.in === 'query' && p.node.name === 'size');
        const cursor = parameters.find((p) => p.node.in === 'query' && p.node.name === 'cursor');
        if (!page && !size && !cursor) return;
        const op = tracker.label(ctx);

        if (page && cursor) {
          ctx.report({
            message:
              `Operation ${op} has both \`page\` and \`cursor\` query parameters. A list pages either by page ` +
              'number (`page` + `size`) or by cursor (`cursor` + `size`): remove the one the service does not take.',
            location: ctx.location.key(),
          });
        }
        if (!size) {
          ctx.report({
            message:
              `Operation ${op} has a \`${cursor && !page ? 'cursor' : 'page'}\` query parameter but no \`size\`. Add the page size with the ` +
              "document's maximum: `$ref: ../../common/parameters/size-1000.yaml` (or the document's own size " +
              'parameter for another maximum).',
            location: ctx.location.key(),
          });
        }
        if (!page && !cursor) {
          ctx.report({
            message:
              `Operation ${op} has a \`size\` query parameter but no \`page\`. A paginated list takes both: add ` +
              '`$ref: ../../common/parameters/page.yaml` (or `cursor` for a list paged by cursor); if the list is ' +
              'not paginated, remove `size`.',
            location: ctx.location.key(),
          });
        }

        if (page) {
          const schema = deref(ctx, page.node.schema, page.location.child(['schema']));
          if (!schema || !isObject(schema.node) || schema.node.minimum !== 0) {
            ctx.report({
              message:
                `Parameter \`page\` of operation ${op} must count from 0: give its schema \`minimum: 0\` ` +
                `(found ${schema && isObject(schema.node) && 'minimum' in schema.node ? kindOf(schema.node.minimum) : 'none'}), ` +
                'or use `$ref: ../../common/parameters/page.yaml`.',
              location: schema ? schema.location : page.location,
            });
          }
        }

        if (size) {
          const schema = deref(ctx, size.node.schema, size.location.child(['schema']));
          const node = schema && isObject(schema.node) ? schema.node : {};
          const where = schema ? schema.location : size.location;
          if (node.minimum !== 1) {
            ctx.report({
              message:
                `Parameter \`size\` of operation ${op} must allow at least 1 record per page: give its schema ` +
                `\`minimum: 1\` (found ${'minimum' in node ? kindOf(node.minimum) : 'none'}).`,
              location: where,
            });
          }
          if (typeof node.maximum !== 'number') {
            ctx.report({
              message:
                `Parameter \`size\` of operation ${op} has no \`maximum\`. Give its schema the document's maximum ` +
                `page size (at most ${MAX_SIZE}), e.g. \`$ref: ../../common/parameters/size-1000.yaml\`, so ` +
                'clients and the mock reject larger pages.',
              location: where,
            });
          } else if (node.maximum > MAX_SIZE) {
            ctx.report({
              message:
                `Parameter \`size\` of operation ${op} has \`maximum: ${node.maximum}\`, above ${MAX_SIZE}, the ` +
                "largest page the documents allow. Set the document's maximum for this list.",
              location: where.child(['maximum']),
            });
          }
        }

        const responses = isObject(operation.responses) ? operation.responses : {};
        const ok =
          '200' in responses
            ? deref(ctx, responses['200'], ctx.location.child(['responses', '200']))
            : undefined;
        const media =
          ok && isObject(ok.node) && isObject(ok.node.content)
            ? deref(
                ctx,
                ok.node.content['application/json'],
                ok.location.child(['content', 'application/json']),
              )
            : undefined;
        const schema =
          media && isObject(media.node)
            ? deref(ctx, media.node.schema, media.location.child(['schema']))
            : undefined;
        const content = schema ? findProperty(ctx, schema, 'content') : undefined;
        if (!content || !isObject(content.node) || !typeIs(content.node.type, 'array')) {
          ctx.report({
            message:
              `The 200 response of paginated operation ${op} ${content ? 'has a `content` property that is not an array' : 'has no array property `content`'}. ` +
              'Wrap the records in the page envelope: `allOf: [{ $ref: ../../common/schemas/PageEnvelope.yaml }, ' +
              '{ type: object, required: [content], properties: { content: { type: array, items: … } } }]`.',
            location: content
              ? content.location
              : schema
                ? schema.location
                : ok
                  ? ok.location
                  : ctx.location.key(),
          });
        }

        if (!cursor && !('404' in responses)) {
          ctx.report({
            message:
              `Paginated operation ${op} declares no 404 (a page number past the last page). Add ` +
              "`'404': { $ref: ../../common/responses/PageNotFound.yaml }` under its `responses`.",
            location: isObject(operation.responses)
              ? ctx.location.child(['responses']).key()
              : ctx.location.key(),
          });
        }
      },
    },
  };
}
