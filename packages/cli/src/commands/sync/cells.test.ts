import { rawNumber } from '@assoc-feed/core/internal';
import { describe, expect, it } from 'vitest';
import { checkKeys, toCell, toRow, utcTimestamp, ValueFitError } from './cells.js';
import type { ColumnType } from './column-types.js';

const SPACE_MILLIS = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}$';
const decimal = (precision: number, scale: number): ColumnType => ({ kind: 'decimal', precision, scale });

describe('toCell: a value as its column keeps it, or a ValueFitError naming the field', () => {
  it.each([
    // value, column, cell
    [rawNumber('1234567.12345678901234567'), decimal(33, 17), '1234567.12345678901234567'],
    [rawNumber('1.50000'), decimal(19, 2), '1.5'],
    [12.5, decimal(19, 4), '12.5'],
    [-0.25, decimal(19, 4), '-0.25'],
    [rawNumber('-0.000'), decimal(19, 4), '0'],
    [rawNumber('1e-7'), decimal(38, 16), '0.0000001'],
    [rawNumber('1.5E+3'), decimal(19, 0), '1500'],
    [rawNumber('123456789012345678'), { kind: 'int64' }, '123456789012345678'],
    [42, { kind: 'int64' }, '42'],
    [1.25, { kind: 'double' }, 1.25],
  ] as const)('%s in %j', (value, type, cell) => {
    expect(toCell(value, type as ColumnType, 'f')).toBe(cell);
  });

  it.each([
    [
      rawNumber('1.123'),
      decimal(5, 2),
      'valor: the value "1.123" does not fit its column DECIMAL(5,2) (3 decimals, the column keeps 2)',
    ],
    [rawNumber('1234'), decimal(5, 2), '4 whole digits, the column keeps 3'],
    ['1870,533818', decimal(19, 6), 'not a number'],
    ['2026-02-30', { kind: 'date' }, 'not a date YYYY-MM-DD'],
    [rawNumber('1.5'), { kind: 'int64' }, '1 decimals, the column keeps 0'],
    [rawNumber('1234567890123456789'), { kind: 'int64' }, '19 whole digits, the column keeps 18'],
    // The spec's precision (numeric(11)), on the digits as sent, not the column's 18.
    [
      rawNumber('12345678901234567'),
      { kind: 'int64', digits: 11 },
      'the value "12345678901234567" does not fit',
    ],
    [rawNumber('12345678901234567'), { kind: 'int64', digits: 11 }, '17 whole digits, the column keeps 11'],
    // A partition value is a real date, never a path.
    ['2026-02-1/../../../victim', { kind: 'date' }, 'the value "2026-02-1/../../../victim" does not fit'],
    ['2026-02-15T00:00:00', { kind: 'date' }, 'not a date YYYY-MM-DD'],
    // A timestamp in the spec's form only (the form E8's position is sent in).
    ['2026-11-19 10:00:00', { kind: 'timestamp', pattern: SPACE_MILLIS }, "not in the spec's form"],
    ['zzzz', { kind: 'timestamp', pattern: SPACE_MILLIS }, "not in the spec's form"],
  ] as const)('%s does not fit %j', (value, type, message) => {
    expect(() => toCell(value, type as ColumnType, 'valor')).toThrow(ValueFitError);
    expect(() => toCell(value, type as ColumnType, 'valor')).toThrow(message);
  });

  it.each([
    ['absent', {}, 'codigo_classe: the value (absent) does not fit its column VARCHAR (the spec requires it'],
    ['null', { codigo_classe: null }, 'the spec does not allow null'],
  ])('a required field %s is refused (records would merge under a NULL key)', (_case, record, message) => {
    const columns = [
      { name: 'codigo_classe', type: { kind: 'string' } as const, required: true, nullable: false },
    ];
    expect(() => toRow(record, columns)).toThrow(message);
  });

  it('a required field that may be null takes null', () => {
    const columns = [
      { name: 'codigo_subclasse', type: { kind: 'string' } as const, required: true, nullable: true },
    ];
    expect(toRow({ codigo_subclasse: null }, columns)).toEqual({ codigo_subclasse: null });
  });

  it('names the field inside lists of structs', () => {
    const type: ColumnType = {
      kind: 'list',
      item: { kind: 'struct', fields: [{ name: 'vna', type: decimal(19, 6) }] },
    };
    expect(() => toCell([{ vna: 1 }, { vna: rawNumber('1.1234567') }], type, 'titulos')).toThrow(
      /^titulos\[1\]\.vna: /,
    );
  });

  it('keeps dates, text and null as they are, and lists unknown fields without keeping them', () => {
    const unknown = new Set<string>();
    const row = toRow(
      { d: '2026-11-19', s: 'x', n: null, extra: 1 },
      [
        { name: 'd', type: { kind: 'date' } },
        { name: 's', type: { kind: 'string' } },
        { name: 'n', type: decimal(19, 2) },
        { name: 'absent', type: { kind: 'string' } },
      ],
      '',
      unknown,
    );
    expect(row).toEqual({ d: '2026-11-19', s: 'x', n: null, absent: null });
    expect([...unknown]).toEqual(['extra']);
  });
});

