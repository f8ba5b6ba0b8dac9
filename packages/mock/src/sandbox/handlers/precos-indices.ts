// Document 3 (prices and indices). Which records an operation answers is chosen by its record schema (read
// from the spec), the day or month by its parameters and x-release-schedule: `data` absent → the newest
// published business day, `mes`+`ano` absent → the newest published month; a weekend, holiday, a day before
// the data start or not yet published → 404.
import {
  addBusinessDays,
  addDays,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  businessDaysBetween,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from '../calendar.js';
import { OMIT } from '../generate/schema-generator.js';
import { key, mix, unit } from '../rng.js';
import { lastClosedBusinessDay, type Month, monthKey, monthOfDate, monthOfKey } from '../time.js';
import { formatCnpj } from '../universe/ids.js';
import type { Bond, Debenture, IndexDef, Market } from '../universe/market.js';
import { seriesPoint } from '../universe/series.js';
import { type Handler, type HandlerResult, notFound, type RequestContext } from '../world.js';

type Rec = Record<string, unknown>;

interface When {
  date: string;
  month: Month;
}

function ymd(m: Month, day: number): string {
  return `${m.year}-${String(m.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function r(v: number, scale: number): number {
  return Number(v.toFixed(scale));
}

// ---- portfolio periods -------------------------------------------------------------------------------------

type StartRule = (m: Month) => string;
const secondBusinessDay: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 2);
const firstBusinessDay: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 1);
const day15: StartRule = (m) => businessDayOnOrAfter(ymd(m, 15));

/** The portfolio period of month m: from its start to the business day before next month's start. */
function period(m: Month, rule: StartRule): { start: string; end: string } {
  return { start: rule(m), end: previousBusinessDay(rule(monthOfKey(monthKey(m) + 1))) };
}

/** The month whose portfolio is in force on a date. */
function portfolioMonth(date: string, rule: StartRule): Month {
  const m = monthOfDate(date);
  return date >= rule(m) ? m : monthOfKey(monthKey(m) - 1);
}

/** Bonds of an index for a portfolio period: outstanding at its start and maturing after its end. */
function bondMembers(def: IndexDef, p: { start: string; end: string }): Bond[] {
  return def.members(p.start).filter((b) => b.maturity > p.end);
}

function weights(count: number, seed: number): number[] {
  const raw = Array.from({ length: count }, (_, i) => 0.5 + unit(mix(seed, i)));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => r((100 * w) / total, 2));
}

// ---- IDA (debenture indices) --------------------------------------------------------------------------------

function idaIndices(ctx: RequestContext): string[] {
  return ctx.op.path.includes('/ida-liq/')
    ? ['IDA-LIQ-GERAL', 'IDA-LIQ-DI', 'IDA-LIQ-IPCA', 'IDA-LIQ-IPCA INFRA']
    : ['IDA-GERAL', 'IDA-DI', 'IDA-IPCA', 'IDA-IPCA INFRA', 'IDA-IPCA EX-INFRA'];
}

function idaMembers(market: Market, index: string, p: { start: string; end: string }): Debenture[] {
  return market.idaMembers(index, p.start).filter((d) => d.maturity > p.end);
}

function idaPortfolio(ctx: RequestContext, month: Month): Rec[] {
  const market = ctx.world.market;
  const p = period(month, secondBusinessDay);
  const out: Rec[] = [];
  for (const indice of idaIndices(ctx)) {
    const members = idaMembers(market, indice, p);
    const w = weights(members.length, key(ctx.world.seed, indice, monthKey(month)));
    members.forEach((d, i) => {
      out.push({
        indice,
        data_inicio: p.start,
        data_fim: p.end,
        codigo_titulo: d.codigo,
        emissor: d.emissor,
        codigo_isin_titulo: d.isin,
        data_vencimento: d.maturity,
        indexador: d.indexador === 'PRE' ? 'Prefixado' : d.indexador,
        pu: Math.round(market.debenturePu(d, p.start)),
        peso: w[i],
        peso_emissor: w[i],
      });
    });
  }
  return out;
}

function idaResults(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const month = portfolioMonth(date, secondBusinessDay);
  const p = period(month, secondBusinessDay);
  return idaIndices(ctx).map((indice, n) => {
    const growth = indice.includes('DI') ? 0.115 : 0.105;
    const levelAt = (d: string) => market.level(indice, growth, 2200 + 300 * n, d);
    const members = idaMembers(market, indice, p);
    const w = weights(members.length, key(ctx.world.seed, indice, monthKey(month)));
    return {
      indice,
      data_referencia: date,
      numero_indice: levelAt(date),
      ...market.variations(levelAt, date),
      componentes: members.map((d, i) => ({
        codigo: d.codigo,
        emissor: d.emissor,
        codigo_isin: d.isin,
        data_vencimento: d.maturity,
        grupo: d.indexador === 'DI' ? 'DI SPREAD' : d.indexador === 'IPCA' ? 'IPCA SPREAD' : 'PREFIXADO',
        taxa_indicativa: market.debentureRate(d, date),
        pu: market.debenturePu(d, date),
        pu_juros: 0,
        eventos: 'Sem eventos',
        peso: w[i],
        duration: Math.round(businessDaysBetween(date, d.maturity) * 0.6),
      })),
    };
  });
}

function idaLiqPreview(ctx: RequestContext, month: Month): Rec[] {
  // The preview published in month m is next month's portfolio.
  return idaPortfolio(ctx, monthOfKey(monthKey(month) + 1));
}

// ---- IMA and the ETF indices (government bonds) ------------------------------------------------------------

function bondPortfolioRecords(
  ctx: RequestContext,
  defs: IndexDef[],
  month: Month,
  rule: (d: IndexDef) => StartRule,
): Rec[] {
  const market = ctx.world.market;
  const out: Rec[] = [];
  for (const def of defs) {
    const p = period(month, rule(def));
    if (p.start > ctx.now.today) continue;
    const members = bondMembers(def, p);
    const w = weights(members.length, key(ctx.world.seed, def.name, monthKey(month)));
    members.forEach((b, i) => {
      out.push({
        indice: def.name,
        data_inicio: p.start,
        data_fim: p.end,
        tipo_titulo: b.tipo,
        codigo_selic_titulo: b.selic,
        pu: market.bondPu(b, previousBusinessDay(p.start)),
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        peso_indice: w[i],
      });
    });
  }
  return out;
}

function indexSummary(ctx: RequestContext, def: IndexDef, date: string, rule: StartRule): Rec {
  const market = ctx.world.market;
  const members = bondMembers(def, period(portfolioMonth(date, rule), rule));
  const levelAt = (d: string) => market.level(def.name, def.growth, def.base, d);
  const durations = members.map((b) => market.bondDuration(b, date));
  const rates = members.map((b) => market.bondRate(b, date));
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    indice: def.name,
    data_referencia: date,
    numero_indice: levelAt(date),
    valor_indice: levelAt(date),
    ...market.variations(levelAt, date),
    duration: r(avg(durations), 6),
    numero_componentes: members.length,
    quantidade_titulos: members.length * 1000 * (1 + (mix(ctx.world.seed, toDayNumber(date)) % 50)),
    prazo_medio_repactuacao: Math.round(avg(durations) * 1.2),
    pmr: r(avg(durations) * 1.2, 6),
    yield: r(avg(rates), 4),
    redemption_yield: r(avg(rates) + 0.01, 4),
  };
}

function etfDefs(ctx: RequestContext): { code: string; def: IndexDef }[] {
  const wanted = ctx.params.etf as string[] | undefined;
  const all = ctx.world.market.etfIndices;
  return wanted ? all.filter((e) => wanted.includes(e.code)) : all;
}

const etfRule = (def: IndexDef): StartRule => (def.name === 'IRF-M P2' ? firstBusinessDay : day15);

function etfComposition(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const out: Rec[] = [];
  for (const { def } of etfDefs(ctx)) {
    for (const b of bondMembers(def, period(portfolioMonth(date, etfRule(def)), etfRule(def)))) {
      const pu = market.bondPu(b, date);
      out.push({
        data_referencia: date,
        indice: def.name,
        tipo_titulo: b.tipo,
        codigo_selic_titulo: b.selic,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        taxa_indicativa: market.bondRate(b, date),
        pu_indicativo: pu,
        pu_resgate: pu,
        pu_juros: 0,
        prazo: businessDaysBetween(date, b.maturity),
        duration: r(market.bondDuration(b, date), 6),
      });
    }
  }
  return out;
}

function etfPreview(ctx: RequestContext, month: Month): Rec[] {
  const market = ctx.world.market;
  const next = monthOfKey(monthKey(month) + 1);
  const out: Rec[] = [];
  for (const { def } of etfDefs(ctx)) {
    const rule = etfRule(def);
    const current = new Set(bondMembers(def, period(month, rule)).map((b) => b.isin));
    const p = period(next, rule);
    const published =
      def.name === 'IRF-M P2'
        ? nthBusinessDayOfMonth(month.year, month.month, -2)
        : addBusinessDays(day15(month), -2);
    for (const b of bondMembers(def, p)) {
      out.push({
        indice: def.name,
        data_divulgacao_carteira_teorica: published,
        data_inicio_proxima: p.start,
        data_fim_proxima: p.end,
        tipo_titulo: b.tipo,
        codigo_selic_titulo: b.selic,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        quantidade_carteira_atual: current.has(b.isin) ? undefined : 0,
        evento: current.has(b.isin) ? 'Sem evento' : 'Inclusão',
        data: p.start,
      });
    }
    void market;
  }
  return out;
}

// ---- government bonds ---------------------------------------------------------------------------------------

function tpfSecondary(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  return market.imaIndices[7]
    ? (market.imaIndices[7] as IndexDef).members(date).map((b) => {
        const rate = market.bondRate(b, date);
        const spread = b.tipo === 'LFT' ? 0.002 : 0.02;
        return {
          tipo_titulo: b.tipo,
          expressao: b.tipo === 'LFT' ? 'Ágio/Deságio' : 'Taxa Interna de Retorno (TIR)',
          data_vencimento: b.maturity,
          data_referencia: date,
          codigo_selic: b.selic,
          data_base: b.issue,
          taxa_compra: r(rate + spread, 4),
          taxa_venda: r(rate - spread, 4),
          taxa_indicativa: rate,
          intervalo_min_d0: r(rate - 5 * spread, 4),
          intervalo_max_d0: r(rate + 5 * spread, 4),
          intervalo_min_d1: r(rate - 6 * spread, 4),
          intervalo_max_d1: r(rate + 6 * spread, 4),
          pu: market.bondPu(b, date),
        };
      })
    : [];
}

function vna(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const rows: [string, 'NTN-B' | 'NTN-C' | 'LFT', string, number][] = [
    ['NTN-B', 'NTN-B', '760199', 7300],
    ['NTN-C', 'NTN-C', '770100', 1350],
    ['LFT', 'LFT', '210100', 0],
  ];
  // One object per date, the bond kinds in `titulos` (EVIDENCE.md row 14).
  const titulos = rows.map(([tipoTitulo, tipo, selic, indexBase]) => ({
    tipo_titulo: tipoTitulo,
    codigo_selic: selic,
    index: indexBase
      ? r((indexBase * market.vna(tipo, date)) / market.vna(tipo, '2026-01-02'), 2)
      : r(market.vna('LFT', date) / 1000, 2),
    tipo_correcao: tipo === 'LFT' ? 'F' : 'P',
    data_validade: date,
    vna: market.vna(tipo, date),
  }));
  return [{ data_referencia: date, titulos }];
}

const ETTJ_VERTICES = [
  21, 42, 63, 126, 252, 378, 504, 630, 756, 1008, 1260, 1512, 1764, 2016, 2268, 2520, 3024, 3780, 5040, 7560,
];

function curves(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const pct = (v: number) => r(100 * v, 4);
  const params = (['PREFIXADOS', 'IPCA'] as const).map((g) => {
    const p = market.curveParams(g, date);
    return {
      grupo_indexador: g,
      b1: r(p.b1, 10),
      b2: r(p.b2, 10),
      b3: r(p.b3, 10),
      b4: r(p.b4, 10),
      l1: r(p.l1, 4),
      l2: r(p.l2, 4),
    };
  });
  const fitted = (market.imaIndices[7] as IndexDef)
    .members(date)
    .filter((b) => b.tipo !== 'LFT' && b.tipo !== 'NTN-C');
  // An array with one object per date (EVIDENCE.md row 15).
  return [
    {
      data_referencia: date,
      parametros: params,
      erros: fitted.map((b) => ({
        tipo_titulo: b.tipo,
        codigo_selic: b.selic,
        data_vencimento: b.maturity,
        valor_erro: market.bondError(b, date),
      })),
      ettj: ETTJ_VERTICES.map((du) => {
        const pre = market.curveRate('PREFIXADOS', date, du);
        const ipca = market.curveRate('IPCA', date, du);
        return {
          vertice_du: du,
          taxa_prefixadas: pct(pre),
          taxa_ipca: pct(ipca),
          taxa_implicita: pct((1 + pre) / (1 + ipca) - 1),
        };
      }),
      bloco3361: [126, 252, 378, 504, 630, 756, 882, 1008, 1134, 1260].map((du) => ({
        vertice_du: du,
        taxa: pct(market.curveRate('PREFIXADOS', date, du)),
      })),
    },
  ];
}

function intradayCurve(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  // One object per date, one group per indexer, one parameter per vertex (EVIDENCE.md row 16).
  const grupos = (['PREFIXADOS', 'IPCA'] as const).map((g) => ({
    grupo_indexador: g,
    parametros: ETTJ_VERTICES.slice(0, 14).map((du) => ({
      taxa: r(
        100 * market.curveRate(g, date, du) +
          0.02 * (unit(key(ctx.world.seed, g, du, toDayNumber(date))) - 0.5),
        4,
      ),
      vertice: du,
    })),
  }));
  return [{ data_referencia: date, grupo_parametros: grupos }];
}

/** One object per index with its components in `referencias` (EVIDENCE.md row 17), from one row per component. */
function byIndex(rows: Rec[]): Rec[] {
  const out = new Map<string, Rec & { referencias: Rec[] }>();
  for (const { indice, data_inicio, data_fim, ...component } of rows) {
    const key = `${String(indice)}|${String(data_inicio)}`;
    let entry = out.get(key);
    if (!entry) {
      entry = { indice, data_inicio, data_fim, referencias: [] };
      out.set(key, entry);
    }
    entry.referencias.push(component);
  }
  return [...out.values()];
}

function intradayPrices(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  let bonds: Bond[];
  if (ctx.op.path.includes('/ima-etf/')) {
    const licensed = etfDefs(ctx).filter((e) => ['IMA_B', 'IMA_B5', 'IMA_B5_MAIS'].includes(e.code));
    const seen = new Map<string, Bond>();
    for (const { def } of licensed) for (const b of def.members(date)) seen.set(b.isin, b);
    bonds = [...seen.values()];
  } else {
    bonds = (market.imaIndices[7] as IndexDef)
      .members(date)
      .filter((b) => b.tipo === 'LTN' || b.tipo === 'NTN-F' || b.tipo === 'NTN-B');
  }
  return bonds.map((b) => {
    const observed = unit(key(ctx.world.seed, b.isin, toDayNumber(date))) < 0.6;
    const shift = observed ? 0.01 * (unit(key(ctx.world.seed, b.isin, toDayNumber(date), 1)) - 0.5) : 0;
    return {
      data_referencia: date,
      tipo_titulo: b.tipo,
      codigo_selic: b.selic,
      data_vencimento: b.maturity,
      taxa_intradiaria: r(market.bondRate(b, date) + shift, 4),
      pu: market.bondPu(b, date),
      tipo_pu: observed ? 'Observado' : 'Modelado',
    };
  });
}

function ratesDiffusion(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  return (market.imaIndices[7] as IndexDef)
    .members(date)
    .filter((b) => b.tipo !== 'NTN-C')
    .map((b, i) => {
      const rate = market.bondRate(b, date);
      const call = i % 2 === 0;
      const seconds = 9 * 3600 + (mix(key(ctx.world.seed, b.isin), toDayNumber(date)) % (8 * 3600));
      const hms = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      const rec: Rec = {
        tipo_titulo: b.tipo,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        provedor_info: call ? 'call' : 'assoc',
        data_referencia: date,
        taxa_compra: r(rate + 0.015, 4),
        taxa_venda: r(rate - 0.015, 4),
      };
      if (call)
        Object.assign(rec, {
          horario: hms,
          taxa_negocio: rate,
          taxa_ind_d1: OMIT,
          intervalo_ind_max: OMIT,
          intervalo_ind_min: OMIT,
        });
      else
        Object.assign(rec, {
          horario: OMIT,
          taxa_negocio: OMIT,
          taxa_ind_d1: market.bondRate(b, previousBusinessDay(date)),
          intervalo_ind_max: r(rate + 0.1, 4),
          intervalo_ind_min: r(rate - 0.1, 4),
        });
      return rec;
    });
}

function selicEstimate(ctx: RequestContext, date: string): Rec[] {
  return [
    {
      data_referencia: date,
      estimativa_taxa_selic: r(100 * ctx.world.market.curveRate('PREFIXADOS', date, 1) - 0.1, 2),
    },
  ];
}

function projections(ctx: RequestContext, month: Month): Rec[] {
  const prev = monthOfKey(monthKey(month) - 1);
  const mmYYYY = (m: Month) => `${String(m.month).padStart(2, '0')}-${m.year}`;
  const out: Rec[] = [];
  for (const indice of ['IPCA', 'IGP-M']) {
    const v = (m: Month) => r(0.6 * unit(key(ctx.world.seed, indice, monthKey(m))) - 0.1, 2);
    out.push({
      indice,
      tipo_projecao: 'Mês anterior',
      mes_referencia: mmYYYY(prev),
      data_coleta: addBusinessDays(nthBusinessDayOfMonth(prev.year, prev.month, -1), -2),
      variacao_projetada: v(prev),
      data_validade: OMIT,
    });
    const collected = nthBusinessDayOfMonth(month.year, month.month, 6);
    out.push({
      indice,
      tipo_projecao: 'Mês atual',
      mes_referencia: mmYYYY(month),
      data_coleta: collected,
      variacao_projetada: v(month),
      data_validade: addBusinessDays(collected, 1),
    });
  }
  return out;
}

// ---- debentures ---------------------------------------------------------------------------------------------

function debentureSecondary(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const ntnbs = (market.imaIndices[3] as IndexDef).members(date);
  return market.debenturesOutstanding(date).map((d) => {
    const rate = market.debentureRate(d, date);
    const pct = rate.toFixed(4).replace('.', ',');
    const ref = ntnbs.find((b) => b.maturity >= d.maturity) ?? ntnbs[ntnbs.length - 1];
    return {
      grupo: d.indexador === 'DI' ? 'DI SPREAD' : d.indexador === 'IPCA' ? 'IPCA SPREAD' : 'PREFIXADO',
      codigo_ativo: d.codigo,
      data_referencia: date,
      emissor: d.emissor,
      data_vencimento: d.maturity,
      percentual_taxa:
        d.indexador === 'DI' ? `DI + ${pct}%` : d.indexador === 'IPCA' ? `IPCA + ${pct}%` : `${pct}%`,
      taxa_compra: r(rate + 0.05, 4),
      taxa_venda: r(rate - 0.05, 4),
      taxa_indicativa: rate,
      desvio_padrao: r(0.01 + 0.09 * market.pick('dp', date, d.index), 2),
      val_min_intervalo: r(rate - 0.25, 2),
      val_max_intervalo: r(rate + 0.25, 2),
      pu: market.debenturePu(d, date),
      duration: Math.round(businessDaysBetween(date, d.maturity) * 0.6),
      referencia_ntnb: d.indexador === 'IPCA' && ref ? ref.maturity : OMIT,
    };
  });
}

function creditCurves(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  return Array.from({ length: 20 }, (_, i) => {
    const years = (i + 1) / 2;
    const base = 0.4 + 0.08 * Math.log1p(years) + 0.05 * market.pick('credit', date, 0);
    return {
      data_referencia: date,
      vertice_anos: years,
      aaa: r(base, 4),
      aa: r(base * 1.6, 4),
      a: r(base * 2.4, 4),
    };
  });
}

// ---- IHFA and IDkA ---------------------------------------------------------------------------------------------

const quarterStart: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 4);

function ihfaPortfolio(ctx: RequestContext, month: Month): Rec[] {
  const lbd = lastClosedBusinessDay(ctx.now);
  const candidates = ctx.world.market.ihfaCandidates(lbd);
  const quarter = monthKey(month);
  const start = quarterStart(month);
  const end = previousBusinessDay(quarterStart(monthOfKey(quarter + 3)));
  const prevQuarterEnd = businessDayOnOrBefore(addDays(ymd(month, 1), -1));
  const members = candidates.filter(
    (f, i) => f.start <= prevQuarterEnd && unit(key(ctx.world.seed, 'ihfa', quarter, i)) < 0.75,
  );
  const w = weights(members.length, key(ctx.world.seed, 'ihfa-w', quarter));
  return members.map((f, i) => {
    const cls = f.classes[0];
    const p = cls
      ? seriesPoint(ctx.world.seed, mix(f.index, cls.index * 16), cls.categoria, cls.start, prevQuarterEnd)
      : undefined;
    return {
      data_fim_trimestre_anterior: prevQuarterEnd,
      data_inicio: start,
      data_fim: end,
      nome_fundo: f.nome,
      cnpj_fundo: formatCnpj(f.cnpj),
      valor_quota: p ? r(p.cota, 6) : undefined,
      valor_patrimonio_liquido: p ? r(p.patrimonio, 2) : undefined,
      peso: w[i],
    };
  });
}

function ihfaResults(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const levelAt = (d: string) => r(market.level('IHFA', 0.11, 4100, d), 2);
  const month = portfolioMonthQuarterly(date);
  const components = ihfaPortfolio(ctx, month).map((c) => ({
    nome_fundo: c.nome_fundo,
    cnpj_fundo: c.cnpj_fundo,
    peso: c.peso,
  }));
  return [
    {
      data_referencia: date,
      numero_indice: levelAt(date),
      ...market.variations(levelAt, date),
      componentes: components,
    },
  ];
}

function portfolioMonthQuarterly(date: string): Month {
  let m = monthOfDate(date);
  while (![1, 4, 7, 10].includes(m.month) || date < quarterStart(m)) m = monthOfKey(monthKey(m) - 1);
  return m;
}

const IDKA = [
  ['IDKA PRE 3M', 'PREFIXADOS', 63],
  ['IDKA PRE 1A', 'PREFIXADOS', 252],
  ['IDKA PRE 2A', 'PREFIXADOS', 504],
  ['IDKA PRE 3A', 'PREFIXADOS', 756],
  ['IDKA PRE 5A', 'PREFIXADOS', 1260],
  ['IDKA IPCA 2A', 'IPCA', 504],
  ['IDKA IPCA 3A', 'IPCA', 756],
  ['IDKA IPCA 5A', 'IPCA', 1260],
  ['IDKA IPCA 10A', 'IPCA', 2520],
  ['IDKA IPCA 20A', 'IPCA', 5040],
  ['IDKA IPCA 30A', 'IPCA', 7560],
] as const;

function idkaResults(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  return IDKA.map(([nome, group, du], i) => {
    const levelAt = (d: string) =>
      r(market.level(nome, group === 'IPCA' ? 0.105 : 0.11, 2500 + 150 * i, d), 2);
    const rate = r(100 * market.curveRate(group, date, du), 4);
    return {
      data_referencia: date,
      numero_indice: levelAt(date),
      ...market.variations(levelAt, date),
      volatilidade: r(0.5 + du / 1000 + market.pick('vol', date, i), 4),
      tx_compra: r(100 * market.curveRate(group, previousBusinessDay(date), du), 4),
      tx_venda: rate,
      nome,
    };
  });
}

function intradayIndices(ctx: RequestContext, date: string, defs: IndexDef[]): Rec[] {
  const market = ctx.world.market;
  return defs.map((def, i) => {
    const close = market.level(def.name, def.growth, def.base, previousBusinessDay(date));
    const variation = r(0.4 * (market.pick('intraday', date, i) - 0.5), 15);
    return {
      indice: def.name,
      data_referencia: date,
      indice_intradiario: r(close * (1 + variation / 100), 6),
      variacao_intradiaria: variation,
    };
  });
}

function extraTrades(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const seen = new Map<string, Bond>();
  for (const { def } of etfDefs(ctx)) for (const b of def.members(date)) seen.set(b.isin, b);
  return [...seen.values()]
    .filter((b) => market.pick('extra', date, toDayNumber(b.maturity)) < 0.6)
    .map((b) => {
      const qty = r(100 + 20000 * market.pick('qty', date, toDayNumber(b.maturity)), 3);
      return {
        data_referencia: date,
        codigo_selic: b.selic,
        codigo_isin: b.isin,
        titulo: b.tipo,
        data_vencimento: b.maturity,
        numero_operacao: 1 + Math.floor(40 * market.pick('ops', date, toDayNumber(b.maturity))),
        quantidade_negociada: qty,
        valor_negociado: r(qty * market.bondPu(b, date), 9),
      };
    });
}

// ---- dispatch -------------------------------------------------------------------------------------------------

type Producer = (ctx: RequestContext, when: When) => Rec[] | Rec;

const imaRule: StartRule = firstBusinessDay;

const producers: Record<string, Producer> = {
  CarteiraTeoricaIda: (ctx, w) => byIndex(idaPortfolio(ctx, w.month)),
  PreviaCarteiraTeoricaIdaLiq: (ctx, w) => idaLiqPreview(ctx, w.month),
  ResultadosIda: (ctx, w) => idaResults(ctx, w.date),
  ResultadosIdaComComponentes: (ctx, w) => idaResults(ctx, w.date),
  CarteiraTeoricaIhfa: (ctx, w) => ihfaPortfolio(ctx, w.month),
  ResultadosIhfa: (ctx, w) => ihfaResults(ctx, w.date),
  ResultadosIhfaComComponentes: (ctx, w) => ihfaResults(ctx, w.date),
  ResultadosIdka: (ctx, w) => idkaResults(ctx, w.date),
  CarteiraTeoricaIma: (ctx, w) =>
    byIndex(bondPortfolioRecords(ctx, ctx.world.market.imaIndices, w.month, () => imaRule)),
  ResultadosIma: (ctx, w) =>
    ctx.world.market.imaIndices.map((def) => indexSummary(ctx, def, w.date, imaRule)),
  ResultadosIntradiariosIma: (ctx, w) =>
    intradayIndices(ctx, w.date, ctx.world.market.imaIndices.slice(0, 6)),
  MercadoSecundarioTpf: (ctx, w) => tpfSecondary(ctx, w.date),
  Vna: (ctx, w) => vna(ctx, w.date),
  CurvasJuros: (ctx, w) => curves(ctx, w.date),
  CurvaIntradiaria: (ctx, w) => intradayCurve(ctx, w.date),
  PuIntradiario: (ctx, w) => intradayPrices(ctx, w.date),
  DifusaoTaxas: (ctx, w) => ratesDiffusion(ctx, w.date),
  EstimativaSelic: (ctx, w) => selicEstimate(ctx, w.date),
  Projecao: (ctx, w) => projections(ctx, w.month),
  DebentureMercadoSecundario: (ctx, w) => debentureSecondary(ctx, w.date),
  CurvaCredito: (ctx, w) => creditCurves(ctx, w.date),
  ImaEtfPreviaCarteiraTeorica: (ctx, w) => etfPreview(ctx, w.month),
  ImaEtfCarteiraTeorica: (ctx, w) =>
    bondPortfolioRecords(
      ctx,
      etfDefs(ctx).map((e) => e.def),
      w.month,
      etfRule,
    ),
  ImaEtfResultadoDiario: (ctx, w) =>
    etfDefs(ctx).map(({ def }) => indexSummary(ctx, def, w.date, etfRule(def))),
  ImaEtfComposicaoDiaria: (ctx, w) => etfComposition(ctx, w.date),
  ImaEtfResultadoIntradiario: (ctx, w) =>
    intradayIndices(
      ctx,
      w.date,
      etfDefs(ctx).map((e) => e.def),
    ),
  ImaEtfNegocioExtra: (ctx, w) => extraTrades(ctx, w.date),
};

/** Resolves the day or month asked (or the newest published one), or the 404 when there is no data for it. */
function resolveWhen(ctx: RequestContext): When | HandlerResult {
  const release = ctx.world.release(ctx.op);
  const names = new Set(ctx.op.params.map((p) => p.name));
  if (names.has('mes') || names.has('ano') || (release.monthly && !names.has('data'))) {
    const mes = ctx.params.mes as string | undefined;
    const ano = ctx.params.ano as string | undefined;
    if (mes !== undefined && ano !== undefined) {
      const month = { year: Number(ano), month: Number(mes) };
      if (!release.monthAvailable(month, ctx.now))
        return notFound(`No data for ${mes}/${ano}: not published yet, or before the data start.`);
      const p = release.periodOf(month);
      return { month: p, date: nthBusinessDayOfMonth(p.year, p.month, 1) };
    }
    const latest = release.latestMonth(ctx.now);
    if (!release.monthAvailable(latest, ctx.now)) return notFound('No month has been published yet.');
    return { month: latest, date: nthBusinessDayOfMonth(latest.year, latest.month, 1) };
  }
  const sent = ctx.params.data as string | undefined;
  const date = sent ?? release.latestDay(ctx.now);
  if (!release.dayAvailable(date, ctx.now)) {
    return notFound(`No data for ${date}: not a business day, not published yet, or before the data start.`);
  }
  return { date, month: monthOfDate(date) };
}

/** One handler for every operation of document 3: the producer is chosen by the operation's record schema. */
export const precosIndicesHandler: Handler = (ctx) => {
  const name = ctx.op.success.recordName ?? '';
  const producer = producers[name];
  if (!producer)
    return { kind: 'error', status: 501, message: `The sandbox has no data producer for ${name}.` };
  const when = resolveWhen(ctx);
  if ('kind' in when) return when;
  const produced = producer(ctx, when);
  const schema = ctx.op.success.recordSchema;
  const genCtx = { asOf: when.date };
  const base = [ctx.op.operationId, toDayNumber(when.date)];
  if (!Array.isArray(produced))
    return { kind: 'json', body: ctx.world.record(schema, base, produced, genCtx) };
  if (produced.length === 0) return notFound('No records for the parameters sent.');
  return {
    kind: 'json',
    body: produced.map((rec, i) => ctx.world.record(schema, [...base, i], rec, genCtx)),
  };
};

export function hasProducer(recordName: string | undefined): boolean {
  return recordName !== undefined && recordName in producers;
}
