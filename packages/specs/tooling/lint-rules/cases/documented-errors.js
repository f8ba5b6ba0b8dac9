// @ts-check
// The fixtures of ../documented-errors.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, at, ERRORS, FLOW_A, operation } from '../test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos/{codigo}';

/**
 * @param {string} status
 * @param {string} when
 * @param {string} file
 */
const message = (status, when, file) =>
  `Operation GET ${P} uses flow-A security (ClientId + AccessToken) but does not declare a ${status} response ` +
  `(${when}). Add \`'${status}': { $ref: ../../common/responses/${file} }\` under its \`responses\`.`;
const m400 = message('400', 'a parameter breaks its rule', 'BadRequest.yaml');
const m401 = message('401', 'client_id or access_token is wrong or expired', 'Unauthorized.yaml');
const m403 = message('403', 'the token lacks permission for the resource', 'Forbidden.yaml');
const m404 = message('404', 'an unknown code or a date without data', 'NotFound.yaml');
const m404page = message('404', 'a page number past the last page of the list', 'PageNotFound.yaml');

const only200 = { 200: { description: 'ok' } };
const { 403: _forbidden, ...withoutForbidden } = ERRORS;

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'flow-A operation with all four errors',
    files: { 'openapi.yaml': api({ [P]: { get: operation() } }) },
    expected: [],
  },
  {
    name: 'errors as $refs to shared responses count',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            responses: {
              ...only200,
              400: { $ref: 'common/Error.yaml' },
              401: { $ref: 'common/Error.yaml' },
              403: { $ref: 'common/Error.yaml' },
              404: { $ref: 'common/Error.yaml' },
            },
          }),
        },
      }),
      'common/Error.yaml': 'description: An error.\n',
    },
    expected: [],
  },
  {
    name: 'token operation with basic auth is not checked',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            post: operation({
              security: [{ Basic: [] }],
              responses: { 200: { description: 'ok' }, 401: { description: 'no' } },
            }),
          },
        },
        { security: [] },
      ),
    },
    expected: [],
  },
  {
    name: 'security: [] overrides a flow-A root',
    files: {
      'openapi.yaml': api(
        { [P]: { get: operation({ security: [], responses: only200 }) } },
        { security: FLOW_A },
      ),
    },
    expected: [],
  },
  {
    name: 'ClientId or AccessToken (two requirements) is not flow A',
    files: {
      'openapi.yaml': api({
        [P]: { get: operation({ security: [{ ClientId: [] }, { AccessToken: [] }], responses: only200 }) },
      }),
    },
    expected: [],
  },
  {
    name: 'flow-A operation with only a 200',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ responses: only200 }) } }) },
    expected: [m400, m401, m403, m404].map((message) => ({ at: `${at(P)}/responses`, message })),
  },
  {
    name: 'flow A inherited from the root, 403 missing',
    files: {
      'openapi.yaml': api(
        { [P]: { get: operation({ security: undefined, responses: withoutForbidden }) } },
        { security: FLOW_A },
      ),
    },
    expected: [{ at: `${at(P)}/responses`, message: m403 }],
  },
  {
    name: 'paginated list (page parameter from the path item) without 404 points at PageNotFound',
    files: {
      'openapi.yaml': api({
        [P]: {
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
          get: operation({ responses: { ...only200, 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] } }),
        },
      }),
    },
    expected: [{ at: `${at(P)}/responses`, message: m404page }],
  },
  {
    name: 'flow-A operation without responses',
    files: { 'openapi.yaml': api({ [P]: { get: operation({ responses: undefined }) } }) },
    expected: [m400, m401, m403, m404].map((message) => ({ at: at(P), message })),
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['documented-errors'];
export const fixtures = cases;
