// One world: a fund's, class's or index's figures come from one model, whatever operation shows them. Each rule is
// checked over a stated sample of the seeded universe: seed 1, the first 300 funds, on Monday 2026-11-23 at noon
// in Brasília (the last closed and the last published business day are both Thursday 2026-11-19; the 20th is a
// holiday).

import { rawNumberText } from '@assoc-feed/core/internal';
import { createSpecModel } from '@assoc-feed/specs/model';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { Harvest } from './generate/harvest.js';
import { SchemaGenerator } from './generate/schema-generator.js';
import { loadSpec } from './spec-reader/load.js';
import { readOperations } from './spec-reader/operations.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

const DAY = '2026-11-19';
const spec = loadSpec();

let sandbox: InProcessSandbox;
let call: SandboxFetch;
beforeAll(async () => {
  sandbox = startInProcess({ seed: 1, funds: 300, now: () => Date.parse('2026-11-23T12:00:00-03:00') });
  call = inProcessFetch(sandbox);
});

/** An answer's JSON with every number kept as the digits sent (a quota's 17 decimals survive). */
async function exact<T>(path: string): Promise<T> {
  const res = await call(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
  return JSON.parse(text.replace(/([:[,])(-?\d[\d.eE+-]*)(?=[,\]}])/g, '$1"$2"')) as T;
}

const pad10 = (code: string) => code.padStart(10, '0');

/** A quota as a field of fewer significant digits shows it: its first `digits` digits. */
function firstDigits(text: string, digits: number): string {
  let seen = 0;
  let out = '';
  for (const ch of text) {
    if (seen === digits) break;
    out += ch;
    if (/\d/.test(ch) && (seen > 0 || ch !== '0')) seen++;
  }
  return out.replace(/\.$/, '');
}

interface SeriesRecord {
  codigo_classe: string;
  codigo_subclasse: string | null;
  valor_cota: string;
  data_competencia: string;
}

/** E8's records of the day: every unit of the sample, by unit code. */
async function batchOfTheDay(): Promise<Map<string, SeriesRecord>> {
  const out = new Map<string, SeriesRecord>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ 'data-atualizacao': '2026-11-23T00:00:00.000', size: '1000' });
    if (cursor) query.set('cursor', cursor);
    const page = await exact<{ content: SeriesRecord[]; nextCursor: string | null }>(
      `/feed/fundos/v2/fundos/serie-historica/lote?${query}`,
    );
    for (const r of page.content) out.set(r.codigo_subclasse ?? r.codigo_classe, r);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe('a class’s quota on a day is one figure in every operation that shows it', () => {
  let batch: Map<string, SeriesRecord>;
  beforeAll(async () => {
    batch = await batchOfTheDay();
  });

  it('E8 and the single-fund series (every tenth unit of the day’s batch)', async () => {
    expect(batch.size).toBeGreaterThan(300);
    const codes = [...batch.keys()].filter((_, i) => i % 10 === 0);
    for (const code of codes) {
      const series = await exact<{ content: SeriesRecord[] }>(
        `/feed/fundos/v2/fundos/${code}/serie-historica?data-inicio=${DAY}&data-fim=${DAY}`,
      );
      const own = series.content.find((r) => (r.codigo_subclasse ?? r.codigo_classe) === code);
      expect(own?.valor_cota, code).toBe(batch.get(code)?.valor_cota);
    }
  });

  it('v1 regulation-555 and offshore details, structured details and V7, against E8 (every v1 fund)', async () => {
    const compared: string[] = [];
    const check = (unit: string, v1Quota: string | undefined, where: string) => {
      const v2 = batch.get(unit)?.valor_cota;
      expect(v2, `${where}: ${unit} in E8`).toBeDefined();
      expect(v1Quota, where).toBe(firstDigits(v2 as string, 17));
      compared.push(unit);
    };
    type V1List = { content: { codigo_fundo: string }[] };
    type Serie = { valor_cota: string; data_referencia: string };
    for (const [list, detail] of [
      ['/feed/fundos/v1/fundos', '/feed/fundos/v1/fundos'],
      ['/feed/fundos/v1/fundos-offshore', '/feed/fundos/v1/fundos-offshore'],
    ] as const) {
      for (const { codigo_fundo } of (await exact<V1List>(`${list}?size=1000`)).content) {
        const body = await exact<{ serie_historica: Serie }>(`${detail}/${codigo_fundo}`);
        // A closed fund's detail shows its last day, which E8 of this day does not hold.
        if (body.serie_historica.data_referencia.slice(0, 10) !== DAY) continue;
        check(`C${pad10(codigo_fundo)}`, body.serie_historica.valor_cota, `${detail}/${codigo_fundo}`);
      }
    }
    type Structured = { content: { cnpj_fundo: string }[] };
    type StructuredDetail = {
      classes_serie_cota: { codigo_assoc: string; 'serie-historica': Serie }[];
    };
    const structured = await exact<Structured>('/feed/fundos/v1/fundos-estruturados?size=300');
    for (const { cnpj_fundo } of structured.content) {
      const body = await exact<StructuredDetail>(`/feed/fundos/v1/fundos-estruturados/${cnpj_fundo}`);
      const many = body.classes_serie_cota.length > 1;
      const history = await exact<Serie[]>(
        `/feed/fundos/v1/fundos-estruturados/${cnpj_fundo}/serie-historica?data-inicio=${DAY}&data-fim=${DAY}`,
      ).catch(() => []);
      for (const [i, c] of body.classes_serie_cota.entries()) {
        const unit = `${many ? 'S' : 'C'}${pad10(c.codigo_assoc)}`;
        if (c['serie-historica'].data_referencia !== DAY) continue;
        check(unit, c['serie-historica'].valor_cota, `fundos-estruturados/${cnpj_fundo}`);
        if (history[i])
          check(unit, history[i]?.valor_cota, `fundos-estruturados/${cnpj_fundo}/serie-historica`);
      }
    }
    expect(compared.length).toBeGreaterThan(40);
  });
});

