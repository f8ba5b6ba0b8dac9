// Operation- and document-level changes: paths, operations, parameters, bodies, responses, security, servers,
// deprecations. Each case is a before/after pair of small specs and the expected classification.
import { describe, expect, it } from 'vitest';
import { classify } from './rules.ts';
import { diffSpecs } from './spec-diff.ts';
import { getFunds, ok, params, query, security, securitySchemes, spec } from './test-support/specs.ts';
import type { Level, Obj } from './types.ts';

interface Case {
  name: string;
  before: Obj | null;
  after: Obj | null;
  expected: [rule: string, level: Level][];
}

const size = query('size', { type: 'integer', minimum: 1, maximum: 1000 });
const body = (required: boolean, schema: Obj = { type: 'object' }, type = 'application/json') => ({
  required,
  content: { [type]: { schema } },
});
const post = (operation: Obj) =>
  spec({ '/funds': { post: { operationId: 'createFund', responses: { '201': ok() }, ...operation } } });
const withHeader = (headers: Obj) => getFunds({ responses: { '200': { ...ok(), headers } } });

const cases: Case[] = [
  // paths and operations
  {
    name: 'path removed',
    before: spec({
      '/funds': { get: { responses: { '200': ok() } } },
      '/old': { get: { responses: { '200': ok() } } },
    }),
    after: spec({ '/funds': { get: { responses: { '200': ok() } } } }),
    expected: [['path-removed', 'error']],
  },
  {
    name: 'path added',
    before: spec({}),
    after: spec({ '/new': { get: { responses: { '200': ok() } } } }),
    expected: [['path-added', 'info']],
  },
  {
    name: 'operation removed (path kept)',
    before: spec({
      '/funds': {
        get: { responses: { '200': ok() } },
        delete: { responses: { '204': { description: 'gone' } } },
      },
    }),
    after: spec({ '/funds': { get: { responses: { '200': ok() } } } }),
    expected: [['operation-removed', 'error']],
  },
  {
    name: 'operation added',
    before: spec({ '/funds': { get: { responses: { '200': ok() } } } }),
    after: spec({ '/funds': { get: { responses: { '200': ok() } }, post: { responses: { '201': ok() } } } }),
    expected: [['operation-added', 'info']],
  },
  { name: 'api added', before: null, after: spec({}), expected: [['api-added', 'info']] },
  { name: 'api removed', before: spec({}), after: null, expected: [['api-removed', 'error']] },
  {
    name: 'operationId changed',
    before: getFunds(),
    after: getFunds({ operationId: 'fundosV2ListFunds' }),
    expected: [['operation-id-changed', 'warn']],
  },
  // parameters
  {
    name: 'new required parameter',
    before: params(),
    after: params(query('data', { type: 'string', format: 'date' }, { required: true })),
    expected: [['request-parameter-added-required', 'error']],
  },
  {
    name: 'new optional parameter',
    before: params(),
    after: params(size),
    expected: [['request-parameter-added-optional', 'info']],
  },
  {
    name: 'parameter removed',
    before: params(size),
    after: params(),
    expected: [['request-parameter-removed', 'warn']],
  },
  {
    name: 'parameter became required',
    before: params(size),
    after: params({ ...size, required: true }),
    expected: [['request-parameter-became-required', 'error']],
  },
  {
    name: 'parameter became optional',
    before: params({ ...size, required: true }),
    after: params(size),
    expected: [['request-parameter-became-optional', 'info']],
  },
  {
    name: 'parameter maximum lowered (narrowed request type)',
    before: params(size),
    after: params(query('size', { type: 'integer', minimum: 1, maximum: 100 })),
    expected: [['request-max-decreased', 'error']],
  },
  {
    name: 'parameter maximum raised (widened request type)',
    before: params(size),
    after: params(query('size', { type: 'integer', minimum: 1, maximum: 5000 })),
    expected: [['request-max-increased', 'info']],
  },
  {
    name: 'parameter integer → number (widened request type)',
    before: params(query('page', { type: 'integer' })),
    after: params(query('page', { type: 'number' })),
    expected: [['request-type-widened', 'info']],
  },
  {
    name: 'parameter gains a pattern',
    before: params(query('codigo', { type: 'string' })),
    after: params(query('codigo', { type: 'string', pattern: '^F\\d{10}$' })),
    expected: [['request-pattern-added', 'error']],
  },
  {
    name: 'parameter maxLength lowered',
    before: params(query('nome', { type: 'string', maxLength: 100 })),
    after: params(query('nome', { type: 'string', maxLength: 50 })),
    expected: [['request-max-decreased', 'error']],
  },
  {
    name: 'parameter enum value removed',
    before: params(query('tipo', { type: 'string', enum: ['FIDC', 'FII', 'FIP'] })),
    after: params(query('tipo', { type: 'string', enum: ['FIDC', 'FII'] })),
    expected: [['request-enum-value-removed', 'error']],
  },
  {
    name: 'parameter enum value added',
    before: params(query('tipo', { type: 'string', enum: ['FIDC', 'FII'] })),
    after: params(query('tipo', { type: 'string', enum: ['FIDC', 'FII', 'FIP'] })),
    expected: [['request-enum-value-added', 'info']],
  },
  {
    name: 'parameter type changed',
    before: params(query('ano', { type: 'integer' })),
    after: params(query('ano', { type: 'string' })),
    expected: [['request-type-changed', 'error']],
  },
  {
    name: 'parameter deprecated',
    before: params(size),
    after: params({ ...size, deprecated: true }),
    expected: [['request-parameter-deprecated', 'info']],
  },
  {
    name: 'parameter serialization changed',
    before: params(query('ids', { type: 'array', items: { type: 'string' } })),
    after: params(query('ids', { type: 'array', items: { type: 'string' } }, { explode: false })),
    expected: [['request-parameter-serialization-changed', 'error']],
  },
  {
    name: 'parameter through $ref (components.parameters), path-level and header case',
    before: spec(
      {
        '/funds': {
          parameters: [{ $ref: '#/components/parameters/size' }],
          get: { responses: { '200': ok() } },
        },
      },
      { parameters: { size } },
    ),
    after: spec(
      {
        '/funds': {
          get: { parameters: [{ $ref: '#/components/parameters/size' }], responses: { '200': ok() } },
        },
      },
      { parameters: { size: { ...size, schema: { type: 'integer', minimum: 1, maximum: 500 } } } },
    ),
    expected: [['request-max-decreased', 'error']],
  },
  {
    name: 'header parameter names are case-insensitive',
    before: params({ name: 'Client_Id', in: 'header', required: true, schema: { type: 'string' } }),
    after: params({ name: 'client_id', in: 'header', required: true, schema: { type: 'string' } }),
    expected: [],
  },
  {
    name: 'x-required-together added',
    before: params(query('mes', { type: 'integer' }), query('ano', { type: 'integer' })),
    after: getFunds({
      parameters: [query('mes', { type: 'integer' }), query('ano', { type: 'integer' })],
      'x-required-together': [['mes', 'ano']],
    }),
    expected: [['request-parameters-required-together-added', 'error']],
  },
  // request bodies
  {
    name: 'required body added',
    before: post({}),
    after: post({ requestBody: body(true) }),
    expected: [['request-body-added-required', 'error']],
  },
  {
    name: 'optional body added',
    before: post({}),
    after: post({ requestBody: body(false) }),
    expected: [['request-body-added-optional', 'info']],
  },
  {
    name: 'body removed',
    before: post({ requestBody: body(true) }),
    after: post({}),
    expected: [['request-body-removed', 'warn']],
  },
  {
    name: 'body became required',
    before: post({ requestBody: body(false) }),
    after: post({ requestBody: body(true) }),
    expected: [['request-body-became-required', 'error']],
  },
  {
    name: 'request media type removed',
    before: post({
      requestBody: {
        required: true,
        content: { 'application/json': {}, 'application/x-www-form-urlencoded': {} },
      },
    }),
    after: post({ requestBody: body(true) }),
    expected: [['request-media-type-removed', 'error']],
  },
  // responses
  {
    name: 'success status removed',
    before: getFunds({ responses: { '200': ok(), '206': ok() } }),
    after: getFunds({ responses: { '200': ok() } }),
    expected: [['response-success-status-removed', 'error']],
  },
  {
    name: 'error status removed',
    before: getFunds({ responses: { '200': ok(), '404': ok() } }),
    after: getFunds({ responses: { '200': ok() } }),
    expected: [['response-non-success-status-removed', 'info']],
  },
  {
    name: 'new error status',
    before: getFunds(),
    after: getFunds({ responses: { '200': ok(), '429': ok() } }),
    expected: [['response-status-added', 'info']],
  },
  {
    name: 'response media type removed',
    before: getFunds({
      responses: { '200': { description: 'ok', content: { 'application/json': {}, 'text/csv': {} } } },
    }),
    after: getFunds({ responses: { '200': { description: 'ok', content: { 'application/json': {} } } } }),
    expected: [['response-media-type-removed', 'error']],
  },
  {
    name: 'response through $ref (components.responses): field removed',
    before: getFunds(
      { responses: { '200': ok(), '404': { $ref: '#/components/responses/NotFound' } } },
      {
        responses: {
          NotFound: ok({
            type: 'object',
            required: ['code', 'message'],
            properties: { code: {}, message: {} },
          }),
        },
      },
    ),
    after: getFunds(
      { responses: { '200': ok(), '404': { $ref: '#/components/responses/NotFound' } } },
      { responses: { NotFound: ok({ type: 'object', required: ['code'], properties: { code: {} } }) } },
    ),
    expected: [['response-property-removed', 'error']],
  },
  {
    name: 'response header removed',
    before: withHeader({ 'X-Total': { schema: { type: 'integer' } } }),
    after: withHeader({}),
    expected: [['response-header-removed', 'error']],
  },
  {
    name: 'response header no longer required',
    before: withHeader({ 'X-Total': { required: true, schema: { type: 'integer' } } }),
    after: withHeader({ 'x-total': { schema: { type: 'integer' } } }),
    expected: [['response-header-became-optional', 'error']],
  },
  {
    name: 'response header widened type',
    before: withHeader({ 'X-Total': { schema: { type: 'integer' } } }),
    after: withHeader({ 'X-Total': { schema: { type: 'number' } } }),
    expected: [['response-type-widened', 'error']],
  },
  // security
  {
    name: 'security changed (other scheme)',
    before: getFunds(),
    after: getFunds(
      { security: [{ Bearer: [] }] },
      { securitySchemes: { ...securitySchemes, Bearer: { type: 'http', scheme: 'bearer' } } },
    ),
    expected: [
      ['security-changed', 'error'],
      ['security-scheme-added', 'info'],
    ],
  },
  {
    name: 'security: one header of a requirement dropped',
    before: getFunds(),
    after: getFunds({ security: [{ AccessToken: [] }] }),
    expected: [['security-changed', 'error']],
  },
  {
    name: 'security added where there was none',
    before: getFunds({ security: [] }),
    after: getFunds(),
    expected: [['security-changed', 'error']],
  },
  {
    name: 'security alternative added (old requirement still accepted)',
    before: getFunds(),
    after: getFunds({ security: [...security, { Basic: [] }] }),
    expected: [['security-alternative-added', 'info']],
  },
  {
    name: 'security scheme changed (header renamed)',
    before: getFunds(),
    after: getFunds(
      {},
      {
        securitySchemes: {
          ClientId: { type: 'apiKey', in: 'header', name: 'x-client-id' },
          AccessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
        },
      },
    ),
    expected: [['security-scheme-changed', 'error']],
  },
  {
    name: 'security scheme removed',
    before: getFunds(),
    after: getFunds(
      {},
      { securitySchemes: { AccessToken: { type: 'apiKey', in: 'header', name: 'access_token' } } },
    ),
    expected: [['security-scheme-removed', 'error']],
  },
  // servers, deprecations
  {
    name: 'document servers changed',
    before: getFunds(),
    after: getFunds({}, {}, { servers: [{ url: 'https://api2.example.com' }] }),
    expected: [['servers-changed', 'info']],
  },
  {
    name: 'operation servers changed',
    before: getFunds(),
    after: getFunds({ servers: [{ url: 'https://files.example.com' }] }),
    expected: [['servers-changed', 'info']],
  },
  {
    name: 'operation deprecated',
    before: getFunds(),
    after: getFunds({ deprecated: true }),
    expected: [['operation-deprecated', 'info']],
  },
  {
    name: 'operation discontinued (x-discontinued)',
    before: getFunds(),
    after: getFunds({ 'x-discontinued': { since: '2024-10-01', note: 'gone' } }),
    expected: [['operation-deprecated', 'info']],
  },
  { name: 'identical specs', before: getFunds(), after: getFunds(), expected: [] },
];

describe('operation and document diff', () => {
  it.each(cases)('$name', ({ before, after, expected }) => {
    const got = diffSpecs('fixture', before, after)
      .map(classify)
      .map((c): [string, Level] => [c.rule, c.level])
      .sort();
    expect(got).toEqual([...expected].sort());
  });

  it('labels operations and locations', () => {
    const [change] = diffSpecs(
      'fundos-v2',
      params(size),
      params(query('size', { type: 'integer', minimum: 1, maximum: 10 })),
    );
    expect(change).toEqual({
      rule: 'request-max-decreased',
      api: 'fundos-v2',
      operation: 'GET /funds',
      location: 'query parameter size',
      message: 'maximum ≤ 1000 → ≤ 10',
    });
  });
});
