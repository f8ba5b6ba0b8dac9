// One world: a fund's, class's or index's figures come from one model, whatever operation shows them. Each rule is
// checked over a stated sample of the seeded universe: seed 1, the first 300 funds, on Monday 2026-11-23 at noon
// in Brasília (the last closed and the last published business day are both Thursday 2026-11-19; the 20th is a
// holiday).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFetch, sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';
import { loadSpec } from './spec/load.js';

const DAY = '2026-11-19';
const spec = loadSpec();

let sandbox: RunningSandbox;
let call: SandboxFetch;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, funds: 300, now: () => Date.parse('2026-11-23T12:00:00-03:00') });
  call = sandboxFetch(sandbox);
});
afterAll(() => sandbox.stop());

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