describe('fields the spec says apply to a fund class are there for every fund of that class', () => {
  it('v1 structured details of FIDC and FII funds (every structured fund of the sample)', async () => {
    const schemas = (spec.components as { schemas: Record<string, { properties?: Record<string, unknown> }> })
      .schemas;
    const applying = (name: string, classe: string) =>
      Object.entries(schemas[name]?.properties ?? {})
        .filter(([, p]) => ((p as { 'x-applies-to'?: string[] })['x-applies-to'] ?? []).includes(classe))
        .map(([prop]) => prop);
    type Detail = {
      'dados-cadastrais': Record<string, unknown> & { classe_assoc: string };
      taxas: Record<string, unknown>;
      historico_taxas: Record<string, unknown>[];
    };
    const list = await exact<{ content: { cnpj_fundo: string; classe_assoc: string }[] }>(
      '/feed/fundos/v1/fundos-estruturados?classe-assoc=FIDC&classe-assoc=FII&size=300',
    );
    expect(list.content.length).toBeGreaterThan(5);
    for (const { cnpj_fundo, classe_assoc } of list.content) {
      const body = await exact<Detail>(`/feed/fundos/v1/fundos-estruturados/${cnpj_fundo}`);
      const cadastro = applying('FundosV1StructuredDadosCadastrais', classe_assoc);
      const taxa = applying('FundosV1StructuredTaxa', classe_assoc);
      expect(cadastro.length + taxa.length).toBeGreaterThan(0);
      for (const prop of cadastro)
        expect(body['dados-cadastrais'], `${cnpj_fundo} ${prop}`).toHaveProperty(prop);
      for (const record of [body.taxas, ...body.historico_taxas])
        for (const prop of taxa) expect(record, `${cnpj_fundo} ${prop}`).toHaveProperty(prop);
    }
  });
});

type Row = Record<string, string>;
const num = (v: string | undefined) => Number(v);

