// @ts-check
// The fixtures of ../configured-rules.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, at, configuredRules, ERRORS, FLOW_A, operation } from '../test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos/{codigo}';
const GET = at(P);
const JSON_AT = `${GET}/responses/200/content/application~1json`;

/** @param {Record<string, unknown>} media */
const ok = (media) => ({
  description: 'ok',
  content: { 'application/json': { schema: { type: 'object' }, ...media } },
});

/** @param {Record<string, unknown>} schema */
const withSchema = (schema) =>
  operation({
    responses: {
      200: {
        description: 'ok',
        content: { 'application/json': { schema, examples: { one: { value: {} } } } },
      },
      ...ERRORS,
    },
  });

/**
 * Each case: the operation under `P` (GET), the rule it breaks (none: `[]`), where, and words of the fix its
 * message must teach.
 * @type {Array<{ name: string, get: Record<string, unknown>, found: Array<{ rule: string, at: string, teaches: string }> }>}
 */
export const cases = [
  { name: 'an operation that keeps every convention', get: operation(), found: [] },
  {
    name: 'the token request, public and saying so',
    get: operation({ description: 'Gets an access token.', security: [] }),
    found: [],
  },
  {
    name: 'no operationId',
    get: operation({ operationId: undefined }),
    found: [
      {
        rule: 'rule/operation-id',
        at: `${GET}/operationId`,
        teaches: 'lowerCamelCase id prefixed by its document',
      },
    ],
  },
  {
    name: 'an empty summary',
    get: operation({ summary: '' }),
    found: [{ rule: 'rule/operation-summary', at: `${GET}/summary`, teaches: 'one-line summary' }],
  },
  {
    name: 'no description',
    get: operation({ description: undefined }),
    found: [
      {
        rule: 'rule/operation-description',
        at: `${GET}/description`,
        teaches: 'what the call returns and its limits',
      },
    ],
  },
  {
    name: 'no x-document-id',
    get: operation({ 'x-document-id': undefined }),
    found: [{ rule: 'rule/operation-document-id', at: `${GET}/x-document-id`, teaches: 'E1…E8, V1…V7' }],
  },
  {
    name: 'two tags',
    get: operation({ tags: ['Funds', 'Other'] }),
    found: [{ rule: 'rule/operation-one-tag', at: `${GET}/tags`, teaches: 'exactly one tag' }],
  },
  {
    name: 'no tag',
    get: operation({ tags: undefined }),
    found: [{ rule: 'rule/operation-one-tag', at: `${GET}/tags`, teaches: 'exactly one tag' }],
  },
  {
    name: 'no security of its own',
    get: operation({ security: undefined }),
    found: [
      {
        rule: 'rule/operation-security',
        at: `${GET}/security`,
        teaches: '`security: [{ ClientId: [], AccessToken: [] }]`',
      },
    ],
  },
  {
    name: 'public, and not about the token',
    get: operation({ security: [] }),
    found: [
      {
        rule: 'rule/public-only-token',
        at: `${GET}/security`,
        teaches: 'only the token request may be public',
      },
    ],
  },
  {
    name: 'an empty requirement beside flow A',
    get: operation({ security: [...FLOW_A, {}] }),
    found: [{ rule: 'rule/no-open-requirement', at: `${GET}/security/1`, teaches: 'Remove it' }],
  },
  {
    name: 'a success response without an example',
    get: operation({ responses: { 200: ok({}), 404: ok({}) } }),
    found: [
      { rule: 'rule/success-example', at: JSON_AT, teaches: 'named, realistic entry under `examples`' },
    ],
  },
  {
    name: 'a success response with an empty examples map',
    get: operation({ responses: { 200: ok({ examples: {} }) } }),
    found: [
      { rule: 'rule/success-examples-not-empty', at: `${JSON_AT}/examples`, teaches: 'empty `examples` map' },
    ],
  },
  {
    name: 'a pattern with \\d',
    get: withSchema({ type: 'string', pattern: '^F\\d{10}$' }),
    found: [
      {
        rule: 'rule/portable-pattern',
        at: `${JSON_AT}/schema/pattern`,
        teaches: '`[0-9]` for `\\d`',
      },
    ],
  },
  {
    name: 'a patternProperties key with \\w',
    get: withSchema({ type: 'object', patternProperties: { '^\\w+$': { type: 'string' } } }),
    found: [
      {
        rule: 'rule/portable-pattern-keys',
        at: `${JSON_AT}/schema/patternProperties/^\\w+$`,
        teaches: '`[A-Za-z0-9_]` for `\\w`',
      },
    ],
  },
];

/** Every configurable rule of redocly.yaml, as defined there, each case one operation at P. */
export const rules = Object.keys(configuredRules());
export const fixtures = cases.map(({ name, get }) => ({
  name,
  files: { 'openapi.yaml': api({ [P]: { get } }) },
}));
