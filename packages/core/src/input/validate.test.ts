import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/errors.js';
import { meta } from '../test-support/fixtures.js';
import type { OperationMeta } from './meta.js';
import { dateProblem, findIssues, type RequestParams, validateRequest } from './validate.js';

const list = meta.operations['GET /feed/fundos/v2/fundos'];
const detail = meta.operations['GET /feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}'];
const monthly = meta.operations['GET /feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/resumo-mensal'];
const batch = meta.operations['GET /feed/fundos/v2/fundos/dados-cadastrais/lote'];
const repeatable: OperationMeta = {
  operationId: 'series',
  method: 'get',
  path: '/series',
  auth: 'flowA',
  parameters: [
    {
      name: 'codigo',
      in: 'query',
      required: false,
      schema: { type: 'array', items: { type: 'string', pattern: '^C\\d{10}$' } },
    },
  ],
};
const code = 'C0000123456';

describe('string lengths are counted in code points, as JSON Schema counts them', () => {
  const named = (minLength: number, maxLength: number): OperationMeta => ({
    operationId: 'named',
    method: 'get',
    path: '/named',
    auth: 'flowA',
    parameters: [
      { name: 'nome', in: 'query', required: false, schema: { type: 'string', minLength, maxLength } },
    ],
  });
  it.each<[string, string, number, number, string[]]>([
    ['an astral character counts once (at the maximum)', 'ab😀', 3, 3, []],
    ['an astral character counts once (over the maximum)', 'abc😀', 3, 3, ['maxLength']],
    ['two astral characters are two (at the minimum)', '😀😀', 2, 5, []],
    ['a lone surrogate counts once', 'a\ud800', 2, 2, []],
    ['accents are one character each', 'ção', 3, 3, []],
  ])('%s', (_, value, minLength, maxLength, rules) => {
    expect(findIssues(named(minLength, maxLength), { query: { nome: value } }).map((i) => i.rule)).toEqual(
      rules,
    );
  });
});

describe('validateRequest rejects, naming the parameter, the rule and the fix', () => {
  it.each<[string, OperationMeta, RequestParams, string, string, RegExp]>([
    [
      'pattern',
      detail,
      { path: { codigo_fundo_ou_classe_ou_subclasse: 'X123' } },
      'codigo_fundo_ou_classe_ou_subclasse',
      'pattern',
      /must match \^\[FCS\]\\d\{10\}\$ \(got "X123"\): send a value of that form, for example "F0000123456"/,
    ],
    [
      'required path parameter',
      detail,
      { path: {} },
      'codigo_fundo_ou_classe_ou_subclasse',
      'required',
      /is required: pass params\.path\.codigo_fundo_ou_classe_ou_subclasse/,
    ],
    [
      'empty path parameter',
      detail,
      { path: { codigo_fundo_ou_classe_ou_subclasse: '' } },
      'codigo_fundo_ou_classe_ou_subclasse',
      'required',
      /is required/,
    ],
    [
      'required query parameter',
      batch,
      {},
      'data-atualizacao',
      'required',
      /pass params\.query\["data-atualizacao"\]/,
    ],
    [
      'size above the maximum',
      list,
      { query: { size: 5000 } },
      'size',
      'maximum',
      /size must be at most 1000 \(the document's maximum for this list\); use paginate\(\) to read more \(got 5000\)/,
    ],
    ['negative page', list, { query: { page: -1 } }, 'page', 'minimum', /page must be at least 0 \(got -1\)/],
    [
      'fractional page',
      list,
      { query: { page: 1.5 } },
      'page',
      'type',
      /page must be a whole number \(got 1\.5\)/,
    ],
    [
      'page as words',
      list,
      { query: { page: 'two' } },
      'page',
      'type',
      /page must be a whole number \(got "two"\)/,
    ],
    [
      'enum',
      list,
      { query: { 'tipo-fundo': 'HEDGE' } },
      'tipo-fundo',
      'enum',
      /tipo-fundo must be one of ETF, FIDC, FII, FIP, FIF, OFFSHORE, FIAGRO \(got "HEDGE"\)/,
    ],
    [
      'mes without ano',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { mes: '02' } },
      'ano',
      'requiredTogether',
      /mes and ano must be sent together \(got mes without ano\)/,
    ],
    [
      'ano without mes',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { ano: '2026' } },
      'mes',
      'requiredTogether',
      /mes and ano must be sent together \(got ano without mes\)/,
    ],
    [
      'month 13',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { mes: '13', ano: '2026' } },
      'mes',
      'pattern',
      /mes must match/,
    ],
    [
      '2026-02-30',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2026-02-30' } },
      'data',
      'format',
      /data must be a real calendar date YYYY-MM-DD \(got "2026-02-30": 2026-02 has 28 days\)/,
    ],
    [
      '2023-02-29',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2023-02-29' } },
      'data',
      'format',
      /2023-02 has 28 days/,
    ],
    [
      '2100-02-29 (not leap)',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2100-02-29' } },
      'data',
      'format',
      /2100-02 has 28 days/,
    ],
    [
      '2026-04-31',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2026-04-31' } },
      'data',
      'format',
      /2026-04 has 30 days/,
    ],
    [
      'unknown parameter, close match first',
      list,
      { query: { tipo_fundo: 'FIF' } },
      'tipo_fundo',
      'unknown',
      /tipo_fundo is not a query parameter of this operation; did you mean tipo-fundo\? Known query parameters: tipo-fundo, page, size\./,
    ],
    [
      'unknown parameter, no close match',
      list,
      { query: { cnpj: '1' } },
      'cnpj',
      'unknown',
      /cnpj is not a query parameter of this operation\. Known query parameters: /,
    ],
    [
      'query on an operation without query parameters',
      detail,
      { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' }, query: { page: 0 } },
      'page',
      'unknown',
      /takes no query parameters/,
    ],
    [
      'list for a single-valued parameter',
      list,
      { query: { page: [1, 2] } },
      'page',
      'type',
      /page takes one value, not a list/,
    ],
    [
      'a bad item of a repeatable parameter',
      repeatable,
      { query: { codigo: [code, 'C1'] } },
      'codigo',
      'pattern',
      /codigo\[1\] must match/,
    ],
    [
      'an object',
      list,
      { query: { 'tipo-fundo': { a: 1 } } },
      'tipo-fundo',
      'type',
      /tipo-fundo must be text \(got an object\)/,
    ],
  ])('%s', (_, op, params, parameter, rule, message) => {
    let error: unknown;
    try {
      validateRequest(op, params);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'invalid_request', parameter, rule, method: 'GET', path: op.path });
    expect((error as Error).message).toMatch(message);
  });
});

