// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { portablePattern } from './rules/portable-patterns.js';
import { api, byLocation, lintFixtures, operation } from './test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos';
/** @param {Record<string, unknown>} schema */
const withSchema = (schema) => ({
  'openapi.yaml': api({ [P]: { get: operation() } }, { components: { schemas: { Fund: schema } } }),
});
const at = (/** @type {string} */ pointer) => `openapi.yaml#/components/schemas/Fund${pointer}`;
const WHY =
  'JSON Schema means ASCII (`\\d` is 0-9), but Python-based tools (Schemathesis, hypothesis-jsonschema) read ' +
  '`\\d` as any Unicode digit and `\\w`, `\\s` as Unicode classes, so they generate and accept values the ' +
  'service refuses.';
const FORMS = 'the same meaning in every regex dialect (specs/CONVENTIONS.md "Forms generators read").';

describe('portablePattern', () => {
  it.each([
    ['^F[0-9]{10}$', [], '^F[0-9]{10}$'],
    ['^F\\d{10}$', ['\\d'], '^F[0-9]{10}$'],
    ['^[CS]\\d{10}$', ['\\d'], '^[CS][0-9]{10}$'],
    ['^[\\dA-F]+$', ['\\d'], '^[0-9A-F]+$'],
    ['^\\w+\\s\\d$', ['\\w', '\\s', '\\d'], '^[A-Za-z0-9_]+[ \\t\\n\\r\\f\\v][0-9]$'],
    ['^\\D$', ['\\D'], '^[^0-9]$'],
    ['^[^\\D]$', ['\\D'], undefined],
    // An escaped backslash followed by `d` is a literal backslash and a `d`, not a digit class.
    ['^a\\\\d$', [], '^a\\\\d$'],
    ['^[0-9]{2}\\.[0-9]{3}$', [], '^[0-9]{2}\\.[0-9]{3}$'],
  ])('%s: uses %j, portable %s', (pattern, found, portable) => {
    expect(portablePattern(pattern)).toEqual({ found, portable });
  });
});

describe('feed/portable-patterns', () => {
  /** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
  const cases = [
    {
      name: 'spelled-out classes pass',
      files: withSchema({
        type: 'object',
        properties: { code: { type: 'string', pattern: '^[FCS][0-9]{10}$' } },
        patternProperties: { '^x-[a-z]+$': {} },
      }),
      expected: [],
    },
    {
      name: 'shorthand escapes in a pattern and a patternProperties key',
      files: withSchema({
        type: 'object',
        properties: { code: { type: 'string', pattern: '^F\\d{10}$' } },
        patternProperties: { '^\\w+$': {} },
      }),
      expected: [
        {
          at: at('/properties/code/pattern'),
          message: `\`pattern\` \`^F\\d{10}$\` uses \`\\d\`: ${WHY} Write \`^F[0-9]{10}$\`: ${FORMS}`,
        },
        {
          at: at('/patternProperties/^\\w+$'),
          message: `The \`patternProperties\` key \`^\\w+$\` uses \`\\w\`: ${WHY} Write \`^[A-Za-z0-9_]+$\`: ${FORMS}`,
        },
      ].sort(byLocation),
    },
    {
      name: 'a parameter schema',
      files: {
        'openapi.yaml': api({
          [P]: {
            get: operation({
              parameters: [{ name: 'ano', in: 'query', schema: { type: 'string', pattern: '^\\d{4}$' } }],
            }),
          },
        }),
      },
      expected: [
        {
          at: `openapi.yaml#/paths/~1feed~1fundos~1v2~1fundos/get/parameters/0/schema/pattern`,
          message: `\`pattern\` \`^\\d{4}$\` uses \`\\d\`: ${WHY} Write \`^[0-9]{4}$\`: ${FORMS}`,
        },
      ],
    },
  ];

  /** @type {Map<string, Array<{ at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = new Map(
      [...lintFixtures(['portable-patterns'], cases)].map(([name, findings]) => [
        name,
        findings.map(({ at, message }) => ({ at, message })),
      ]),
    );
  }, 120_000);

  it.each(cases)('$name', ({ name, expected }) => {
    expect(results.get(name)).toEqual(expected);
  });
});