describe('an index’s figures are the same in every family that serves it', () => {
  const FIGURES = ['numero_indice', 'peso', 'valor_mercado', 'duration'];

  it.each([
    ['indices/resultados-ida', 'indices-mais/resultados-ida'],
    ['indices/resultados-ida-fechado', 'indices-mais/resultados-ida-fechado'],
  ])(
    'IDA: %s and %s on the day, the general index weighing 100 and the others their shares',
    async (a, b) => {
      const one = await exact<Row[]>(`/feed/precos-indices/v1/${a}?data=${DAY}`);
      const other = await exact<Row[]>(`/feed/precos-indices/v1/${b}?data=${DAY}`);
      expect(one.map((r) => r.indice)).toEqual(other.map((r) => r.indice));
      for (const [i, row] of one.entries())
        for (const field of FIGURES) expect(row[field], `${row.indice} ${field}`).toBe(other[i]?.[field]);
      const general = one.find((r) => r.indice === 'IDA-GERAL') as Row;
      expect(num(general.peso)).toBe(100);
      for (const row of one)
        expect(num(row.peso), row.indice).toBeCloseTo(
          (100 * num(row.valor_mercado)) / num(general.valor_mercado),
          1,
        );
    },
  );

  it('IDA: a component’s market value and weight are its share of its index', async () => {
    type Index = Row & { componentes: Row[] };
    for (const family of ['indices-mais/resultados-ida', 'ida-liq/resultados-ida']) {
      for (const index of await exact<Index[]>(`/feed/precos-indices/v1/${family}?data=${DAY}`)) {
        const total = index.componentes.reduce((a, c) => a + num(c.valor_mercado), 0);
        expect(total / num(index.valor_mercado), index.indice).toBeCloseTo(1, 6);
        for (const c of index.componentes)
          expect(num(c.peso), c.codigo).toBeCloseTo((100 * num(c.valor_mercado)) / total, 1);
      }
    }
  });

  it('IMA: indices/, indices-mais/ and the ETF family on the day, IMA-GERAL weighing 100', async () => {
    const one = await exact<Row[]>(`/feed/precos-indices/v1/indices/resultados-ima?data=${DAY}`);
    const other = await exact<Row[]>(`/feed/precos-indices/v1/indices-mais/resultados-ima?data=${DAY}`);
    const etf = await exact<Row[]>(`/feed/precos-indices/v2/ima-etf/resultado-diario?data=${DAY}`);
    const fields = [
      'numero_indice',
      'peso_indice',
      'valor_mercado',
      'duration',
      'quantidade_titulos',
      'convexidade',
    ];
    for (const [i, row] of one.entries())
      for (const field of fields) expect(row[field], `${row.indice} ${field}`).toBe(other[i]?.[field]);
    const general = one.find((r) => r.indice === 'IMA-GERAL') as Row;
    expect(num(general.peso_indice)).toBe(100);
    for (const row of one)
      expect(num(row.peso_indice), row.indice).toBeCloseTo(
        (100 * num(row.valor_mercado)) / num(general.valor_mercado),
        4,
      );
    const shared = etf.filter((e) => one.some((r) => r.indice === e.indice));
    expect(shared.length).toBeGreaterThan(0);
    for (const e of shared) {
      const row = one.find((r) => r.indice === e.indice) as Row;
      expect(e.valor_indice, e.indice).toBe(row.numero_indice);
      expect(e.carteira_mercado, e.indice).toBe(row.valor_mercado);
      expect(num(e.duration), e.indice).toBeCloseTo(num(row.duration), 4);
    }
  });

  it.each(['carteira-teorica-ida', 'carteira-teorica-ihfa', 'carteira-teorica-ima', 'resultados-idka'])(
    '%s: the same answer under indices/ and indices-mais/, to the last generated field',
    async (name) => {
      const texts = await Promise.all(
        ['indices', 'indices-mais'].map(async (family) => {
          const res = await call(`/feed/precos-indices/v1/${family}/${name}`);
          expect(res.status, `${family}/${name}`).toBe(200);
          return res.text();
        }),
      );
      expect(texts[0]).toBe(texts[1]);
    },
  );

  it('IHFA: the index-level fields of resultados-ihfa under indices/ and indices-mais/ (with its components)', async () => {
    const one = await exact<Row[]>('/feed/precos-indices/v1/indices/resultados-ihfa');
    const other = await exact<Row[]>('/feed/precos-indices/v1/indices-mais/resultados-ihfa');
    expect(one.length).toBe(other.length);
    for (const [i, row] of one.entries()) {
      const shared = Object.keys(row).filter((k) => k in (other[i] ?? {}) && !Array.isArray(row[k]));
      expect(shared).toContain('numero_indice');
      for (const k of shared) expect(row[k], k).toEqual(other[i]?.[k]);
    }
  });

  // The families' sub-indices, each a subset of its parent's instruments (document 3's index definitions).
  it.each([
    ['indices/resultados-ida', 'IDA-GERAL', ['IDA-DI', 'IDA-IPCA', 'IDA-IPCA INFRA', 'IDA-IPCA EX-INFRA']],
    ['indices/resultados-ida', 'IDA-IPCA', ['IDA-IPCA INFRA', 'IDA-IPCA EX-INFRA']],
    ['ida-liq/resultados-ida', 'IDA-LIQ-GERAL', ['IDA-LIQ-DI', 'IDA-LIQ-IPCA', 'IDA-LIQ-IPCA INFRA']],
    ['indices/resultados-ima', 'IMA-GERAL', ['IRF-M', 'IMA-B', 'IMA-S', 'IRF-M 1', 'IMA-B 5', 'IMA-B 5+']],
    ['indices/resultados-ima', 'IRF-M', ['IRF-M 1', 'IRF-M 1+']],
    ['indices/resultados-ima', 'IMA-B', ['IMA-B 5', 'IMA-B 5+']],
  ])('%s: no sub-index of %s is worth more than it, on ten business days', async (path, parent, subs) => {
    for (const day of [
      '2026-11-19',
      '2026-11-03',
      '2026-10-15',
      '2026-09-01',
      '2026-06-16',
      '2026-03-02',
      '2025-12-01',
      '2025-07-15',
      '2025-02-03',
      '2024-11-18',
    ]) {
      const rows = await exact<Row[]>(`/feed/precos-indices/v1/${path}?data=${day}`);
      const value = (name: string) => num(rows.find((r) => r.indice === name)?.valor_mercado);
      for (const sub of subs) expect(value(sub), `${sub} on ${day}`).toBeLessThanOrEqual(value(parent));
    }
  });
});

