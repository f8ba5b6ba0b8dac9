// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { pathFileName } from './rules/path-file-name.js';
import { byLocation, lintFixtures, operation } from './test-support/lint-fixtures.js';

describe('pathFileName', () => {
  it.each([
    ['/feed/fundos/v2/fundos', 'fundos.yaml'],
    [
      '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}',
      'fundos-{codigo_fundo_ou_classe_ou_subclasse}.yaml',
    ],
    [
      '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/notas-explicativas',
      'fundos-{codigo_classe_ou_subclasse}-notas-explicativas.yaml',
    ],
    ['/feed/fundos/v1/fundos/{ANBIMAcode}', 'fundos-{anbimacode}.yaml'],
    [
      '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
      'titulos-publicos-mercado-secundario-tpf.yaml',
    ],
    ['/feed/precos-indices/v2/ima-etf/pu-intradiario', 'ima-etf-pu-intradiario.yaml'],
    ['/beta/feed/fundos/v2/fundos/{codigoFundo}', 'beta-fundos-{codigofundo}.yaml'],
    ['/oauth/access-token', 'oauth-access-token.yaml'],
    ['/input/titulos-privados/v1/{resource}', 'input-titulos-privados-v1-{resource}.yaml'],
  ])('%s → %s', (path, file) => {
    expect(pathFileName(path)).toBe(file);
  });
});

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
const cases = [
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

describe('feed/path-file-name', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFixtures(['path-file-name'], cases);
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/path-file-name')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
