// @ts-check
// The fixtures of ../paginated-list-limits.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, at, ERRORS, operation } from '../test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos';
const OP = `GET ${P}`;

/** @param {Record<string, unknown>} [schema] */
const page = (schema = { type: 'integer', minimum: 0 }) => ({ name: 'page', in: 'query', schema });
/** @param {Record<string, unknown>} [schema] */
const size = (schema = { type: 'integer', minimum: 1, maximum: 1000 }) => ({
  name: 'size',
  in: 'query',
  schema,
});
/** @param {unknown} schema */
const ok = (schema) => ({
  description: 'A page.',
  content: { 'application/json': { schema, examples: { p: { value: {} } } } },
});
const envelope = ok({
  type: 'object',
  properties: { content: { type: 'array', items: { type: 'object' } }, page: { type: 'integer' } },
});
/**
 * @param {unknown[]} parameters
 * @param {Record<string, unknown>} [responses]
 */
const list = (parameters, responses = { 200: envelope, ...ERRORS }) => ({
  'openapi.yaml': api({ [P]: { get: operation({ parameters, responses }) } }),
});

const noSize =
  `Operation ${OP} has a \`page\` query parameter but no \`size\`. Add the page size with the document's maximum: ` +
  "`$ref: ../../common/parameters/size-1000.yaml` (or the document's own size parameter for another maximum).";
const noPage =
  `Operation ${OP} has a \`size\` query parameter but no \`page\`. A paginated list takes both: add ` +
  '`$ref: ../../common/parameters/page.yaml` (or `cursor` for a list paged by cursor); if the list is ' +
  'not paginated, remove `size`.';
const cursorNoSize =
  `Operation ${OP} has a \`cursor\` query parameter but no \`size\`. Add the page size with the document's maximum: ` +
  "`$ref: ../../common/parameters/size-1000.yaml` (or the document's own size parameter for another maximum).";
const pageAndCursor =
  `Operation ${OP} has both \`page\` and \`cursor\` query parameters. A list pages either by page number ` +
  '(`page` + `size`) or by cursor (`cursor` + `size`): remove the one the service does not take.';
const cursor = () => ({ name: 'cursor', in: 'query', schema: { type: 'string' } });
/** @param {string} found */
const pageMin = (found) =>
  `Parameter \`page\` of operation ${OP} must count from 0: give its schema \`minimum: 0\` (found ${found}), or use ` +
  '`$ref: ../../common/parameters/page.yaml`.';
/** @param {string} found */
const sizeMin = (found) =>
  `Parameter \`size\` of operation ${OP} must allow at least 1 record per page: give its schema \`minimum: 1\` (found ${found}).`;
const sizeNoMax =
  `Parameter \`size\` of operation ${OP} has no \`maximum\`. Give its schema the document's maximum page size (at ` +
  'most 1000), e.g. `$ref: ../../common/parameters/size-1000.yaml`, so clients and the mock reject larger pages.';
const sizeMaxTooBig =
  `Parameter \`size\` of operation ${OP} has \`maximum: 5000\`, above 1000, the largest page the documents allow. ` +
  "Set the document's maximum for this list.";
/** @param {string} problem */
const content = (problem) =>
  `The 200 response of paginated operation ${OP} ${problem}. Wrap the records in the page envelope: \`allOf: ` +
  '[{ $ref: ../../common/schemas/PageEnvelope.yaml }, { type: object, required: [content], properties: { content: ' +
  '{ type: array, items: … } } }]`.';
const no404 =
  `Paginated operation ${OP} declares no 404 (a page number past the last page). Add ` +
  "`'404': { $ref: ../../common/responses/PageNotFound.yaml }` under its `responses`.";