/** Every number of an answer with the field that holds it, as the digits sent. */
function numbers(node: unknown, field = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const item of node) numbers(item, field, out);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) numbers(v, k, out);
  else if (typeof node === 'string' && /^-?\d/.test(node) && !Number.isNaN(Number(node)))
    out.push([field, node]);
  return out;
}

describe('quantities within what such a quantity can be', () => {
  let sent: [operation: string, field: string, digits: string][];
  beforeAll(async () => {
    sent = [];
    const ops = readOperations(spec).filter(
      (op) => op.path.startsWith('/feed/precos-indices/') && op.method === 'get',
    );
    for (const op of ops) {
      const dated = op.params.some((p) => p.name === 'data');
      const res = await call(dated ? `${op.path}?data=${DAY}` : op.path);
      const text = await res.text();
      if (res.status !== 200) continue;
      const body = JSON.parse(text.replace(/([:[,])(-?\d[\d.eE+-]*)(?=[,\]}])/g, '$1"$2"'));
      for (const [field, digits] of numbers(body)) sent.push([op.path, field, digits]);
    }
  });

  it('every answer of document 3 on the day (or its latest month): its durations and terms under 100,000 days', () => {
    const terms = sent.filter(([, field]) => /duration|prazo|pmr/.test(field));
    expect(terms.length).toBeGreaterThan(100);
    for (const [path, field, digits] of terms)
      expect(Number(digits), `${path} ${field}`).toBeLessThan(100_000);
  });

  it('… no count, quantity, duration or periodicity of 16 digits or more (identifiers aside)', () => {
    const whole = sent.filter(
      ([, field, digits]) => !field.startsWith('numero_operacao') && /^-?\d+$/.test(digits),
    );
    expect(whole.length).toBeGreaterThan(100);
    for (const [path, field, digits] of whole)
      expect(digits.replace('-', '').length, `${path} ${field} ${digits}`).toBeLessThan(16);
  });

  it('… theoretical quantities away from their schema’s bound (none stuck at 999.999…)', () => {
    const quantities = sent.filter(([, field]) => field === 'quantidade_teorica');
    expect(quantities.length).toBeGreaterThan(100);
    for (const [path, field, digits] of quantities)
      expect(digits, `${path} ${field}`).not.toMatch(/^999\.99/);
  });
});

describe('sample values come from the examples of the component that holds the field', () => {
  it('IMA portfolio records generated without a handler take IMA’s quantities, not IHFA’s (200 records)', () => {
    const model = createSpecModel(spec);
    const harvest = Harvest.fromSpec(spec, model);
    const ima = harvest.numbersFor('CarteiraTeoricaImaReferencia', 'quantidade_teorica') ?? [];
    const ihfa = harvest.numbersFor('CarteiraTeoricaIhfa', 'quantidade_teorica') ?? [];
    expect(Math.max(...ima)).toBeLessThan(Math.min(...ihfa));
    const generator = new SchemaGenerator(model, harvest);
    const schema = { $ref: '#/components/schemas/CarteiraTeoricaImaReferencia' };
    for (let key = 1; key <= 200; key++) {
      const record = generator.generate(schema, key, undefined, { asOf: DAY }) as Record<string, unknown>;
      const sent = Number(rawNumberText(record.quantidade_teorica) ?? record.quantidade_teorica);
      expect(sent, `record ${key}`).toBeGreaterThanOrEqual(0.8 * Math.min(...ima) - 1e-9);
      expect(sent, `record ${key}`).toBeLessThanOrEqual(1.2 * Math.max(...ima) + 1e-9);
    }
  });
});