describe('utcTimestamp: Brasília wall-clock time (-03:00) as UTC', () => {
  it.each([
    ['2026-11-20 18:32:05.123', '2026-11-20T21:32:05.123Z'],
    ['2026-11-20T22:00:00.000', '2026-11-21T01:00:00.000Z'],
    ['2026-11-20T18:32:05', '2026-11-20T21:32:05Z'],
    ['2026-11-20T18:32:05Z', '2026-11-20T18:32:05Z'],
    ['2026-11-20T18:32:05-02:00', '2026-11-20T20:32:05Z'],
    ['2026-02-30T10:00:00', undefined],
    ['20/11/2026', undefined],
  ])('%s → %s', (text, utc) => {
    expect(utcTimestamp(text)).toBe(utc);
  });
});

describe('checkKeys: a code becomes a key only when it has the spec form', () => {
  const code = { kind: 'string', pattern: '^C[0-9]{10}$', minLength: 11, maxLength: 11 } as const;
  const columns = [
    { name: 'codigo_classe', type: code },
    { name: 'codigo_subclasse', type: { ...code, pattern: '^S[0-9]{10}$' } },
  ];
  const keys = ['codigo_classe', 'codigo_subclasse'];
  it.each([
    [
      '',
      'codigo_classe: the value "" does not fit its column VARCHAR (shorter than the spec\'s 11 characters',
    ],
    [
      'X0000100007',
      'codigo_classe: the value "X0000100007" does not fit its column VARCHAR (not in the spec\'s form',
    ],
    ['C00001000070', "(longer than the spec's 11 characters, and it is a key of the merge)"],
  ])('codigo_classe %j is refused', (value, message) => {
    expect(() => checkKeys({ codigo_classe: value, codigo_subclasse: null }, columns, keys)).toThrow(message);
  });

  it('(control) a class code and a null subclass pass', () => {
    expect(() =>
      checkKeys({ codigo_classe: 'C0000100007', codigo_subclasse: null }, columns, keys),
    ).not.toThrow();
  });
});

describe('lone UTF-16 surrogates are written as U+FFFD', () => {
  it.each([
    ['a lone high surrogate', 'a\uD800b', 'a\uFFFDb'],
    ['a lone low surrogate', '\uDC00z', '\uFFFDz'],
    ['(control) a pair, one character past U+FFFF', 'x\uD83D\uDE00', 'x\uD83D\uDE00'],
  ])('%s in text', (_, value, cell) => {
    expect(toCell(value, { kind: 'string' }, 'f')).toBe(cell);
    expect(JSON.stringify(toCell(value, { kind: 'string' }, 'f'))).not.toMatch(/\\ud[89a-f]/i);
  });

  it('in a field kept as JSON text, a literal backslash-u text kept as it was', () => {
    const cell = toCell({ a: 'x\uD800', b: '\\ud800' }, { kind: 'json' }, 'f');
    expect(cell).toBe('{"a":"x\uFFFD","b":"\\\\ud800"}');
  });
});
