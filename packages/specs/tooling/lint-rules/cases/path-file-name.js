// @ts-check
// The fixtures of ../path-file-name.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { operation } from '../test-support/lint-fixtures.js';

const P = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const EXPECTED = 'fundos-{codigo_fundo_ou_classe_ou_subclasse}.yaml';
/** @param {string} path */
const at = (path) => `openapi.yaml#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/$ref`;
/** @param {string} path @param {string} name @param {string} expected */
const wrongName = (path, name, expected) =>
  `The file of path ${path} is named ${name}; name it ${expected} (the path without its ` +
  '`feed/<family>/v<n>/` prefix, `/` as `-`, lower case; specs/CONVENTIONS.md "Path files"): ' +
  '`git mv` the file and update this `$ref`.';

/** @param {Record<string, string>} refs path → $ref; each target file holds a valid operation */
function fixture(refs) {
  /** @type {Record<string, string | object>} */
  const files = {
    'openapi.yaml': {
      openapi: '3.1.0',
      info: { title: 'Fixture', version: '1.0.0' },
      paths: Object.fromEntries(Object.entries(refs).map(([path, $ref]) => [path, { $ref }])),
    },
  };
  for (const ref of Object.values(refs)) files[ref] = { get: operation() };
  return files;
}

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'path files named after their paths, in any folder',
    files: fixture({ [P]: `paths/${EXPECTED}`, '/oauth/access-token': '../common/oauth-access-token.yaml' }),
    expected: [],
  },
  {
    name: 'an inline path item (no file to name)',
    files: {
      'openapi.yaml': {
        openapi: '3.1.0',
        info: { title: 'F', version: '1' },
        paths: { [P]: { get: operation() } },
      },
    },
    expected: [],
  },
  {
    name: 'a dropped parameter',
    files: fixture({ [P]: 'paths/fundos-codigo.yaml' }),
    expected: [{ at: at(P), message: wrongName(P, 'fundos-codigo.yaml', EXPECTED) }],
  },
  {
    name: 'upper case',
    files: fixture({ '/feed/fundos/v1/fundos/{ANBIMAcode}': 'paths/fundos-{ANBIMAcode}.yaml' }),
    expected: [
      {
        at: at('/feed/fundos/v1/fundos/{ANBIMAcode}'),
        message: wrongName(
          '/feed/fundos/v1/fundos/{ANBIMAcode}',
          'fundos-{ANBIMAcode}.yaml',
          'fundos-{anbimacode}.yaml',
        ),
      },
    ],
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['path-file-name'];
export const fixtures = cases;
