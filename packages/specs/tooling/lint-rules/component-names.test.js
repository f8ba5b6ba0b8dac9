// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/component-names.js';
import { nameKey, pascalName } from './rules/component-names.js';
import { lintFindings } from './test-support/linted.js';

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

describe('feed/component-names', () => {
  /** @type {Map<string, Array<{ at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFindings('component-names');
  }, 60_000);

  it.each(cases)('$name', ({ name, expected }) => {
    expect(results.get(name)?.map(({ at, message }) => ({ at, message }))).toEqual(expected);
  });
});
