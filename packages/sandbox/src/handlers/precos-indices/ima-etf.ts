// Family E (`v2/ima-etf/`): the indices of licensed ETFs, filtered by the repeatable `etf` parameter.
import { addBusinessDays, businessDaysBetween, nthBusinessDayOfMonth, toDayNumber } from '../../calendar.js';
import type { Month } from '../../time.js';
import type { Bond, IndexDef } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import {
  bondPortfolioRecords,
  bondPositions,
  indexSummary,
  intradayIndices,
  levelOf,
  portfolioOf,
} from './ima.js';
import {
  day15,
  firstBusinessDay,
  period,
  portfolioMonth,
  releasedMonth,
  type StartRule,
} from './portfolios.js';
import { type Producer, type Rec, round } from './producer.js';

/** The ETF indices the request names (`etf`, repeatable), or all of them. */
export function etfDefs(ctx: RequestContext): { code: string; def: IndexDef }[] {
  const wanted = ctx.params.etf as string[] | undefined;
  const all = ctx.world.market.etfIndices;
  return wanted ? all.filter((e) => wanted.includes(e.code)) : all;
}

const etfRule = (def: IndexDef): StartRule => (def.name === 'IRF-M P2' ? firstBusinessDay : day15);

function etfComposition(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const out: Rec[] = [];
  for (const { def } of etfDefs(ctx)) {
    const rule = etfRule(def);
    // Each bond's share of the index's market value on the day, in points of the day's level: they add up to it.
    const level = levelOf(ctx, def, date);
    const onTheDay = new Map(
      bondPositions(ctx, def, rule, date).holdings.map((h) => [h.item.isin, h.weight] as const),
    );
    for (const held of portfolioOf(ctx, def, rule, period(portfolioMonth(date, rule), rule))) {
      const b = held.bond;
      const pu = market.bondPu(b, date);
      const prazo = businessDaysBetween(date, b.maturity);
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
        prazo,
        duration: round(market.bondDuration(b, date), 6),
        quantidade_indice: held.quantidade_indice,
        quantidade_teorica: held.quantidade_teorica,
        pontos_indice: round((level * (onTheDay.get(b.isin) ?? 0)) / 100, 12),
        convexidade: round(market.bondConvexity(b, date), 16),
        // A bond without repricing is repriced at maturity: its average repricing term is its term.
        prazo_medio_repactuacao: prazo,
      });
    }
  }
  return out;
}

/** Document 3: the IRF-M P2 preview on the penultimate business day, the others two business days before day 15. */
const etfPreviewDay =
  (def: IndexDef) =>
  (m: Month): string =>
    def.name === 'IRF-M P2' ? nthBusinessDayOfMonth(m.year, m.month, -2) : addBusinessDays(day15(m), -2);

/**
 * The indices document 3 names a preview for: IRF-M P2, IMA-B, IMA-B 5+ and IMA-B 5 P2. IMA-B 5 is an ETF index
 * (its portfolio comes out on day 15) but the document gives it no preview, so it has none here.
 */
const PREVIEWED = new Set(['IRF-M P2', 'IMA-B', 'IMA-B 5+', 'IMA-B 5 P2']);

function etfPreview(ctx: RequestContext, asked: Month): Rec[] {
  const out: Rec[] = [];
  for (const { def } of etfDefs(ctx)) {
    if (!PREVIEWED.has(def.name)) continue;
    const rule = etfRule(def);
    const month = releasedMonth(ctx, asked, etfPreviewDay(def));
    if (!month) continue;
    const published = etfPreviewDay(def)(month);
    // The portfolio in force when the preview is released, and the one that follows it (data_inicio_proxima).
    const inForce = period(portfolioMonth(published, rule), rule);
    const p = period(portfolioMonth(addBusinessDays(inForce.end, 1), rule), rule);
    // The quantities held now and in the next portfolio, as those portfolios' own releases show them.
    const current = new Map(portfolioOf(ctx, def, rule, inForce).map((h) => [h.bond.isin, h] as const));
    for (const next of portfolioOf(ctx, def, rule, p)) {
      const b = next.bond;
      out.push({
        indice: def.name,
        data_divulgacao_carteira_teorica: published,
        data_inicio_proxima: p.start,
        data_fim_proxima: p.end,
        tipo_titulo: b.tipo,
        codigo_selic_titulo: b.selic,
        data_vencimento: b.maturity,
        codigo_isin: b.isin,
        quantidade_carteira_atual: current.get(b.isin)?.quantidade_indice ?? 0,
        quantidade_proxima_carteira: next.quantidade_indice,
        evento: current.has(b.isin) ? 'Sem evento' : 'Inclusão',
        data: p.start,
      });
    }
  }
  return out;
}

function extraTrades(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const seen = new Map<string, Bond>();
  for (const { def } of etfDefs(ctx)) for (const b of def.members(date)) seen.set(b.isin, b);
  return [...seen.values()]
    .filter((b) => market.pick('extra', date, toDayNumber(b.maturity)) < 0.6)
    .map((b) => {
      const qty = round(100 + 20000 * market.pick('qty', date, toDayNumber(b.maturity)), 3);
      return {
        data_referencia: date,
        codigo_selic: b.selic,
        codigo_isin: b.isin,
        titulo: b.tipo,
        data_vencimento: b.maturity,
        numero_operacao: 1 + Math.floor(40 * market.pick('ops', date, toDayNumber(b.maturity))),
        quantidade_negociada: qty,
        valor_negociado: round(qty * market.bondPu(b, date), 9),
      };
    });
}
export const imaEtfProducers: Record<string, Producer> = {
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