describe('validateRequest accepts', () => {
  it.each<[string, OperationMeta, RequestParams]>([
    ['no parameters at all', list, {}],
    ['page and size at their limits', list, { query: { page: 0, size: 1000 } }],
    ['integers given as digit strings', list, { query: { page: '3', size: '10' } }],
    ['every enum value', list, { query: { 'tipo-fundo': 'FIAGRO' } }],
    [
      'undefined and null query values (not sent)',
      list,
      { query: { page: undefined, x: undefined, y: null } },
    ],
    ['a code of the right form', detail, { path: { codigo_fundo_ou_classe_ou_subclasse: 'S0000000001' } }],
    [
      'mes with ano',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { mes: '02', ano: '2026' } },
    ],
    [
      'ano given as a number',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { mes: '12', ano: 2026 } },
    ],
    ['neither mes nor ano', monthly, { path: { codigo_classe_ou_subclasse: code } }],
    [
      '2024-02-29 (leap year)',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2024-02-29' } },
    ],
    [
      '2000-02-29 (leap century)',
      monthly,
      { path: { codigo_classe_ou_subclasse: code }, query: { data: '2000-02-29' } },
    ],
    [
      'a repeatable parameter as a list or a single value',
      repeatable,
      { query: { codigo: [code, 'C0000000002'] } },
    ],
    ['a repeatable parameter given once', repeatable, { query: { codigo: code } }],
  ])('%s', (_, op, params) => {
    expect(() => validateRequest(op, params)).not.toThrow();
  });
});

it('reports every broken rule, the first one in the fields', () => {
  const issues = findIssues(list, { query: { page: -1, size: 2000, tipo: 'x' } });
  expect(issues.map((i) => [i.parameter, i.rule])).toEqual([
    ['page', 'minimum'],
    ['size', 'maximum'],
    ['tipo', 'unknown'],
  ]);
  expect(() => validateRequest(list, { query: { page: -1, size: 2000 } })).toThrow(
    /page must be at least 0 .* Also: size must be at most 1000/,
  );
});

describe('x-date-window: a reversed period is refused before sending where the service does not swap it', () => {
  const dated = (swap: boolean): OperationMeta => ({
    operationId: 'series',
    method: 'get',
    path: '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/serie-historica',
    auth: 'flowA',
    parameters: ['data-inicio', 'data-fim'].map((name) => ({
      name,
      in: 'query' as const,
      required: false,
      schema: { type: 'string' as const, format: 'date' },
    })),
    dateWindow: { start: 'data-inicio', end: 'data-fim', maxMonths: 12, swapWhenStartAfterEnd: swap },
  });
  it.each<[string, boolean, Record<string, string>, string | undefined]>([
    [
      'start after end, no swap',
      false,
      { 'data-inicio': '2026-11-19', 'data-fim': '2026-10-01' },
      'data-inicio (2026-11-19) is after data-fim (2026-10-01): send the earlier date as data-inicio.',
    ],
    [
      'start after end, the service swaps (V7)',
      true,
      { 'data-inicio': '2026-11-19', 'data-fim': '2026-10-01' },
      undefined,
    ],
    ['same day', false, { 'data-inicio': '2026-11-19', 'data-fim': '2026-11-19' }, undefined],
    ['only a start', false, { 'data-inicio': '2026-11-19' }, undefined],
  ])('%s', (_name, swap, query, message) => {
    const issues = findIssues(dated(swap), { query });
    expect(issues.map((i) => i.message)).toEqual(message ? [message] : []);
    if (message) expect(issues[0]).toMatchObject({ parameter: 'data-inicio', rule: 'dateWindow' });
  });

  it('an impossible date is named as such, not compared', () => {
    const issues = findIssues(dated(false), {
      query: { 'data-inicio': '2026-02-30', 'data-fim': '2026-01-01' },
    });
    expect(issues.map((i) => i.rule)).toEqual(['format']);
  });
});

describe('dateProblem agrees with the Gregorian calendar', () => {
  it('accepts every real date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(dateProblem(date.toISOString().slice(0, 10))).toBeUndefined();
        },
      ),
    );
  });

  it('rejects exactly the day numbers that roll over into the next month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const probe = new Date(0);
          probe.setUTCFullYear(y, m - 1, d);
          const real = probe.getUTCDate() === d;
          expect(dateProblem(text) === undefined).toBe(real);
        },
      ),
    );
  });
});
