import { describe, expect, it } from 'vitest';
import { disagreements, namedRecords } from './example-records.js';

// What the sandbox answers, as E2 shows it: a fund, its class and its administrator.
const sandbox = namedRecords({
  codigo_fundo: 'F0000100007',
  identificador_fundo: '22345677000102',
  nome_comercial_fundo: 'Lagoa Santa Prime Ações Valor FIF',
  tipo_fundo: 'FIF',
  prestadores: [
    {
      codigo_tipo_prestador: 'Administrador',
      identificador: '01227011000171',
      razao_social: 'ARAUCARIA DTVM S.A.',
    },
  ],
  classes: [
    {
      codigo_classe: 'C0000100007',
      nome_comercial_classe: 'Lagoa Santa Prime Ações Valor',
      nivel_1_categoria: 'Ações',
    },
  ],
});

describe('namedRecords reads one spelling per meaning', () => {
  it.each([
    {
      as: 'a list subclass (`codigo`, bare `nome_comercial`)',
      object: { codigo: 'S0000101028', nome_comercial: 'Sênior' },
      record: {
        key: 'codigo_subclasse',
        code: 'S0000101028',
        fields: { nome_comercial_subclasse: 'Sênior' },
      },
    },
    {
      as: 'a segment class (bare `identificador`, `nivel1_categoria`)',
      object: { codigo_classe: 'C0000100007', identificador: '22345677000102', nivel1_categoria: 'Ações' },
      record: {
        key: 'codigo_classe',
        code: 'C0000100007',
        fields: { identificador_classe: '22345677000102', nivel_1_categoria: 'Ações' },
      },
    },
    {
      as: "a v1 provider, beside the fund's `dados-cadastrais`",
      object: {
        'dados-cadastrais': { codigo_fundo: '100007' },
        prestadores: [{ nome: 'Araucária DTVM S.A.', cnpj: '01227011000171' }],
      },
      record: {
        key: 'cnpj',
        code: '01227011000171',
        fields: { nome: 'Araucária DTVM S.A.' },
        fund: 'codigo_fundo 100007',
      },
    },
  ])('$as', ({ object, record }) => {
    expect(namedRecords(object)).toContainEqual(record);
  });
});

describe('disagreements with what the sandbox answers for a code', () => {
  it.each([
    {
      example: {
        codigo_fundo: 'F0000100007',
        nome_comercial_fundo: 'Lagoa Santa Prime Ações Valor FIF',
        tipo_fundo: 'FIF',
      },
      lines: [],
    },
    {
      example: { codigo_fundo: 'F0000100007', nome_comercial_fundo: 'Aurora Renda Fixa FIF' },
      lines: [
        'codigo_fundo F0000100007: nome_comercial_fundo is "Aurora Renda Fixa FIF", the sandbox answers "Lagoa Santa Prime Ações Valor FIF"',
      ],
    },
    {
      example: { codigo_classe: 'C0000100007', nivel_1_categoria: 'Renda Fixa' },
      lines: ['codigo_classe C0000100007: nivel_1_categoria is "Renda Fixa", the sandbox answers "Ações"'],
    },
    {
      example: { codigo_fundo: 'F0000918273', tipo_fundo: 'FIF' },
      lines: ['codigo_fundo F0000918273: the sandbox has no such record'],
    },
    {
      example: { codigo_fundo: 'F0000100007', atributo: 'Monoclasse' },
      lines: ['codigo_fundo F0000100007: atributo is "Monoclasse", a field the sandbox does not give for it'],
    },
    {
      example: {
        codigo_fundo: 'F0000101027',
        prestadores: [{ identificador: '01227011000171', razao_social: 'ARAUCARIA DTVM S.A.' }],
      },
      lines: [
        'codigo_fundo F0000101027: the sandbox has no such record',
        'identificador 01227011000171: the sandbox does not name it a provider of codigo_fundo F0000101027',
      ],
    },
  ])('$example', ({ example, lines }) => {
    expect(namedRecords(example).flatMap((r) => disagreements(r, sandbox))).toEqual(lines);
  });
});
