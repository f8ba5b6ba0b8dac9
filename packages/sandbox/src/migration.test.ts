// Document 1, fund-level codes, rules 3–5, through the batch registry (E7, every fund with its contexts):
// migrated funds are single-class; 555 (FIF), offshore and ETF funds have no subclass and reuse their former
// 6-digit code for fund and class; structured funds keep one class, whose subclasses (if any) are the former
// classes; only FIF, ETF and OFFSHORE funds registered from 2024-10-01 on may be multiclass.
import { beforeAll, describe, expect, it } from 'vitest';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

interface BatchRecord {
  content: { codigo_fundo: string; tipo_fundo: string; atributo: string };
  classes: { codigo_classe: string; data_inicio_atividade_classe: string }[];
  subclasses: { codigo_subclasse: string }[];
}

const V2_START = '2024-10-01';
let sandbox: InProcessSandbox;
const funds: BatchRecord[] = [];

beforeAll(async () => {
  sandbox = startInProcess({ now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  const call = inProcessFetch(sandbox);
  for (let page = 0; ; page++) {
    const { status, body } = await call.json<{ content: BatchRecord[] }>(
      `/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2000-01-01T00:00:00.000&size=1000&page=${page}`,
    );
    if (status === 404) break;
    expect(status).toBe(200);
    funds.push(...body.content);
    if (body.content.length < 1000) break;
  }
});

/** Registered before v2 (its first class started before 2024-10-01): migrated from a v1 interface. */
const migrated = (f: BatchRecord) => f.classes.some((c) => c.data_inicio_atividade_classe < V2_START);

describe('migrated funds follow the migration rules (document 1, fund-level codes 3–5)', () => {
  it('covers the whole default universe', () => {
    expect(funds).toHaveLength(sandbox.funds);
  });

  it('555 (FIF), offshore and ETF funds: one class, no subclass, fund and class codes from the 6-digit code', () => {
    const simple = funds.filter(
      (f) => migrated(f) && ['FIF', 'OFFSHORE', 'ETF'].includes(f.content.tipo_fundo),
    );
    expect(simple.filter((f) => f.content.tipo_fundo !== 'FIF').length).toBeGreaterThan(500);
    const broken = simple.filter(
      (f) =>
        f.classes.length !== 1 ||
        f.subclasses.length !== 0 ||
        f.content.atributo !== 'Monoclasse' ||
        !/^F0000\d{6}$/.test(f.content.codigo_fundo) ||
        f.classes[0]?.codigo_classe !== `C${f.content.codigo_fundo.slice(1)}`,
    );
    expect(
      broken.map((f) => `${f.content.codigo_fundo} ${f.content.tipo_fundo} ${f.classes.length} classes`),
    ).toEqual([]);
  });

  it('structured funds (FII, FIP, FIDC): one class, with no subclass or with two or more (the former classes)', () => {
    const structured = funds.filter(
      (f) => migrated(f) && ['FII', 'FIP', 'FIDC'].includes(f.content.tipo_fundo),
    );
    expect(structured.some((f) => f.subclasses.length >= 2)).toBe(true);
    expect(structured.some((f) => f.subclasses.length === 0)).toBe(true);
    const broken = structured.filter(
      (f) => f.classes.length !== 1 || f.subclasses.length === 1 || f.content.atributo !== 'Monoclasse',
    );
    expect(broken.map((f) => f.content.codigo_fundo)).toEqual([]);
  });

  it('only FIF, ETF and OFFSHORE funds registered from 2024-10-01 on are multiclass', () => {
    const multi = funds.filter((f) => f.classes.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    const broken = multi.filter(
      (f) =>
        migrated(f) ||
        !['FIF', 'ETF', 'OFFSHORE'].includes(f.content.tipo_fundo) ||
        f.content.atributo !== 'Multiclasses',
    );
    expect(broken.map((f) => `${f.content.codigo_fundo} ${f.content.tipo_fundo}`)).toEqual([]);
  });
});
