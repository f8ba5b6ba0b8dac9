import { describe, expect, it } from 'vitest';
import { findTarget, operations } from './operations.js';

describe('findTarget: a typed path to its operation', () => {
  it.each([
    ['/feed/fundos/v2/fundos', '/feed/fundos/v2/fundos', {}, {}],
    ['feed/fundos/v2/fundos/', '/feed/fundos/v2/fundos', {}, {}],
    [
      '/feed/fundos/v2/fundos?size=2&tipo-fundo=FII',
      '/feed/fundos/v2/fundos',
      {},
      { size: '2', 'tipo-fundo': 'FII' },
    ],
    ['https://api.assoc.example/feed/fundos/v2/fundos?page=1', '/feed/fundos/v2/fundos', {}, { page: '1' }],
    [
      '/feed/fundos/v2/fundos/F0000254851',
      '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}',
      { codigo_fundo_ou_classe_ou_subclasse: 'F0000254851' },
      {},
    ],
    // A literal segment wins over a parameter: "instituicoes" is E3, not E2 with a code "instituicoes".
    ['/feed/fundos/v2/fundos/instituicoes', '/feed/fundos/v2/fundos/instituicoes', {}, {}],
    [
      '/feed/fundos/v2/fundos/instituicoes/12345678000199',
      '/feed/fundos/v2/fundos/instituicoes/{cnpj}',
      { cnpj: '12345678000199' },
      {},
    ],
    [
      '/feed/fundos/v2/fundos/C0000100007/notas-explicativas',
      '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/notas-explicativas',
      { codigo_classe_ou_subclasse: 'C0000100007' },
      {},
    ],
    [
      '/feed/fundos/v1/fundos-estruturados?classe-assoc=FII&classe-assoc=FIDC',
      '/feed/fundos/v1/fundos-estruturados',
      {},
      { 'classe-assoc': ['FII', 'FIDC'] },
    ],
  ])('%s → %s', (input, template, path, query) => {
    const target = findTarget(input);
    expect(target.operation.meta.path).toBe(template);
    expect(target.path).toEqual(path);
    expect(target.query).toEqual(query);
  });

  it('covers every GET operation of the three documents, and no POST', () => {
    const docs = new Set(operations.map((o) => o.document));
    expect(docs).toEqual(new Set(['fundosV2', 'fundosV1', 'precosIndices']));
    expect(operations.every((o) => o.meta.method === 'get')).toBe(true);
    expect(operations.map((o) => o.meta.documentId)).toEqual(
      expect.arrayContaining(['E1', 'E8', 'V7', 'C/vna']),
    );
  });

  it('lists the closest operations for an unknown path, with the typed code kept', () => {
    expect(() => findTarget('/feed/fundos/v2/fundoss/F0000254851')).toThrow(
      /Closest matches:\n {2}\/feed\/fundos\/v2\/fundos\/\{codigo_fundo_ou_classe_ou_subclasse\} {2}\(E2\)/,
    );
  });
});
