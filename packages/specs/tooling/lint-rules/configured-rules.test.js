// @ts-check
// The conventions redocly.yaml states as configurable rules (`rule/…`): each one, linted with the pinned Redocly
// CLI on a small spec that breaks it, reports where and with the message that teaches the fix; a spec that keeps
// every convention, and a token operation that is public as the conventions allow, report nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  at,
  configuredRules,
  ERRORS,
  FLOW_A,
  lintFixtures,
  operation,
} from './test-support/lint-fixtures.js';

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
const cases = [
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

describe('the configurable rules of redocly.yaml', () => {
  const configured = configuredRules();
  /** @type {Map<string, import('./test-support/lint-fixtures.js').Finding[]>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(
      Object.keys(configured),
      cases.map(({ name, get }) => ({ name, files: { 'openapi.yaml': api({ [P]: { get } }) } })),
    );
  });

  it('each rule is tested here', () => {
    const tested = new Set(cases.flatMap((c) => c.found.map((f) => f.rule)));
    expect([...tested].sort()).toEqual(Object.keys(configured).sort());
  });

  it.each(cases)('$name', ({ name, found }) => {
    const findings = results.get(name) ?? [];
    expect(findings.map(({ rule, at }) => ({ rule, at }))).toEqual(
      found.map(({ rule, at }) => ({ rule, at })),
    );
    for (const [i, { rule, teaches }] of found.entries()) {
      expect(findings[i]?.message).toBe(configured[rule]?.message);
      expect(findings[i]?.message).toContain(teaches);
    }
  });
});
