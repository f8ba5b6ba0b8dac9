// @ts-check
// The fixtures of ../component-names.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, byLocation, operation } from '../test-support/lint-fixtures.js';

const P = '/feed/precos-indices/v1/titulos-publicos/vna';
const SCHEMA = { type: 'object', properties: { data: { type: 'string' } } };

/** An operation whose 200 is `responses/<response>.yaml` and whose parameter is `parameters/<parameter>.yaml`. */
function fixture({
  response = 'VnaResponse',
  parameter = 'data-referencia',
  schemaFile = 'Vna',
  extra = {},
} = {}) {
  return {
    'openapi.yaml': api({
      [P]: {
        get: operation({
          parameters: [{ $ref: `parameters/${parameter}.yaml` }],
          responses: { 200: { $ref: `responses/${response}.yaml` }, 400: { description: 'Bad request.' } },
        }),
      },
    }),
    [`responses/${response}.yaml`]: {
      description: 'The answer.',
      content: {
        'application/json': {
          schema: { $ref: `../schemas/${schemaFile}.yaml` },
          examples: { a: { value: {} } },
        },
      },
    },
    [`parameters/${parameter}.yaml`]: {
      name: 'data',
      in: 'query',
      schema: { $ref: '../schemas/Cnpj.yaml' },
    },
    [`schemas/${schemaFile}.yaml`]: SCHEMA,
    'schemas/Cnpj.yaml': { type: 'string' },
    ...extra,
  };
}

const same = (
  /** @type {string} */ other,
  /** @type {string} */ kept,
  /** @type {string} */ kind,
  /** @type {string} */ to,
) =>
  `${other} has the name of ${kept}: generators write both to one identifier (one overwrites the other, or ` +
  `refers to itself), whatever the kind or the case. Keep the schema's name and rename the ${kind}: \`git mv\` ` +
  `its file to ${to} and update its \`$ref\`s (specs/CONVENTIONS.md "Component names").`;
const global = (/** @type {string} */ what, /** @type {string} */ name) =>
  `${what} is named after the JavaScript/TypeScript global \`${name}\`: code generated from the spec declares ` +
  `\`${name}\` and shadows the global (\`class … extends ${name}\` breaks). Give it a name that says what it ` +
  `holds (\`git mv\` the file, e.g. to \`Calendar${name}.yaml\` or \`${name}Body.yaml\`, and update its ` +
  '`$ref`s; specs/CONVENTIONS.md "Component names").';

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  { name: 'names of their own', files: fixture(), expected: [] },
  {
    name: 'a response named like its schema',
    files: fixture({ response: 'Vna' }),
    expected: [
      {
        at: 'responses/Vna.yaml#/',
        message: same(
          'the response `Vna` (responses/Vna.yaml)',
          'the schema `Vna` (schemas/Vna.yaml)',
          'response',
          '`VnaResponse.yaml`',
        ),
      },
    ],
  },
  {
    name: 'a parameter named like a schema, in another case and with a dash',
    files: fixture({ parameter: 'cnpj', schemaFile: 'Vna' }),
    expected: [
      {
        at: 'parameters/cnpj.yaml#/',
        message: same(
          'the parameter `cnpj` (parameters/cnpj.yaml)',
          'the schema `Cnpj` (schemas/Cnpj.yaml)',
          'parameter',
          'a name that says where it applies (`cnpj-instituicao.yaml`)',
        ),
      },
    ],
  },
  {
    name: 'schema files named after globals, and a components entry named after one',
    files: {
      ...fixture({ schemaFile: 'Error' }),
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              responses: { 200: { $ref: 'responses/VnaResponse.yaml' }, 400: { description: 'Bad.' } },
            }),
          },
        },
        { components: { schemas: { Date: { type: 'string', format: 'date' } } } },
      ),
    },
    expected: [
      {
        at: 'openapi.yaml#/components/schemas/Date',
        message: global('the schema `Date` (openapi.yaml)', 'Date'),
      },
      { at: 'schemas/Error.yaml#/', message: global('the schema `Error` (schemas/Error.yaml)', 'Error') },
    ].sort(byLocation),
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['component-names'];
export const fixtures = cases;
