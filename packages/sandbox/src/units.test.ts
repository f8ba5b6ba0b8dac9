// The sandbox's building blocks: router, parameter rules, regex sampler, identifiers, record generator, release
// schedules, token store and date windows.
import { stringifyLossless } from '@assoc-feed/core/internal';
import { createSpecModel } from '@assoc-feed/specs/model';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar.js';
import { Harvest } from './generate/harvest.js';
import { sampleRegex } from './generate/regex-sample.js';
import { Instant, OMIT, SchemaGenerator } from './generate/schema-generator.js';
import { resolveWindow } from './handlers/date-window.js';
import { Router } from './http/router.js';
import { validateParameters } from './http/validate-request.js';
import { Rng } from './rng.js';
import { loadSpec } from './spec-reader/load.js';
import { readOperations } from './spec-reader/operations.js';
import { nowIn, Release } from './time.js';
import { TokenStore } from './tokens.js';
import { FundUniverse } from './universe/funds.js';
import { cnpj, cnpjRoot, isin, Scramble } from './universe/ids.js';

// ajv-formats is CommonJS; under NodeNext its callable export sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => unknown;
const spec = loadSpec();
const model = createSpecModel(spec);
const operations = readOperations(spec, model);
const op = (documentId: string) =>
  operations.find((o) => o.documentId === documentId) as (typeof operations)[number];

describe('router', () => {
  const router = new Router(operations);
  it('prefers literal segments over parameters and reads parameters by their own names', () => {
    const list = router.match('GET', '/feed/fundos/v2/fundos/instituicoes');
    expect(list.kind === 'operation' && list.operation.documentId).toBe('E3');
    const notes = router.match('GET', '/feed/fundos/v2/fundos/C0000100007/notas-explicativas');
    expect(notes.kind === 'operation' && notes.pathParams).toEqual({
      codigo_classe_ou_subclasse: 'C0000100007',
    });
    const detail = router.match('GET', '/feed/fundos/v2/fundos/F0000100007');
    expect(detail.kind === 'operation' && detail.pathParams).toEqual({
      codigo_fundo_ou_classe_ou_subclasse: 'F0000100007',
    });
  });
  it('tells a wrong method from an unknown path and a bad encoding', () => {
    expect(router.match('DELETE', '/feed/fundos/v2/fundos')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['get'],
    });
    expect(router.match('GET', '/feed/nothing').kind).toBe('not-found');
    expect(router.match('GET', '/feed/fundos/v2/fundos/%E0%A4%A').kind).toBe('bad-path');
    expect(router.match('HEAD', '/feed/fundos/v2/fundos').kind).toBe('operation');
  });
});

describe('parameter rules from the spec', () => {
  const check = (documentId: string, query: string, path: Record<string, string> = {}) =>
    validateParameters(op(documentId), new URLSearchParams(query), path, {});
  it('types and bounds', () => {
    expect(check('E1', 'page=2&size=10&tipo-fundo=FII')).toEqual({
      values: { page: 2, size: 10, 'tipo-fundo': 'FII' },
      problems: [],
      unknown: [],
    });
    expect(check('E1', 'size=1001').problems).toEqual([
      { parameter: 'size', in: 'query', rule: 'at most 1000' },
    ]);
    expect(check('V5', 'size=301').problems[0]?.rule).toBe('at most 300');
    expect(check('E1', 'tipo-fundo=fif').problems[0]?.rule).toMatch(/^one of ETF, FIDC/);
  });
  it('required, unknown, repeated and repeatable', () => {
    expect(check('E7', '').problems).toEqual([
      { parameter: 'data-atualizacao', in: 'query', rule: 'required' },
    ]);
    expect(check('E1', 'sizee=1').problems).toEqual([
      { parameter: 'sizee', in: 'query', rule: 'unknown parameter' },
    ]);
    // Not strict (the sandbox's default): named once each, not a problem.
    const lenient = validateParameters(
      op('E1'),
      new URLSearchParams('sizee=1&x=2&x=3&size=5'),
      {},
      {},
      false,
    );
    expect(lenient).toEqual({ values: { size: 5 }, problems: [], unknown: ['sizee', 'x'] });
    expect(check('V5', 'classe-assoc=FII&classe-assoc=FIDC').values['classe-assoc']).toEqual(['FII', 'FIDC']);
    expect(check('E1', 'tipo-fundo=FII&tipo-fundo=FIF').problems[0]?.rule).toMatch(/sent once/);
  });
  it('path patterns and x-required-together', () => {
    expect(check('E2', '', { codigo_fundo_ou_classe_ou_subclasse: 'X1' }).problems[0]).toMatchObject({
      in: 'path',
      rule: expect.stringMatching(/^(pattern|at least)/),
    });
    const carteira = operations.find((o) => o.requiredTogether.length > 0) as (typeof operations)[number];
    const { problems } = validateParameters(carteira, new URLSearchParams('ano=2026'), {}, {});
    expect(problems).toEqual([{ parameter: 'ano', in: 'query', rule: 'ano requires mes' }]);
  });
});

