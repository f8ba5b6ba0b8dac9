// Family A's IMA (government bond indices): portfolios, daily and 12h intraday results. The ETF indices
// (ima-etf.ts) are IMA sub-indices and reuse these records.
import { previousBusinessDay, toDayNumber } from '../../calendar.js';
import { key, mix } from '../../rng.js';
import { type Month, monthKey } from '../../time.js';
import type { IndexDef } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import {
  bondMembers,
  byIndex,
  day15,
  firstBusinessDay,
  period,
  portfolioMonth,
  releasedMonth,
  type StartRule,
  weights,
} from './portfolios.js';
import { type Producer, type Rec, round } from './producer.js';

// carteira-teorica-ima is released on the 1st business day and on day 15: read as document 3 splits the ETF
// portfolios (IRF-M P2 first business day, IMA-B family day 15), the IMA-B family's portfolios start on day 15 and
// the others' (IRF-M family, IMA-S, IMA-GERAL) on the 1st business day (the spec's x-inferred on the answer).
const imaRule = (def: IndexDef): StartRule => (def.name.startsWith('IMA-B') ? day15 : firstBusinessDay);

export function bondPortfolioRecords(
  ctx: RequestContext,
  defs: IndexDef[],
  asked: Month,
  rule: (d: IndexDef) => StartRule,
): Rec[] {
  const market = ctx.world.market;
  const out: Rec[] = [];
  for (const def of defs) {
    // A portfolio is released on its first day, from the schedule's time.
    const month = releasedMonth(ctx, asked, rule(def));
    if (!month) continue;
    const p = period(month, rule(def));
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

export function indexSummary(ctx: RequestContext, def: IndexDef, date: string, rule: StartRule): Rec {
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
    duration: round(avg(durations), 6),
    numero_componentes: members.length,
    quantidade_titulos: members.length * 1000 * (1 + (mix(ctx.world.seed, toDayNumber(date)) % 50)),
    prazo_medio_repactuacao: Math.round(avg(durations) * 1.2),
    pmr: round(avg(durations) * 1.2, 6),
    yield: round(avg(rates), 4),
    redemption_yield: round(avg(rates) + 0.01, 4),
  };
}

export function intradayIndices(ctx: RequestContext, date: string, defs: IndexDef[]): Rec[] {
  const market = ctx.world.market;
  return defs.map((def, i) => {
    const close = market.level(def.name, def.growth, def.base, previousBusinessDay(date));
    const variation = round(0.4 * (market.pick('intraday', date, i) - 0.5), 15);
    return {
      indice: def.name,
      data_referencia: date,
      indice_intradiario: round(close * (1 + variation / 100), 6),
      variacao_intradiaria: variation,
    };
  });
}
export const imaProducers: Record<string, Producer> = {
  CarteiraTeoricaIma: (ctx, w) =>
    byIndex(bondPortfolioRecords(ctx, ctx.world.market.imaIndices, w.month, imaRule)),
  ResultadosIma: (ctx, w) =>
    ctx.world.market.imaIndices.map((def) => indexSummary(ctx, def, w.date, imaRule(def))),
  ResultadosIntradiariosIma: (ctx, w) =>
    intradayIndices(ctx, w.date, ctx.world.market.imaIndices.slice(0, 6)),
};
