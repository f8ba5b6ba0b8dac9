// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { api, at, byLocation, FLOW_A, lintFixtures, operation } from './test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos';
const OP = `GET ${P}`;
const FLOW = '`security: [{ ClientId: [], AccessToken: [] }]`';

const noSecurity =
  `Operation ${OP} has no operation-level \`security\`. Add the flow-A requirement, both headers in one entry: ` +
  `${FLOW}. The root \`security\` is not enough: each operation states its own.`;
const publicNoToken =
  `Operation ${OP} declares \`security: []\` (callable without credentials) but its description does not say it ` +
  `is a token operation. Give it flow-A security, ${FLOW}; only the token request may be public, and its ` +
  'description says so.';
const openRequirement =
  `\`security\` of operation ${OP} contains an empty requirement \`{}\`, which lets the call through without ` +
  `credentials. Remove it and keep the flow-A requirement ${FLOW}.`;

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
const cases = [
  {
    name: 'flow-A security on the operation',
    files: { 'openapi.yaml': api({ [P]: { get: operation() } }) },
    expected: [],
  },
  {
    name: 'other non-empty security (the token call with basic auth)',
    files: {
      'openapi.yaml': api({ '/oauth/access-token': { post: operation({ security: [{ Basic: [] }] }) } }),
    },
    expected: [],
  },
  {
    name: 'public token operation that says so',
    files: {
      'openapi.yaml': api({
        '/oauth/access-token': {
          post: operation({ security: [], description: 'Exchanges client credentials for an access Token.' }),
        },
      }),
    },
    expected: [],
  },
  {
    name: 'no operation-level security, even with a flow-A root',
    files: {
      'openapi.yaml': api({ [P]: { get: operation({ security: undefined }) } }, { security: FLOW_A }),
    },
    expected: [{ at: at(P), message: noSecurity }],
  },
  {
    name: 'public feed operation',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ security: [] }) } }) },
    expected: [{ at: `${at(P)}/security`, message: publicNoToken }],
  },
  {
    name: 'an empty requirement beside flow A',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ security: [...FLOW_A, {}] }) } }) },
    expected: [{ at: `${at(P)}/security/1`, message: openRequirement }],
  },
  {
    name: 'security that is not a list (path file)',
    files: {
      'openapi.yaml': api({ [P]: { $ref: 'paths/fundos.yaml' } }),
      'paths/fundos.yaml': { get: operation({ security: { ClientId: [], AccessToken: [] } }) },
    },
    expected: [
      {
        at: 'paths/fundos.yaml#/get/security',
        message: `\`security\` of operation ${OP} must be a list of requirements, found an object. Write ${FLOW}.`,
      },
    ],
  },
];

describe('feed/feed-security', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(['feed-security'], cases);
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/feed-security')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