describe('regex sampler', () => {
  it('matches the patterns the spec uses', () => {
    const patterns = new Set<string>();
    (function walk(node: unknown) {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'pattern' && typeof v === 'string') patterns.add(v);
          else walk(v);
        }
      }
    })(spec);
    expect(patterns.size).toBeGreaterThan(5);
    const rng = new Rng(42);
    for (const p of patterns) {
      for (let i = 0; i < 20; i++) {
        const s = sampleRegex(p, rng);
        if (s !== undefined) expect(new RegExp(p, 'u').test(s), `${p} → ${s}`).toBe(true);
      }
    }
    expect(sampleRegex('(?=x)', rng)).toBeUndefined();
  });
});

describe('identifiers', () => {
  it('CNPJ check digits and the reversible scramble', () => {
    expect(cnpj(28516301)).toBe('28516301000191');
    expect(cnpjRoot('28516301000191')).toBe(28516301);
    expect(cnpjRoot('28516301000192')).toBeUndefined();
    expect(isin('BRSTNCNTB3E')).toBe('BRSTNCNTB3E2');
    const s = new Scramble(50_000_000, 7_368_787, 12_345_677);
    fc.assert(fc.property(fc.integer({ min: 0, max: 49_999_999 }), (i) => s.inverse(s.forward(i)) === i));
  });
  it('every fund code, class code, subclass code and CNPJ leads back to its fund', () => {
    const u = new FundUniverse(9, 5000);
    for (let i = 0; i < 5000; i += 7) {
      const f = u.fund(i, '2026-11-18');
      expect(u.byCode(f.code, '2026-11-18')?.fund.index).toBe(i);
      for (const c of f.classes) {
        expect(u.byCode(c.code, '2026-11-18')?.cls?.code).toBe(c.code);
        for (const s of c.subclasses) expect(u.byCode(s.code, '2026-11-18')?.sub?.code).toBe(s.code);
      }
      expect(u.byCnpj(f.cnpj, '2026-11-18')?.index).toBe(i);
      if (f.v1Code) expect(u.byV1Code(f.v1Code, '2026-11-18')?.fund.index).toBe(i);
    }
  });
});

describe('record generator', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(spec, 'spec');
  const generator = new SchemaGenerator(model, Harvest.fromSpec(spec, model));
  const names = Object.keys((spec.components as { schemas: Record<string, unknown> }).schemas);

  it.each(names)('%s: 40 generated values are schema-valid as sent', (name) => {
    const check = ajv.compile({ $ref: `spec#/components/schemas/${name}` });
    for (let k = 0; k < 40; k++) {
      const value = generator.generate({ $ref: `#/components/schemas/${name}` }, k * 2654435761, undefined, {
        asOf: '2026-11-19',
      });
      // As the JSON text carries it: full-scale decimals are raw digits there (generate/full-scale.ts).
      const sent = JSON.parse(stringifyLossless(value));
      expect(check(sent), JSON.stringify(check.errors)).toBe(true);
    }
  });

  it('is deterministic by key, keeps overrides, omits on request and prints instants in the schema form', () => {
    const node = { $ref: '#/components/schemas/FundosV2ListRecord' };
    const a = generator.generate(
      node,
      7,
      {
        codigo_fundo: 'F0000000001',
        data_encerramento_fundo: OMIT,
        data_atualizacao: new Instant(Date.UTC(2026, 10, 19, 8, 15, 42, 317)),
      },
      { asOf: '2026-11-19' },
    );
    const b = generator.generate(
      node,
      7,
      {
        codigo_fundo: 'F0000000001',
        data_encerramento_fundo: OMIT,
        data_atualizacao: new Instant(Date.UTC(2026, 10, 19, 8, 15, 42, 317)),
      },
      { asOf: '2026-11-19' },
    );
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a).toMatchObject({ codigo_fundo: 'F0000000001', data_atualizacao: '2026-11-19T08:15:42.317' });
    expect(a).not.toHaveProperty('data_encerramento_fundo');
    const v1 = generator.generate(
      { $ref: '#/components/schemas/TimestampV1' },
      1,
      new Instant(Date.UTC(2026, 10, 19, 8, 15, 42, 317)),
      { asOf: '2026-11-19' },
    );
    expect(v1).toBe('2026-11-19 08:15:42');
  });

  it('honours if/then/else (rates diffusion: call vs the operator)', () => {
    const node = { $ref: '#/components/schemas/DifusaoTaxas' };
    const call = generator.generate(node, 1, { provedor_info: 'call' }, { asOf: '2026-11-19' }) as Record<
      string,
      unknown
    >;
    expect(call).toHaveProperty('horario');
    expect(call).not.toHaveProperty('taxa_ind_d1');
    const assoc = generator.generate(node, 1, { provedor_info: 'assoc' }, { asOf: '2026-11-19' }) as Record<
      string,
      unknown
    >;
    expect(assoc).toHaveProperty('taxa_ind_d1');
    expect(assoc).not.toHaveProperty('horario');
  });
});

