// Family C (`titulos-publicos/`): federal government bond rates and prices, face values (VNA), yield curves,
// rate diffusion, the SELIC estimate and inflation projections.
import {
  addBusinessDays,
  addDays,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from '../../calendar.js';
import { OMIT } from '../../generate/schema-generator.js';
import { key, mix, unit } from '../../rng.js';
import { type Month, monthKey, monthOfKey } from '../../time.js';
import type { Bond, IndexDef } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import { etfDefs } from './ima-etf.js';
import { type Producer, type Rec, round } from './producer.js';

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
          taxa_compra: round(rate + spread, 4),
          taxa_venda: round(rate - spread, 4),
          taxa_indicativa: rate,
          intervalo_min_d0: round(rate - 5 * spread, 4),
          intervalo_max_d0: round(rate + 5 * spread, 4),
          intervalo_min_d1: round(rate - 6 * spread, 4),
          intervalo_max_d1: round(rate + 6 * spread, 4),
          pu: market.bondPu(b, date),
          // Beyond document 3's list: what two public clients read (specs/PUBLIC-CLIENT-EVIDENCE.md, item 21).
          codigo_isin: b.isin,
          desvio_padrao: round(spread / 2 + 0.01 * unit(key(ctx.world.seed, b.isin, toDayNumber(date))), 4),
        };
      })
    : [];
}

function vna(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const rows: [string, 'NTN-B' | 'NTN-C' | 'LFT', string][] = [
    ['NTN-B', 'NTN-B', '760199'],
    ['NTN-C', 'NTN-C', '770100'],
    ['LFT', 'LFT', '210100'],
  ];
  // One object per date, the bond kinds in `titulos` (public-client evidence, item 14).
  const monthBefore = addDays(date, -30);
  const titulos = rows.map(([tipoTitulo, tipo, selic]) => ({
    tipo_titulo: tipoTitulo,
    codigo_selic: selic,
    // The updating index's change over the month, in %: what moved the face value since a month before.
    index: round(100 * (market.vna(tipo, date) / market.vna(tipo, monthBefore) - 1), 2),
    tipo_correcao: tipo === 'LFT' ? 'F' : 'P',
    data_validade: date,
    vna: market.vna(tipo, date),
  }));
  return [{ data_referencia: date, titulos }];
}

/** The term structure's grid as the operator's own sandbox answers it: 21, 42, 63, then every 126 to 9,072. */
const ETTJ_VERTICES = [21, 42, 63, ...Array.from({ length: 72 }, (_, i) => 126 * (i + 1))];
/** The longest vertex with a fixed-rate rate, and the shortest with the IPCA and implied rates. */
const LAST_PREFIXADO = 2646;
const FIRST_IPCA = 126;

function curves(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const pct = (v: number) => round(100 * v, 4);
  const params = (['PREFIXADOS', 'IPCA'] as const).map((g) => {
    const p = market.curveParams(g, date);
    return {
      grupo_indexador: g,
      b1: round(p.b1, 10),
      b2: round(p.b2, 10),
      b3: round(p.b3, 10),
      b4: round(p.b4, 10),
      l1: round(p.l1, 4),
      l2: round(p.l2, 4),
    };
  });
  const fitted = (market.imaIndices[7] as IndexDef)
    .members(date)
    .filter((b) => b.tipo !== 'LFT' && b.tipo !== 'NTN-C');
  // An array with one object per date (public-client evidence, item 15).
  const day: Rec = {
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
        taxa_prefixadas: du <= LAST_PREFIXADO ? pct(pre) : OMIT,
        taxa_ipca: du >= FIRST_IPCA ? pct(ipca) : OMIT,
        taxa_implicita: du >= FIRST_IPCA ? pct((1 + pre) / (1 + ipca) - 1) : OMIT,
      };
    }),
    bloco3361: [126, 252, 378, 504, 630, 756, 882, 1008, 1134, 1260].map((du) => ({
      vertice_du: du,
      taxa: pct(market.curveRate('PREFIXADOS', date, du)),
    })),
  };
  return [day];
}

