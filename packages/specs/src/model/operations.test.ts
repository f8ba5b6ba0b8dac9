import { describe, expect, it } from 'vitest';
import { createSpecModel, type Json } from './spec-model.js';

const spec: Json = {
  security: [{ ClientId: [], AccessToken: [] }],
  paths: {
    '/funds/{code}': {
      parameters: [
        { $ref: '#/components/parameters/code' },
        { name: 'size', in: 'query', schema: { type: 'integer', maximum: 100 } },
        { name: 'lang', in: 'header', schema: { type: 'string' } },
      ],
      post: { operationId: 'demoPost', responses: {} },
      get: {
        operationId: 'demoGetFund',
        tags: ['Funds'],
        'x-document-id': 'E2',
        'x-date-window': { maxYears: 5 },
        parameters: [
          { name: 'size', in: 'query', schema: { type: 'integer', maximum: 10 } },
          { $ref: '#/components/parameters/page' },
        ],
        responses: { '200': { $ref: '#/components/responses/Ok' }, '404': { description: 'not found' } },
      },
    },
    '/token': {
      post: {
        operationId: 'demoToken',
        security: [],
        deprecated: true,
        requestBody: { $ref: '#/components/requestBodies/Token' },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: {
    parameters: {
      code: { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
      page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
    },
    responses: { Ok: { description: 'ok' } },
    requestBodies: {
      Token: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
    },
  },
};

describe('operations', () => {
  const model = createSpecModel(spec);
  const ops = model.operations();

  it('lists them in path order, then in the method order of OpenAPI (get before post)', () => {
    expect(ops.map((op) => op.label)).toEqual(['GET /funds/{code}', 'POST /funds/{code}', 'POST /token']);
    expect(ops.map((op) => op.pointer)).toEqual([
      '#/paths/~1funds~1{code}/get',
      '#/paths/~1funds~1{code}/post',
      '#/paths/~1token/post',
    ]);
  });

  it('merges parameters: the path-level ones not redefined, then the operation’s own, all resolved', () => {
    const get = model.operation('get', '/funds/{code}');
    expect(get?.parameters.map((p) => [p.in, p.name, (p.schema as Json).maximum])).toEqual([
      ['path', 'code', undefined],
      ['header', 'lang', undefined],
      ['query', 'size', 10],
      ['query', 'page', undefined],
    ]);
    expect(model.operation('post', '/funds/{code}')?.parameters.map((p) => p.name)).toEqual([
      'code',
      'size',
      'lang',
    ]);
  });

  it.each([
    ['operationId', 'get', '/funds/{code}', (op: Json) => op.operationId, 'demoGetFund'],
    ['documentId (x-document-id)', 'get', '/funds/{code}', (op: Json) => op.documentId, 'E2'],
    ['no documentId', 'post', '/token', (op: Json) => 'documentId' in op, false],
    ['tags', 'get', '/funds/{code}', (op: Json) => op.tags, ['Funds']],
    ['no tags', 'post', '/token', (op: Json) => op.tags, []],
    [
      'extensions',
      'get',
      '/funds/{code}',
      (op: Json) => op.extensions,
      { 'x-document-id': 'E2', 'x-date-window': { maxYears: 5 } },
    ],
    [
      'security inherited from the document',
      'get',
      '/funds/{code}',
      (op: Json) => op.security,
      [{ ClientId: [], AccessToken: [] }],
    ],
    ['security switched off by the operation', 'post', '/token', (op: Json) => op.security, []],
    [
      'responses resolved, in spec order',
      'get',
      '/funds/{code}',
      (op: Json) => op.responses,
      { '200': { description: 'ok' }, '404': { description: 'not found' } },
    ],
    [
      'request body resolved',
      'post',
      '/token',
      (op: Json) => op.requestBody,
      { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
    ],
    ['no request body', 'get', '/funds/{code}', (op: Json) => 'requestBody' in op, false],
    ['deprecated', 'post', '/token', (op: Json) => op.deprecated, true],
    ['not deprecated', 'get', '/funds/{code}', (op: Json) => op.deprecated, false],
  ])('%s', (_, method, path, read, expected) => {
    const op = model.operation(method, path);
    expect(op).toBeDefined();
    expect(read(op as unknown as Json)).toEqual(expected);
  });

  it('keeps the operation as written in node', () => {
    const paths = spec.paths as Record<string, Json>;
    expect(model.operation('get', '/funds/{code}')?.node).toBe(paths['/funds/{code}']?.get);
  });

  it('a reference that cannot be followed fails the listing, naming it', () => {
    const broken = createSpecModel(
      { paths: { '/x': { get: { parameters: [{ $ref: '#/components/parameters/gone' }] } } } },
      { name: 'broken' },
    );
    expect(() => broken.operations()).toThrow(
      '$ref #/components/parameters/gone at #/paths/~1x/get/parameters/0 in broken: no such node',
    );
  });

  it('model.operation reads one operation alone: the same as listed, undefined where there is none', () => {
    const fresh = createSpecModel(spec);
    for (const listed of ops) expect(fresh.operation(listed.method, listed.path)).toEqual(listed);
    expect(fresh.operation('delete', '/funds/{code}')).toBeUndefined();
    expect(fresh.operation('get', '/nowhere')).toBeUndefined();
    expect(fresh.operation('get', 'constructor')).toBeUndefined();
  });

  it('model.operation follows only the references of its own operation and path item', () => {
    const partly = createSpecModel(
      {
        paths: {
          '/ok': { get: { responses: { '200': { description: 'ok' } } } },
          '/x': { get: { parameters: [{ $ref: '#/components/parameters/gone' }] } },
        },
      },
      { name: 'partly' },
    );
    expect(partly.operation('get', '/ok')?.responses).toEqual({ '200': { description: 'ok' } });
    expect(() => partly.operation('get', '/x')).toThrow('$ref #/components/parameters/gone');
  });

  it('a spec without paths has no operations', () => {
    expect(createSpecModel({ openapi: '3.1.0' }).operations()).toEqual([]);
  });
});