describe('release schedules', () => {
  const now = (iso: string) => nowIn(() => Date.parse(iso));
  it('daily: the release time decides between today and the previous business day', () => {
    const r = new Release({ frequency: 'daily', time: '20:00', rule: 'daily' });
    expect(r.latestDay(now('2026-11-19T19:59:00-03:00'))).toBe('2026-11-18');
    expect(r.latestDay(now('2026-11-19T20:00:00-03:00'))).toBe('2026-11-19');
    expect(r.dayAvailable('2026-11-20', now('2026-11-20T23:00:00-03:00'))).toBe(false);
  });
  it('monthly and quarterly rules in the documents words', () => {
    const m = (rule: string, frequency = 'monthly') => new Release({ frequency, rule });
    expect(m('2nd business day of the month').publicationDay({ year: 2026, month: 11 })).toBe('2026-11-04');
    expect(m('second-to-last business day of the month').publicationDay({ year: 2026, month: 11 })).toBe(
      '2026-11-27',
    );
    expect(
      m('1st business day and day 15 or next business day').publicationDay({ year: 2026, month: 11 }),
    ).toBe('2026-11-03');
    expect(m('IMA-B: two business days before day 15').publicationDay({ year: 2026, month: 11 })).toBe(
      '2026-11-12',
    );
    const q = m('4th business day of January, April, July, October', 'quarterly');
    expect(q.months).toEqual([1, 4, 7, 10]);
    expect(q.periodOf({ year: 2026, month: 2 })).toEqual({ year: 2026, month: 1 });
    expect(q.latestMonth(now('2026-11-19T12:00:00-03:00'))).toEqual({ year: 2026, month: 10 });
  });
});

describe('tokens and windows', () => {
  it('a token lives exactly ttl seconds on the given clock, for the client it was issued to', () => {
    let t = 1_000_000;
    const store = new TokenStore('A', 'secret', 60, () => t, 3);
    const { token } = store.issue('c');
    expect(store.check(token, 'c')).toBe('ok');
    expect(store.check(token, 'd')).toBe('wrong-client');
    t += 59_999;
    expect(store.check(token, 'c')).toBe('ok');
    t += 1;
    expect(store.check(token, 'c')).toBe('expired');
    expect(store.check('nope', 'c')).toBe('unknown');
    for (let i = 0; i < 10; i++) store.issue('c');
    expect(store.size).toBeLessThanOrEqual(3);
  });
  it("a client issued tokens past its cap loses its own oldest ones, never another client's", () => {
    const store = new TokenStore('A', 'secret', 60, () => 0, 3);
    const other = store.issue('other').token;
    const flood = Array.from({ length: 10 }, () => store.issue('flood').token);
    expect(store.check(other, 'other')).toBe('ok');
    expect(flood.map((token) => store.check(token, 'flood'))).toEqual([
      ...Array(7).fill('unknown'),
      'ok',
      'ok',
      'ok',
    ]);
    expect(store.size).toBe(4);
  });
  it('month arithmetic clamps the day, and the window rules come from x-date-window', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    const w = op('V7').dateWindow as NonNullable<ReturnType<typeof op>['dateWindow']>;
    expect(resolveWindow(w, {}, '2026-11-19')).toEqual({ start: '2021-11-19', end: '2026-11-19' });
    expect(resolveWindow(w, { 'data-fim': '2026-01-31' }, '2026-11-19')).toEqual({
      start: '2025-01-31',
      end: '2026-01-31',
    });
    expect(resolveWindow(w, { 'data-inicio': '2020-01-31' }, '2026-11-19')).toEqual({
      start: '2020-01-31',
      end: '2025-01-31',
    });
    expect(resolveWindow(w, { 'data-inicio': '2026-02-01', 'data-fim': '2026-01-01' }, '2026-11-19')).toEqual(
      { start: '2026-01-01', end: '2026-02-01' },
    );
    expect(
      resolveWindow(w, { 'data-inicio': '2020-01-01', 'data-fim': '2025-01-02' }, '2026-11-19'),
    ).toHaveProperty('problem');
  });
  it('a period derived from a date at the edge of the four-digit years ends (or starts) at that edge', () => {
    expect(addMonths('9999-12-31', 1)).toBe('9999-12-31');
    expect(addMonths('9998-12-31', 60)).toBe('9999-12-31');
    expect(addMonths('0001-01-01', -12)).toBe('0001-01-01');
    expect(addMonths('0005-03-31', -60)).toBe('0001-01-01');
    const w = op('V7').dateWindow as NonNullable<ReturnType<typeof op>['dateWindow']>;
    expect(resolveWindow(w, { 'data-inicio': '9999-12-31' }, '2026-11-19')).toEqual({
      start: '9999-12-31',
      end: '9999-12-31',
    });
    expect(resolveWindow(w, { 'data-fim': '9999-12-31' }, '2026-11-19')).toEqual({
      start: '9998-12-31',
      end: '9999-12-31',
    });
    expect(resolveWindow(w, { 'data-fim': '0001-01-01' }, '2026-11-19')).toEqual({
      start: '0001-01-01',
      end: '0001-01-01',
    });
  });
});
