// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/path-file-name.js';
import { pathFileName } from './rules/path-file-name.js';
import { byLocation } from './test-support/lint-fixtures.js';
import { lintFindings } from './test-support/linted.js';

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

describe('feed/path-file-name', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFindings('path-file-name');
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/path-file-name')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
