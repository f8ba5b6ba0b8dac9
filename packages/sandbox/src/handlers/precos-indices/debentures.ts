// Family D (`debentures/`): secondary-market prices and rates, and the credit spread curves.
import { businessDaysBetween } from '../../calendar.js';
import { OMIT } from '../../generate/schema-generator.js';
import type { IndexDef } from '../../universe/market.js';
import type { RequestContext } from '../../world.js';
import { type Producer, type Rec, round } from './producer.js';

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
      taxa_compra: round(rate + 0.05, 4),
      taxa_venda: round(rate - 0.05, 4),
      taxa_indicativa: rate,
      desvio_padrao: round(0.01 + 0.09 * market.pick('dp', date, d.index), 2),
      val_min_intervalo: round(rate - 0.25, 2),
      val_max_intervalo: round(rate + 0.25, 2),
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
      aaa: round(base, 4),
      aa: round(base * 1.6, 4),
      a: round(base * 2.4, 4),
    };
  });
}
export const debentureProducers: Record<string, Producer> = {
  DebentureMercadoSecundario: (ctx, w) => debentureSecondary(ctx, w.date),
  CurvaCredito: (ctx, w) => creditCurves(ctx, w.date),
};