function intradayCurve(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  // One object per date, one group per indexer, one parameter per vertex (public-client evidence, item 16).
  const grupos = (['PREFIXADOS', 'IPCA'] as const).map((g) => ({
    grupo_indexador: g,
    parametros: ETTJ_VERTICES.slice(0, 14).map((du) => ({
      taxa: round(
        100 * market.curveRate(g, date, du) +
          0.02 * (unit(key(ctx.world.seed, g, du, toDayNumber(date))) - 0.5),
        4,
      ),
      vertice: du,
    })),
  }));
  return [{ data_referencia: date, grupo_parametros: grupos }];
}

/** Also family E's `ima-etf/pu-intradiario` (same record schema): the bonds of the licensed ETF indices. */
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
      taxa_intradiaria: round(market.bondRate(b, date) + shift, 4),
      pu: market.bondPu(b, date),
      tipo_pu: observed ? 'Observado' : 'Modelado',
    };
  });
}

/** When a market call on a bond was made that day (09:00 to 17:00 Brasília), in seconds since midnight. */
function callSeconds(ctx: RequestContext, isin: string, date: string): number {
  return 9 * 3600 + (mix(key(ctx.world.seed, isin), toDayNumber(date)) % (8 * 3600));
}

/**
 * Document 3 publishes rate diffusion "throughout the day": today's answer holds the market calls made before
 * the clock's current minute (a call is published once made, never ahead of the clock), and the operator's rows,
 * which carry the previous day's indicative rate and no time. Past days hold every call.
 */
function ratesDiffusion(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const madeBy = date === ctx.now.today ? ctx.now.minutes * 60 : Number.POSITIVE_INFINITY;
  return (market.imaIndices[7] as IndexDef)
    .members(date)
    .filter((b) => b.tipo !== 'NTN-C')
    .flatMap((b, i) => {
      const rate = market.bondRate(b, date);
      const call = i % 2 === 0;
      const seconds = callSeconds(ctx, b.isin, date);
      if (call && seconds >= madeBy) return [];
      const hms = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      const rec: Rec = {
        tipo_titulo: b.tipo,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        provedor_info: call ? 'call' : 'assoc',
        data_referencia: date,
        taxa_compra: round(rate + 0.015, 4),
        taxa_venda: round(rate - 0.015, 4),
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
          intervalo_ind_max: round(rate + 0.1, 4),
          intervalo_ind_min: round(rate - 0.1, 4),
        });
      return [rec];
    });
}

function selicEstimate(ctx: RequestContext, date: string): Rec[] {
  return [
    {
      data_referencia: date,
      estimativa_taxa_selic: round(100 * ctx.world.market.curveRate('PREFIXADOS', date, 1) - 0.1, 2),
    },
  ];
}

function projections(ctx: RequestContext, month: Month): Rec[] {
  const prev = monthOfKey(monthKey(month) - 1);
  const mmYYYY = (m: Month) => `${String(m.month).padStart(2, '0')}-${m.year}`;
  const out: Rec[] = [];
  for (const indice of ['IPCA', 'IGP-M']) {
    const v = (m: Month) => round(0.6 * unit(key(ctx.world.seed, indice, monthKey(m))) - 0.1, 2);
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
export const governmentBondProducers: Record<string, Producer> = {
  MercadoSecundarioTpf: (ctx, w) => tpfSecondary(ctx, w.date),
  Vna: (ctx, w) => vna(ctx, w.date),
  CurvasJuros: (ctx, w) => curves(ctx, w.date),
  CurvaIntradiaria: (ctx, w) => intradayCurve(ctx, w.date),
  PuIntradiario: (ctx, w) => intradayPrices(ctx, w.date),
  DifusaoTaxas: (ctx, w) => ratesDiffusion(ctx, w.date),
  EstimativaSelic: (ctx, w) => selicEstimate(ctx, w.date),
  Projecao: (ctx, w) => projections(ctx, w.month),
};
