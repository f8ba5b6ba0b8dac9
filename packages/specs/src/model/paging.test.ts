import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { listPaging, SpecPagingError } from './paging.js';
import { createSpecModel, type Json } from './spec-model.js';

const PAGE = { name: 'page', in: 'query', schema: { type: 'integer', default: 0 } };
const CURSOR = { name: 'cursor', in: 'query', schema: { type: 'string' } };
const size = (schema: Json) => ({ name: 'size', in: 'query', schema: { type: 'integer', ...schema } });
const PAGE_ENVELOPE = { items: 'content', totalElements: 'totalSize' };
const CURSOR_ENVELOPE = { items: 'content', nextCursor: 'nextCursor', cursorParam: 'cursor' };

/** One GET /list whose 200 answer has `schema`, with `parameters`. */
function readList(parameters: Json[], schema: Json | undefined) {
  const spec: Json = {
    paths: {
      '/list': {
        get: {
          parameters,
          responses: {
            200: { description: 'ok', content: schema ? { 'application/json': { schema } } : {} },
          },
        },
      },
    },
    components: { schemas: { Envelope: { type: 'object', 'x-page-envelope': PAGE_ENVELOPE } } },
  };
  const model = createSpecModel(spec, { name: 'demo' });
  return listPaging(
    model,
    model.operation('get', '/list') as NonNullable<ReturnType<typeof model.operation>>,
  );
}

describe('listPaging: the one reading of how a list pages', () => {
  it.each([
    {
      name: 'a page list: the default size is the parameter default',
      parameters: [PAGE, size({ maximum: 1000, default: 100 })],
      schema: { type: 'object', 'x-page-envelope': PAGE_ENVELOPE },
      paging: { kind: 'page', pageParam: 'page', sizeParam: 'size', maxSize: 1000, defaultSize: 100 },
    },
    {
      name: 'no default: the default size is the maximum',
      parameters: [PAGE, size({ maximum: 300 })],
      schema: { type: 'object', 'x-page-envelope': PAGE_ENVELOPE },
      paging: { kind: 'page', pageParam: 'page', sizeParam: 'size', maxSize: 300, defaultSize: 300 },
    },
    {
      name: 'the envelope in an allOf part behind a reference',
      parameters: [PAGE, size({ maximum: 50 })],
      schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object' }] },
      paging: { kind: 'page', pageParam: 'page', sizeParam: 'size', maxSize: 50, defaultSize: 50 },
    },
    {
      name: 'a cursor list',
      parameters: [CURSOR, size({ maximum: 1000 })],
      schema: { type: 'object', 'x-page-envelope': CURSOR_ENVELOPE },
      paging: { kind: 'cursor', cursorParam: 'cursor', sizeParam: 'size', maxSize: 1000, defaultSize: 1000 },
    },
  ])('$name', ({ parameters, schema, paging }) => {
    expect(readList(parameters, schema)).toEqual({
      ...paging,
      envelope: schema['x-page-envelope'] ?? PAGE_ENVELOPE,
    });
  });

  it.each([
    ['no envelope', [PAGE, size({ maximum: 10 })], { type: 'object' }],
    ['no JSON answer', [PAGE, size({ maximum: 10 })], undefined],
  ])('%s: no paged list', (_, parameters, schema) => {
    expect(readList(parameters, schema)).toBeUndefined();
  });

  it.each([
    ['a size with no maximum', [PAGE, size({})], PAGE_ENVELOPE, /its size parameter has no maximum: add one/],
    ['no size parameter', [PAGE], PAGE_ENVELOPE, /has no size query parameter: add one/],
    [
      'a page list without page',
      [size({ maximum: 10 })],
      PAGE_ENVELOPE,
      /has no page query parameter: add it/,
    ],
    [
      'a cursor list without cursor',
      [size({ maximum: 10 })],
      CURSOR_ENVELOPE,
      /has no cursor query parameter/,
    ],
  ])('%s: a spec error naming the fix, never a guessed size', (_, parameters, envelope, message) => {
    const read = () => readList(parameters, { type: 'object', 'x-page-envelope': envelope });
    expect(read).toThrow(SpecPagingError);
    expect(read).toThrow(message);
  });

  it("reads each paged list of the bundled feed.json with its size parameter's own maximum and default", () => {
    const file = createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json');
    const model = createSpecModel(JSON.parse(readFileSync(file, 'utf8')) as Json, { name: 'feed' });
    const paged = model.operations().flatMap((op) => {
      const paging = listPaging(model, op);
      return paging ? [{ op, paging }] : [];
    });
    expect(paged.length).toBeGreaterThanOrEqual(10);
    for (const { op, paging } of paged) {
      const sizeSchema = model.deref<Json>(op.parameters.find((p) => p.name === 'size')?.schema);
      expect([op.label, paging.maxSize]).toEqual([op.label, sizeSchema.maximum]);
      expect([op.label, paging.defaultSize]).toEqual([op.label, sizeSchema.default ?? sizeSchema.maximum]);
    }
  });
});
