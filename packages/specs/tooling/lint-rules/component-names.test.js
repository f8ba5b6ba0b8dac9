// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { nameKey, pascalName } from './rules/component-names.js';
import { api, byLocation, lintFixtures, operation } from './test-support/lint-fixtures.js';

describe('nameKey and pascalName', () => {
  it.each([
    ['tipo-fundo', 'tipofundo', 'TipoFundo'],
    ['TipoFundo', 'tipofundo', 'TipoFundo'],
    ['codigo_fundo-historico', 'codigofundohistorico', 'CodigoFundoHistorico'],
    ['VnaResponse', 'vnaresponse', 'VnaResponse'],
    ['date', 'date', 'Date'],
  ])('%s → %s, %s', (name, key, pascal) => {
    expect(nameKey(name)).toBe(key);
    expect(pascalName(name)).toBe(pascal);
  });
});

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
const cases = [
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

describe('feed/component-names', () => {
  /** @type {Map<string, Array<{ at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(['component-names'], cases);
  }, 60_000);

  it.each(cases)('$name', ({ name, expected }) => {
    expect(results.get(name)?.map(({ at, message }) => ({ at, message }))).toEqual(expected);
  });
});