describe('v1 fee histories (every structured and offshore fund of the sample)', () => {
  type Fee = Record<string, string>;
  let details: [string, { taxas: Fee; historico_taxas: Fee[] }][];
  beforeAll(async () => {
    details = [];
    const structured = await exact<{ content: { cnpj_fundo: string }[] }>(
      '/feed/fundos/v1/fundos-estruturados?size=300',
    );
    for (const { cnpj_fundo } of structured.content)
      details.push([cnpj_fundo, await exact(`/feed/fundos/v1/fundos-estruturados/${cnpj_fundo}`)]);
    const offshore = await exact<{ content: { codigo_fundo: string }[] }>(
      '/feed/fundos/v1/fundos-offshore?size=1000',
    );
    for (const { codigo_fundo } of offshore.content)
      details.push([codigo_fundo, await exact(`/feed/fundos/v1/fundos-offshore/${codigo_fundo}`)]);
    expect(details.length).toBeGreaterThan(10);
  });

  it('periods and updates in order, the current fees those of the last period', () => {
    for (const [fund, { taxas, historico_taxas }] of details) {
      expect(historico_taxas.length, fund).toBeGreaterThan(0);
      const starts = historico_taxas.map((t) => String(t.data_inicio_vigencia_taxa_adm));
      const updates = historico_taxas.map((t) => String(t.data_atualizacao));
      expect(starts, fund).toEqual([...starts].sort());
      expect(new Set(starts).size, fund).toBe(starts.length);
      expect(updates, fund).toEqual([...updates].sort());
      for (const [i, t] of historico_taxas.entries())
        expect(String(t.data_atualizacao) >= String(starts[i]).slice(0, 10), fund).toBe(true);
      expect(taxas.data_inicio_vigencia_taxa_adm, fund).toBe(starts[starts.length - 1]);
    }
  });

  it('cobra_taxa_performance agrees with the performance-fee fields, periodicities in months of a year', () => {
    for (const [fund, { taxas, historico_taxas }] of details) {
      for (const t of [taxas, ...historico_taxas]) {
        const months = Number(t.periodicidade_cobranca_taxa_performance);
        expect(months, fund).toBeLessThanOrEqual(12);
        if (t.cobra_taxa_performance === 'S') {
          expect(months, fund).toBeGreaterThan(0);
          if ('descricao_taxa_performance' in t) expect(t.descricao_taxa_performance, fund).not.toBe('');
        } else {
          expect(t.cobra_taxa_performance, fund).toBe('N');
          expect(months, fund).toBe(0);
          if ('descricao_taxa_performance' in t) expect(t.descricao_taxa_performance, fund).toBe('');
        }
      }
    }
  });
});

describe('the ETF preview and portfolios agree', () => {
  it('a bond’s quantity in the preview is the one the next portfolio holds (every previewed ETF index)', async () => {
    type Preview = Row & { codigo_isin: string; indice: string; data_inicio_proxima: string };
    const preview = await exact<Preview[]>('/feed/precos-indices/v2/ima-etf/previa-carteira-teorica');
    expect(preview.length).toBeGreaterThan(0);
    const start = preview[0]?.data_inicio_proxima as string;
    const later = new Date(`${start}T12:00:00-03:00`);
    later.setUTCDate(later.getUTCDate() + 1);
    const own = startInProcess({ seed: 1, funds: 300, now: () => later });
    const portfolio = await (async () => {
      const res = await inProcessFetch(own)(
        `/feed/precos-indices/v2/ima-etf/carteira-teorica?mes=${start.slice(5, 7)}&ano=${start.slice(0, 4)}`,
      );
      const text = await res.text();
      return JSON.parse(text.replace(/([:[,])(-?\d[\d.eE+-]*)(?=[,\]}])/g, '$1"$2"')) as Row[];
    })();
    for (const p of preview.filter((r) => r.data_inicio_proxima === start)) {
      const held = portfolio.find((r) => r.indice === p.indice && r.codigo_isin === p.codigo_isin);
      // The preview's field has no documented scale: it may show more digits of the same quantity.
      expect(held, `${p.indice} ${p.codigo_isin}`).toBeDefined();
      expect(Number(p.quantidade_proxima_carteira).toFixed(3), `${p.indice} ${p.codigo_isin}`).toBe(
        Number(held?.quantidade_indice).toFixed(3),
      );
    }
  });
});
