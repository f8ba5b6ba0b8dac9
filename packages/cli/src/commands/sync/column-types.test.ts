import { loadSpecModel } from '@assoc-feed/specs/load';
import { createSpecModel } from '@assoc-feed/specs/model';
import { describe, expect, it } from 'vitest';
import { recordColumns, sqlType } from './column-types.js';

/** A spec with one operation whose record has one field of each schema under test. */
function columnsOf(fields: Record<string, unknown>) {
  const spec = {
    openapi: '3.1.0',
    paths: {
      '/r': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'array', items: { type: 'object', properties: fields } },
                },
              },
            },
          },
        },
      },
    },
  };
  return Object.fromEntries(recordColumns(createSpecModel(spec), '/r').map((c) => [c.name, sqlType(c.type)]));
}

describe('column types from the spec notation', () => {
  it.each([
    [
      'Decimal(p,s), Num(p,s)',
      { type: 'number', 'x-decimal': { precision: 33, scale: 17 } },
      'DECIMAL(33,17)',
    ],
    [
      'Num(19, up to 16)',
      { type: 'number', 'x-decimal': { precision: 19, scale: 16, scaleIsMaximum: true } },
      'DECIMAL(38,16)',
    ],
    ['Num(19), no scale', { type: 'number', 'x-decimal': { precision: 19 } }, 'DECIMAL(38,19)'],
    ['Decimal, size 6', { type: 'number', 'x-decimal': { precision: 6 } }, 'DECIMAL(38,6)'],
    ['Float(53, 4 dp)', { type: 'number', 'x-decimal': { binary: 53, scale: 4 } }, 'DOUBLE'],
    ['Integer(10)', { type: 'integer', 'x-decimal': { precision: 10, scale: 0 } }, 'BIGINT'],
    ['numeric(18)', { type: 'integer', 'x-decimal': { precision: 18, scale: 0 } }, 'BIGINT'],
    ['Num(19,0)', { type: 'integer', 'x-decimal': { precision: 19, scale: 0 } }, 'DECIMAL(19,0)'],
    ['Date', { type: 'string', format: 'date' }, 'DATE'],
    [
      'Timestamp v2',
      { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}$' },
      'TIMESTAMP WITH TIME ZONE',
    ],
    [
      'E8 timestamp',
      { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}$' },
      'TIMESTAMP WITH TIME ZONE',
    ],
    ['Alnum(n)', { type: 'string', maxLength: 6 }, 'VARCHAR'],
    ['nullable code', { oneOf: [{ type: 'string' }, { type: 'null' }] }, 'VARCHAR'],
    ['enumeration', { enum: ['S', 'N'] }, 'VARCHAR'],
    [
      'a list of structs',
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { v: { type: 'number', 'x-decimal': { precision: 19, scale: 2 } } },
        },
      },
      'STRUCT("v" DECIMAL(19,2))[]',
    ],
  ])('%s', (_notation, schema, type) => {
    expect(columnsOf({ f: schema })).toEqual({ f: type });
  });

  it("reads the bundled spec's E8 and E1 records: valor_cota DECIMAL(33,17), classes a list of structs", () => {
    const model = loadSpecModel('feed');
    const e8 = recordColumns(model, '/feed/fundos/v2/fundos/serie-historica/lote', 'content');
    expect(sqlType(e8.find((c) => c.name === 'valor_cota')?.type ?? { kind: 'json' })).toBe('DECIMAL(33,17)');
    const e1 = recordColumns(model, '/feed/fundos/v2/fundos', 'content');
    expect(e1.find((c) => c.name === 'classes')?.type).toMatchObject({
      kind: 'list',
      item: { kind: 'struct' },
    });
  });
});
