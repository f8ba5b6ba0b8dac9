// The debenture indices: IDA (family A, `indices-mais/` and `indices/`) and IDA-LIQ (family B, `ida-liq/`),
// which share their portfolios: the IDA-LIQ preview published in a month is the next month's portfolio.
import { businessDaysBetween } from '../../calendar.js';
import { type Month, monthKey, monthOfKey } from '../../time.js';
import { outstanding, type Positions, positions, weightIn } from '../../universe/holdings.js';
import type { Debenture, Market } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import { byIndex, period, portfolioMonth, secondBusinessDay } from './portfolios.js';
import { type Producer, type Rec, round } from './producer.js';

function idaIndices(ctx: RequestContext): string[] {
  return ctx.op.path.includes('/ida-liq/')
    ? ['IDA-LIQ-GERAL', 'IDA-LIQ-DI', 'IDA-LIQ-IPCA', 'IDA-LIQ-IPCA INFRA']
    : ['IDA-GERAL', 'IDA-DI', 'IDA-IPCA', 'IDA-IPCA INFRA', 'IDA-IPCA EX-INFRA'];
}

function idaMembers(market: Market, index: string, p: { start: string; end: string }): Debenture[] {
  return market.idaMembers(index, p.start).filter((d) => d.maturity > p.end);
}

/** The level of an IDA index on a date (the same under `indices/` and `indices-mais/`). */
function idaLevel(ctx: RequestContext, indice: string, date: string): number {
  const n = idaIndices(ctx).indexOf(indice);
  const growth = indice.includes('DI') ? 0.115 : 0.105;
  return ctx.world.market.level(indice, growth, 2200 + 300 * n, date);
}

/** Debentures outstanding in the market, in units (the same quantity in every index that holds one). */
function quantityOf(ctx: RequestContext, d: Debenture): number {
  return outstanding(ctx.world.seed, d.isin, 300_000, 3_000_000);
}

/** The positions of an index's portfolio of month `month` priced on `date`. */
function idaPositions(ctx: RequestContext, indice: string, month: Month, date: string): Positions<Debenture> {
  const market = ctx.world.market;
  const p = period(month, secondBusinessDay);
  return positions(
    idaMembers(market, indice, p).map((d) => ({
      item: d,
      quantity: quantityOf(ctx, d),
      price: market.debenturePu(d, date),
      duration: Math.round(businessDaysBetween(date, d.maturity) * 0.6),
    })),
  );
}

/**
 * A debenture's theoretical quantity in an index: the units held per point of the index level, fixed at the
 * portfolio's start.
 */
function theoreticalQuantities(ctx: RequestContext, indice: string, month: Month): Map<string, number> {
  const start = period(month, secondBusinessDay).start;
  const atStart = idaPositions(ctx, indice, month, start);
  const level = idaLevel(ctx, indice, start);
  return new Map(
    atStart.holdings.map((h) => [h.item.isin, round((h.quantity * level) / atStart.value, 8)] as const),
  );
}

function idaPortfolio(ctx: RequestContext, month: Month): Rec[] {
  const p = period(month, secondBusinessDay);
  const out: Rec[] = [];
  for (const indice of idaIndices(ctx)) {
    const atStart = idaPositions(ctx, indice, month, p.start);
    const theoretical = theoreticalQuantities(ctx, indice, month);
    const byIssuer = new Map<string, number>();
    for (const h of atStart.holdings)
      byIssuer.set(h.item.emissor, (byIssuer.get(h.item.emissor) ?? 0) + h.weight);
    for (const h of atStart.holdings) {
      const d = h.item;
      out.push({
        indice,
        data_inicio: p.start,
        data_fim: p.end,
        codigo_titulo: d.codigo,
        emissor: d.emissor,
        codigo_isin_titulo: d.isin,
        data_vencimento: d.maturity,
        indexador: d.indexador === 'PRE' ? 'Prefixado' : d.indexador,
        quantidade: h.quantity,
        pu: Math.round(h.price),
        peso: round(h.weight, 2),
        peso_emissor: round(byIssuer.get(d.emissor) ?? 0, 2),
        quantidade_teorica: theoretical.get(d.isin),
      });
    }
  }
  return out;
}

function idaResults(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const month = portfolioMonth(date, secondBusinessDay);
  const indices = idaIndices(ctx);
  const all = new Map(indices.map((indice) => [indice, idaPositions(ctx, indice, month, date)] as const));
  const general = all.get(indices[0] as string) as Positions<Debenture>;
  return indices.map((indice) => {
    const levelAt = (d: string) => idaLevel(ctx, indice, d);
    const index = all.get(indice) as Positions<Debenture>;
    const theoretical = theoreticalQuantities(ctx, indice, month);
    return {
      indice,
      data_referencia: date,
      numero_indice: levelAt(date),
      ...market.variations(levelAt, date),
      peso: weightIn(general, index),
      valor_mercado: round(index.value, 2),
      duration: Math.round(index.duration),
      componentes: index.holdings.map((h) => {
        const d = h.item;
        return {
          codigo: d.codigo,
          emissor: d.emissor,
          codigo_isin: d.isin,
          data_vencimento: d.maturity,
          grupo: d.indexador === 'DI' ? 'DI SPREAD' : d.indexador === 'IPCA' ? 'IPCA SPREAD' : 'PREFIXADO',
          taxa_indicativa: market.debentureRate(d, date),
          pu: h.price,
          pu_juros: 0,
          eventos: 'Sem eventos',
          peso: round(h.weight, 2),
          quantidade_teorica: theoretical.get(d.isin),
          valor_mercado: round(h.value, 2),
          duration: h.duration,
        };
      }),
    };
  });
}

function idaLiqPreview(ctx: RequestContext, month: Month): Rec[] {
  // The preview published in month m is next month's portfolio.
  return idaPortfolio(ctx, monthOfKey(monthKey(month) + 1));
}
export const idaProducers: Record<string, Producer> = {
  CarteiraTeoricaIda: (ctx, w) => byIndex(idaPortfolio(ctx, w.month)),
  PreviaCarteiraTeoricaIdaLiq: (ctx, w) => idaLiqPreview(ctx, w.month),
  ResultadosIda: (ctx, w) => idaResults(ctx, w.date),
  ResultadosIdaComComponentes: (ctx, w) => idaResults(ctx, w.date),
};
