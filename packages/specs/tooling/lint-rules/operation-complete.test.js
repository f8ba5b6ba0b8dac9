// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { api, at, byLocation, lintFixtures, operation } from './test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos';
const OP = `GET ${P}`;
const missing = {
  operationId:
    `Operation ${OP} has no \`operationId\`. Add a lowerCamelCase id prefixed by its document and unique across ` +
    'the three specs (e.g. `fundosV2ListFunds`, `precosIndicesGetResultadosIma`): clients name their methods after it.',
  summary: `Operation ${OP} has no \`summary\`. Add a one-line summary (e.g. \`List funds\`): the docs use it as the operation's title.`,
  description:
    `Operation ${OP} has no \`description\`. Add one that says what the call returns and its limits (paging, ` +
    'periods, release times) in the words of the document.',
  documentId:
    `Operation ${OP} has no \`x-document-id\`. Add the identifier the document gives it (E1…E8, V1…V7, or ` +
    "'A/resultados-ima') so docs and tests can name it.",
  tag:
    `Operation ${OP} has no tag. Add \`tags: [<family>]\` with exactly one tag: its resource family, declared ` +
    'with a description in the root `tags` of its openapi.yaml.',
};

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
const cases = [
  { name: 'complete operation', files: { 'openapi.yaml': api({ [P]: { get: operation() } }) }, expected: [] },
  {
    name: 'complete operation in a referenced path file (YAML)',
    files: {
      'openapi.yaml': api({ [P]: { $ref: 'paths/fundos.yaml' } }),
      'paths/fundos.yaml': [
        'get:',
        '  operationId: fundosV2ListFunds',
        '  x-document-id: E1',
        '  summary: List funds',
        '  description: One page of the fund list.',
        '  tags: [Funds]',
        '  responses:',
        "    '200': { description: ok }",
        '',
      ].join('\n'),
    },
    expected: [],
  },
  {
    name: 'nothing but responses',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            operationId: undefined,
            summary: undefined,
            description: undefined,
            tags: undefined,
            'x-document-id': undefined,
          }),
        },
      }),
    },
    expected: [
      { at: at(P), message: missing.description },
      { at: at(P), message: missing.operationId },
      { at: at(P), message: missing.summary },
      { at: at(P), message: missing.tag },
      { at: at(P), message: missing.documentId },
    ],
  },
  {
    name: 'only x-document-id missing, in a path file',
    files: {
      'openapi.yaml': api({ [P]: { $ref: 'paths/fundos.yaml' } }),
      'paths/fundos.yaml': { get: operation({ 'x-document-id': undefined }) },
    },
    expected: [{ at: 'paths/fundos.yaml#/get', message: missing.documentId }],
  },
  {
    name: 'empty and blank strings count as missing',
    files: {
      'openapi.yaml': api({ [P]: { get: operation({ summary: '', description: '   ', tags: [] }) } }),
    },
    expected: [
      { at: at(P), message: missing.description },
      { at: at(P), message: missing.summary },
      { at: at(P), message: missing.tag },
    ],
  },
  {
    name: 'two tags',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ tags: ['Funds', 'Classes'] }) } }) },
    expected: [
      {
        at: `${at(P)}/tags`,
        message:
          `Operation ${OP} has 2 tags (\`Funds\`, \`Classes\`). Keep exactly one, the resource family it belongs ` +
          'to: docs and clients group operations by that tag.',
      },
    ],
  },
  {
    name: 'x-document-id that is not a string',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ 'x-document-id': 7 }) } }) },
    expected: [
      {
        at: `${at(P)}/x-document-id`,
        message: `\`x-document-id\` of operation ${OP} must be a non-empty string, found a number (7). Write it as text.`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.0 document is linted too',
    files: {
      'openapi.yaml': { ...api({ [P]: { post: operation({ summary: undefined }) } }), openapi: '3.0.3' },
    },
    expected: [
      {
        at: at(P, 'post'),
        message: `Operation POST ${P} has no \`summary\`. Add a one-line summary (e.g. \`List funds\`): the docs use it as the operation's title.`,
      },
    ],
  },
];

describe('feed/operation-complete', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(['operation-complete'], cases);
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/operation-complete')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
