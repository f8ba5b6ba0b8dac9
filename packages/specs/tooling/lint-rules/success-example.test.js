// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { api, at, byLocation, ERRORS, lintFixtures, operation } from './test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos/{codigo}';
const JSON_AT = 'content/application~1json';

/**
 * @param {string} status
 * @param {'no example' | 'an empty `examples` map'} what
 * @param {string} [method]
 */
const message = (status, what, method = 'GET') =>
  `Response ${status} of operation ${method} ${P} has ${what} for \`application/json\`. Add a named, realistic ` +
  'entry under `examples` (e.g. `examples: { firstPage: { summary: …, value: … } }`) that validates against the ' +
  'schema: the mock answers with it and the docs show it.';

/** @param {Record<string, unknown>} media */
const ok = (media) => ({
  description: 'ok',
  content: { 'application/json': { schema: { type: 'object' }, ...media } },
});

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
const cases = [
  { name: 'named examples', files: { 'openapi.yaml': api({ [P]: { get: operation() } }) }, expected: [] },
  {
    name: 'a single example',
    files: {
      'openapi.yaml': api({
        [P]: { get: operation({ responses: { 200: ok({ example: { a: 1 } }), ...ERRORS } }) },
      }),
    },
    expected: [],
  },
  {
    name: 'example: null still counts as an example',
    files: {
      'openapi.yaml': api({ [P]: { get: operation({ responses: { 200: ok({ example: null }) } }) } }),
    },
    expected: [],
  },
  {
    name: 'no JSON body (204) and a non-JSON 200 are not checked',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            responses: {
              200: { description: 'csv', content: { 'text/csv': { schema: { type: 'string' } } } },
            },
          }),
          delete: operation({ operationId: 'x', responses: { 204: { description: 'gone' } } }),
        },
      }),
    },
    expected: [],
  },
  {
    name: 'error responses without examples are not checked',
    files: {
      'openapi.yaml': api({
        [P]: { get: operation({ responses: { 200: ok({ examples: { a: { value: {} } } }), 404: ok({}) } }) },
      }),
    },
    expected: [],
  },
  {
    name: '200 without example',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ responses: { 200: ok({}), ...ERRORS } }) } }) },
    expected: [{ at: `${at(P)}/responses/200/${JSON_AT}`, message: message('200', 'no example') }],
  },
  {
    name: '200 with an empty examples map',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ responses: { 200: ok({ examples: {} }) } }) } }) },
    expected: [
      {
        at: `${at(P)}/responses/200/${JSON_AT}/examples`,
        message: message('200', 'an empty `examples` map'),
      },
    ],
  },
  {
    name: 'referenced 201 response file without example, and a 2XX range',
    files: {
      'openapi.yaml': api({
        [P]: {
          post: operation({
            responses: { 201: { $ref: 'responses/Created.yaml' }, '2XX': ok({}), 200: ok({ example: {} }) },
          }),
        },
      }),
      'responses/Created.yaml': [
        'description: Created.',
        'content:',
        '  application/json:',
        '    schema: { type: object }',
        '',
      ].join('\n'),
    },
    expected: [
      { at: `${at(P, 'post')}/responses/2XX/${JSON_AT}`, message: message('2XX', 'no example', 'POST') },
      { at: `responses/Created.yaml#/${JSON_AT}`, message: message('201', 'no example', 'POST') },
    ],
  },
];

describe('feed/success-example', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(['success-example'], cases);
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/success-example')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
