// Family A's IMA (government bond indices): portfolios, daily and 12h intraday results. The ETF indices
// (ima-etf.ts) are IMA sub-indices and reuse these records.
import { previousBusinessDay } from '../../calendar.js';
import type { Month } from '../../time.js';
import { outstanding, type Positions, positions, weightIn } from '../../universe/holdings.js';
import { type Bond, type IndexDef, Market } from '../../universe/market.js';
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
} from './portfolios.js';
import { type Producer, type Rec, round } from './producer.js';

// carteira-teorica-ima is released on the 1st business day and on day 15: read as document 3 splits the ETF
// portfolios (IRF-M P2 first business day, IMA-B family day 15), the IMA-B family's portfolios start on day 15 and
// the others' (IRF-M family, IMA-S, IMA-GERAL) on the 1st business day (the spec's x-inferred on the answer).
const imaRule = (def: IndexDef): StartRule => (def.name.startsWith('IMA-B') ? day15 : firstBusinessDay);

/** Bonds outstanding in the market, in thousands (the same quantity in every index that holds one). */
function thousandsOf(ctx: RequestContext, b: Bond): number {
  return outstanding(ctx.world.seed, b.isin, 2_000_000, 20_000_000) / 1000;
}

export function levelOf(ctx: RequestContext, def: IndexDef, date: string): number {
  return ctx.world.market.level(def.name, def.growth, def.base, date);
}

/** The positions of an index's portfolio in force on `date` (or of period `p`), priced on `date`. */
export function bondPositions(
  ctx: RequestContext,
  def: IndexDef,
  rule: StartRule,
  date: string,
  p = period(portfolioMonth(date, rule), rule),
): Positions<Bond> {
  const market = ctx.world.market;
  return positions(
    bondMembers(def, p).map((b) => ({
      item: b,
      quantity: thousandsOf(ctx, b) * 1000,
      price: market.bondPu(b, date),
      duration: market.bondDuration(b, date),
    })),
  );
}

/** The general index every IMA and ETF index is a part of, with its portfolio rule. */
function generalIndex(ctx: RequestContext): { def: IndexDef; rule: StartRule } {
  const def = ctx.world.market.imaIndices.find((d) => d.name === 'IMA-GERAL') as IndexDef;
  return { def, rule: imaRule(def) };
}

/** A portfolio period's bonds as its release shows them: priced on the business day before the period starts. */
export function portfolioOf(
  ctx: RequestContext,
  def: IndexDef,
  rule: StartRule,
  p: { start: string; end: string },
): { bond: Bond; pu: number; quantidade_indice: number; peso_indice: number; quantidade_teorica: number }[] {
  const priced = previousBusinessDay(p.start);
  const held = bondPositions(ctx, def, rule, priced, p);
  const level = levelOf(ctx, def, priced);
  return held.holdings.map((h) => ({
    bond: h.item,
    pu: h.price,
    quantidade_indice: round(h.quantity / 1000, 3),
    peso_indice: round(h.weight, 10),
    // The bonds held per point of the index level.
    quantidade_teorica: round((h.quantity * level) / held.value, 10),
  }));
}

export function bondPortfolioRecords(
  ctx: RequestContext,
  defs: IndexDef[],
  asked: Month,
  rule: (d: IndexDef) => StartRule,
): Rec[] {
  const out: Rec[] = [];
  for (const def of defs) {
    // A portfolio is released on its first day, from the schedule's time.
    const month = releasedMonth(ctx, asked, rule(def));
    if (!month) continue;
    const p = period(month, rule(def));
    for (const { bond: b, ...figures } of portfolioOf(ctx, def, rule(def), p)) {
      out.push({
        indice: def.name,
        data_inicio: p.start,
        data_fim: p.end,
        tipo_titulo: b.tipo,
        codigo_selic_titulo: b.selic,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        ...figures,
      });
    }
  }
  return out;
}

export function indexSummary(ctx: RequestContext, def: IndexDef, date: string, rule: StartRule): Rec {
  const market = ctx.world.market;
  const held = bondPositions(ctx, def, rule, date);
  const general = generalIndex(ctx);
  const whole = general.def === def ? held : bondPositions(ctx, general.def, general.rule, date);
  const levelAt = (d: string) => levelOf(ctx, def, d);
  const rates = held.holdings.map((h) => market.bondRate(h.item, date));
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    indice: def.name,
    data_referencia: date,
    numero_indice: levelAt(date),
    valor_indice: levelAt(date),
    ...market.variations(levelAt, date),
    duration: round(held.duration, 6),
    peso_indice: weightIn(whole, held, 10),
    valor_mercado: round(held.value, 6),
    carteira_mercado: round(held.value, 6),
    numero_componentes: held.holdings.length,
    quantidade_titulos: round(held.holdings.reduce((a, h) => a + h.quantity, 0) / 1000, 3),
    prazo_medio_repactuacao: Math.round(held.duration * 1.2),
    pmr: round(held.duration * 1.2, 6),
    // The positions' convexity (in years squared) weighted by market value.
    convexidade: round(
      held.holdings.reduce((a, h) => a + (h.weight / 100) * market.bondConvexity(h.item, date), 0),
      4,
    ),
    yield: round(avg(rates), 4),
    redemption_yield: round(avg(rates) + 0.01, 4),
  };
}

/** The bonds of an index's portfolio on `date` with their rate and prices of the day (`componentes`). */
function bondComponents(ctx: RequestContext, def: IndexDef, date: string, rule: StartRule): Rec[] {
  const market = ctx.world.market;
  return bondPositions(ctx, def, rule, date).holdings.map(({ item: b, price }) => ({
    tipo_titulo: b.tipo,
    data_vencimento: b.maturity,
    taxa_indicativa: market.bondRate(b, date),
    pu: price,
    // Coupon payments are not events of the sandbox's market: no interest is paid on the day.
    pu_juros: 0,
  }));
}

export function intradayIndices(ctx: RequestContext, date: string, defs: IndexDef[]): Rec[] {
  const market = ctx.world.market;
  return defs.map((def) => {
    const close = market.level(def.name, def.growth, def.base, previousBusinessDay(date));
    // Drawn by the index's name: every family that serves an index shows its one intraday figure.
    const variation = round(0.4 * (market.pick('intraday', date, Market.hash(def.name)) - 0.5), 4);
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
  ResultadosImaComComponentes: (ctx, w) =>
    ctx.world.market.imaIndices.map((def) => ({
      ...indexSummary(ctx, def, w.date, imaRule(def)),
      componentes: bondComponents(ctx, def, w.date, imaRule(def)),
    })),
  ResultadosIntradiariosIma: (ctx, w) =>
    intradayIndices(ctx, w.date, ctx.world.market.imaIndices.slice(0, 6)),
};