const { 404: _notFound, ...without404 } = ERRORS;

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'the conventions layout: shared page/size, page envelope via allOf across files',
    files: {
      'openapi.yaml': api({ [P]: { $ref: 'specs/doc/paths/fundos.yaml' } }),
      'specs/doc/paths/fundos.yaml': [
        'get:',
        '  parameters:',
        '    - $ref: ../../common/parameters/page.yaml',
        '    - $ref: ../../common/parameters/size-1000.yaml',
        '  responses:',
        "    '200':",
        '      description: One page.',
        '      content:',
        '        application/json:',
        '          schema:',
        '            allOf:',
        '              - $ref: ../../common/schemas/PageEnvelope.yaml',
        '              - $ref: ../components/schemas/FundPage.yaml',
        "    '404':",
        '      $ref: ../../common/responses/PageNotFound.yaml',
        '',
      ].join('\n'),
      'specs/common/parameters/page.yaml':
        'name: page\nin: query\nschema:\n  type: integer\n  minimum: 0\n  maximum: 2147483647\n',
      'specs/common/parameters/size-1000.yaml':
        'name: size\nin: query\nschema:\n  $ref: ../schemas/Size.yaml\n',
      'specs/common/schemas/Size.yaml': 'type: integer\nminimum: 1\nmaximum: 1000\n',
      'specs/common/schemas/PageEnvelope.yaml': 'type: object\nproperties:\n  page: { type: integer }\n',
      'specs/common/responses/PageNotFound.yaml': 'description: Past the last page.\n',
      'specs/doc/components/schemas/FundPage.yaml': [
        'type: object',
        'properties:',
        '  content:',
        '    $ref: ./Funds.yaml',
        '',
      ].join('\n'),
      'specs/doc/components/schemas/Funds.yaml': "type: [array, 'null']\nitems: { type: object }\n",
    },
    expected: [],
  },
  {
    name: 'a detail operation (no page, no size) is not checked',
    files: list([], { 200: ok({ type: 'object' }) }),
    expected: [],
  },
  { name: 'page and size inline with their limits', files: list([page(), size()]), expected: [] },
  {
    name: 'a list paged by cursor: cursor and size, no page and no 404 needed',
    files: list([cursor(), size()], { 200: envelope, ...without404 }),
    expected: [],
  },
  {
    name: 'cursor without size',
    files: list([cursor()]),
    expected: [{ at: at(P), message: cursorNoSize }],
  },
  {
    name: 'page and cursor together',
    files: list([page(), cursor(), size()]),
    expected: [{ at: at(P), message: pageAndCursor }],
  },
  {
    name: 'size without page',
    files: list([size()]),
    expected: [{ at: at(P), message: noPage }],
  },
  {
    name: 'page without size',
    files: list([page()]),
    expected: [{ at: at(P), message: noSize }],
  },
  {
    name: 'page from 1, size from 0 with no maximum',
    files: list([page({ type: 'integer', minimum: 1 }), size({ type: 'integer', minimum: 0 })]),
    expected: [
      { at: `${at(P)}/parameters/0/schema`, message: pageMin('a number (1)') },
      { at: `${at(P)}/parameters/1/schema`, message: sizeMin('a number (0)') },
      { at: `${at(P)}/parameters/1/schema`, message: sizeNoMax },
    ],
  },
  {
    name: 'page without minimum, size above 1000',
    files: list([page({ type: 'integer' }), size({ type: 'integer', minimum: 1, maximum: 5000 })]),
    expected: [
      { at: `${at(P)}/parameters/0/schema`, message: pageMin('none') },
      { at: `${at(P)}/parameters/1/schema/maximum`, message: sizeMaxTooBig },
    ],
  },
  {
    name: 'records not in an array content',
    files: list([page(), size()], { 200: ok({ type: 'array', items: { type: 'object' } }), ...ERRORS }),
    expected: [
      {
        at: `${at(P)}/responses/200/content/application~1json/schema`,
        message: content('has no array property `content`'),
      },
    ],
  },
  {
    name: 'content that is an object',
    files: list([page(), size()], {
      200: ok({ allOf: [{ type: 'object', properties: { content: { type: 'object' } } }] }),
      ...ERRORS,
    }),
    expected: [
      {
        at: `${at(P)}/responses/200/content/application~1json/schema/allOf/0/properties/content`,
        message: content('has a `content` property that is not an array'),
      },
    ],
  },
  {
    name: 'no 200 and no 404',
    files: list([page(), size()], { 400: ERRORS[400] }),
    expected: [
      { at: at(P), message: content('has no array property `content`') },
      { at: `${at(P)}/responses`, message: no404 },
    ],
  },
  {
    name: 'no 404',
    files: list([page(), size()], { 200: envelope, ...without404 }),
    expected: [{ at: `${at(P)}/responses`, message: no404 }],
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['paginated-list-limits'];
export const fixtures = cases;
