import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { findTarget } from '../operations.js';
import type { Chunks } from './encoders.js';
import { createEncoder, type Format } from './encoders.js';
import { recordShape, type Shape } from './record-shape.js';

const fund = {
  content: { codigo_fundo: 'F0000000001', tipo_fundo: 'FII', razao_social_fundo: 'A, "quoted" name' },
  classes: [
    { codigo_classe: 'C0000000001', nome_comercial_classe: 'One' },
    { codigo_classe: 'C0000000002', nome_comercial_classe: 'Two' },
  ],
  subclases: [],
};
const shape: Shape = {
  kind: 'object',
  fields: [
    [
      'content',
      {
        kind: 'object',
        fields: [
          ['codigo_fundo', { kind: 'scalar' }],
          ['tipo_fundo', { kind: 'scalar' }],
          ['razao_social_fundo', { kind: 'scalar' }],
        ],
      },
    ],
    [
      'classes',
      {
        kind: 'list',
        item: {
          kind: 'object',
          fields: [
            ['codigo_classe', { kind: 'scalar' }],
            ['nome_comercial_classe', { kind: 'scalar' }],
          ],
        },
      },
    ],
    [
      'subclases',
      { kind: 'list', item: { kind: 'object', fields: [['codigo_subclasse', { kind: 'scalar' }]] } },
    ],
  ],
};

/** What a run writes: start, then pages, then end, concatenated per table. */
function write(
  format: Format,
  pages: unknown[][],
  options: { lists?: 'json' | 'files'; tagPeriod?: boolean } = {},
) {
  const encoder = createEncoder({ format, shape: () => shape, ...options });
  const files = new Map<string, string>();
  const add = (chunks: Chunks) => {
    for (const [k, v] of chunks) files.set(k, (files.get(k) ?? '') + v);
  };
  add(encoder.start());
  let before = 0;
  for (const page of pages) {
    add(encoder.encode(page, before, options.tagPeriod ? '2025-01-02' : undefined));
    before += page.length;
  }
  add(encoder.end(before));
  return files;
}

describe('encoders', () => {
  it('NDJSON: one record per line, tagged with _period in a backfill', () => {
    expect(write('ndjson', [[fund], [fund]]).get('')).toBe(
      `${JSON.stringify(fund)}\n${JSON.stringify(fund)}\n`,
    );
    expect(write('ndjson', [[{ a: 1 }]], { tagPeriod: true }).get('')).toBe(
      '{"_period":"2025-01-02","a":1}\n',
    );
  });

  it('JSON: one valid array however the records were split into pages, empty included', () => {
    for (const pages of [[[1, 2, 3]], [[1], [2, 3]], [[1], [], [2], [3]]]) {
      expect(JSON.parse(write('json', pages).get('') as string)).toEqual([1, 2, 3]);
    }
    expect(JSON.parse(write('json', []).get('') as string)).toEqual([]);
    expect(JSON.parse(write('json', [[]]).get('') as string)).toEqual([]);
  });

  it('CSV: dotted columns in the spec order, lists as JSON cells, quoting by the CSV writer', () => {
    const text = write('csv', [[fund]]).get('') as string;
    expect(text.split('\n')[0]).toBe(
      'content.codigo_fundo,content.tipo_fundo,content.razao_social_fundo,classes,subclases,_extra',
    );
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect(row?.['content.razao_social_fundo']).toBe('A, "quoted" name');
    expect(JSON.parse(row?.classes as string)).toEqual(fund.classes);
    expect(row?.subclases).toBe('[]');
  });

  it('CSV with lists as files: a table per list, rows keyed by _record and _index, one header per table', () => {
    const files = write('csv', [[fund], [fund]], { lists: 'files' });
    expect([...files.keys()]).toEqual(['', 'classes', 'subclases']);
    expect(parse(files.get('') as string, { columns: true })).toEqual([
      {
        _record: '0',
        'content.codigo_fundo': 'F0000000001',
        'content.tipo_fundo': 'FII',
        'content.razao_social_fundo': 'A, "quoted" name',
        _extra: '',
      },
      {
        _record: '1',
        'content.codigo_fundo': 'F0000000001',
        'content.tipo_fundo': 'FII',
        'content.razao_social_fundo': 'A, "quoted" name',
        _extra: '',
      },
    ]);
    expect(parse(files.get('classes') as string, { columns: true })).toEqual([
      { _record: '0', _index: '0', codigo_classe: 'C0000000001', nome_comercial_classe: 'One', _extra: '' },
      { _record: '0', _index: '1', codigo_classe: 'C0000000002', nome_comercial_classe: 'Two', _extra: '' },
      { _record: '1', _index: '0', codigo_classe: 'C0000000001', nome_comercial_classe: 'One', _extra: '' },
      { _record: '1', _index: '1', codigo_classe: 'C0000000002', nome_comercial_classe: 'Two', _extra: '' },
    ]);
    expect(files.get('subclases')).toBe('_record,_index,codigo_subclasse,_extra\n');
  });

  it('CSV keeps what the spec does not declare in _extra, and writes empty cells for absent fields', () => {
    const odd = { content: { codigo_fundo: 'F1', novo_campo: 7 }, classes: null, extra_top: true };
    const [row] = parse(write('csv', [[odd]]).get('') as string, { columns: true }) as Record<
      string,
      string
    >[];
    expect(row?.['content.tipo_fundo']).toBe('');
    expect(row?.classes).toBe('');
    expect(JSON.parse(row?._extra as string)).toEqual({ 'content.novo_campo': 7, extra_top: true });
  });

  it('CSV tags backfill rows with _period in the first column', () => {
    const text = write('csv', [[fund]], { tagPeriod: true }).get('') as string;
    expect(text.startsWith('_period,content.codigo_fundo,')).toBe(true);
    expect(text.split('\n')[1]?.startsWith('2025-01-02,F0000000001,')).toBe(true);
  });
});

describe('recordShape: columns from the spec', () => {
  it.each([
    ['/feed/fundos/v2/fundos', ['codigo_fundo', 'razao_social_fundo', 'classes', 'subclases'], 'classes'],
    [
      '/feed/fundos/v1/fundos-estruturados',
      ['cnpj_fundo', 'razao_social', 'classe_assoc', 'classes_serie_cota'],
      'classes_serie_cota',
    ],
    [
      '/feed/precos-indices/v1/titulos-publicos/curvas-juros',
      ['data_referencia', 'parametros', 'erros'],
      'erros',
    ],
  ])('%s: a record of fields %j, %s a list of objects', (path, fields, list) => {
    const s = recordShape(findTarget(path).operation.meta);
    expect(s.kind).toBe('object');
    const names = s.kind === 'object' ? s.fields.map(([n]) => n) : [];
    expect(names).toEqual(expect.arrayContaining(fields));
    const listShape = s.kind === 'object' ? s.fields.find(([n]) => n === list)?.[1] : undefined;
    expect(listShape?.kind).toBe('list');
  });
});
