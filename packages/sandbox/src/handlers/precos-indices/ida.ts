// The debenture indices: IDA (family A, `indices-mais/` and `indices/`) and IDA-LIQ (family B, `ida-liq/`),
// which share their portfolios: the IDA-LIQ preview published in a month is the next month's portfolio.
import { businessDaysBetween } from '../../calendar.js';
import { key } from '../../rng.js';
import { type Month, monthKey, monthOfKey } from '../../time.js';
import type { Debenture, Market } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import { byIndex, period, portfolioMonth, secondBusinessDay, weights } from './portfolios.js';
import type { Producer, Rec } from './producer.js';

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
export const idaProducers: Record<string, Producer> = {
  CarteiraTeoricaIda: (ctx, w) => byIndex(idaPortfolio(ctx, w.month)),
  PreviaCarteiraTeoricaIdaLiq: (ctx, w) => idaLiqPreview(ctx, w.month),
  ResultadosIda: (ctx, w) => idaResults(ctx, w.date),
  ResultadosIdaComComponentes: (ctx, w) => idaResults(ctx, w.date),
};
