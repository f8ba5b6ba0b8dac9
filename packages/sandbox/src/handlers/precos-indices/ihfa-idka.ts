// Family A's IHFA (a quarterly portfolio of hedge funds, drawn from the fund universe) and IDkA (constant
// duration indices on the yield curves).
import {
  addDays,
  businessDayOnOrBefore,
  nthBusinessDayOfMonth,
  previousBusinessDay,
} from '../../calendar.js';
import { decimalsOf } from '../../generate/full-scale.js';
import { key, unit } from '../../rng.js';
import { lastClosedBusinessDay, type Month, monthKey, monthOfDate, monthOfKey } from '../../time.js';
import type { FundEntity } from '../../universe/funds.js';
import { formatCnpj } from '../../universe/ids.js';
import { seriesPoint } from '../../universe/series.js';
import { unitKey } from '../../universe/unit-terms.js';
import type { RequestContext } from '../../world.js';
import { type StartRule, weights } from './portfolios.js';
import { type Producer, type Rec, round, ymd } from './producer.js';

const quarterStart: StartRule = (m) => nthBusinessDayOfMonth(m.year, m.month, 4);

const IHFA_LEVEL = (ctx: RequestContext, d: string) =>
  round(ctx.world.market.level('IHFA', 0.11, 4100, d), 2);

/** A fund's class quota on a day: the same point of its daily series that v1, v2 and the batches show. */
function quotaOn(ctx: RequestContext, f: FundEntity, day: string): number | undefined {
  const cls = f.classes[0];
  return cls ? seriesPoint(ctx.world.seed, unitKey(f, cls), cls.categoria, cls.start, day).cota : undefined;
}

interface IhfaMember {
  fund: FundEntity;
  record: Rec;
}

function ihfaPortfolio(ctx: RequestContext, month: Month): IhfaMember[] {
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
  const level = IHFA_LEVEL(ctx, prevQuarterEnd);
  return members.map((f, i) => {
    const cls = f.classes[0];
    const p = cls
      ? seriesPoint(ctx.world.seed, unitKey(f, cls), cls.categoria, cls.start, prevQuarterEnd)
      : undefined;
    const peso = w[i] as number;
    return {
      fund: f,
      record: {
        data_fim_trimestre_anterior: prevQuarterEnd,
        data_inicio: start,
        data_fim: end,
        nome_fundo: f.nome,
        cnpj_fundo: formatCnpj(f.cnpj),
        // The quotas held per point of the index: the fund's weight of the level at the quarter's close.
        quantidade_teorica: p ? round((peso / 100) * (level / p.cota), 4) : undefined,
        valor_quota: p ? round(p.cota, 6) : undefined,
        valor_patrimonio_liquido: p ? round(p.patrimonio, 2) : undefined,
        peso,
      },
    };
  });
}

function ihfaResults(ctx: RequestContext, date: string): Rec[] {
  const market = ctx.world.market;
  const levelAt = (d: string) => IHFA_LEVEL(ctx, d);
  const month = portfolioMonthQuarterly(date);
  const before = previousBusinessDay(date);
  const components = ihfaPortfolio(ctx, month).map(({ fund, record }) => {
    const quota = quotaOn(ctx, fund, date);
    const previous = quotaOn(ctx, fund, before);
    return {
      nome_fundo: record.nome_fundo,
      cnpj_fundo: record.cnpj_fundo,
      quantidade_teorica: record.quantidade_teorica,
      // The class's quota as the fund series show it, to this field's 6 decimals (its first 6).
      quota: quota === undefined ? undefined : Number(decimalsOf(quota, 6)),
      variacao_diaria_fundo:
        quota === undefined || previous === undefined ? undefined : round(100 * (quota / previous - 1), 4),
      peso: record.peso,
    };
  });
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
      round(market.level(nome, group === 'IPCA' ? 0.105 : 0.11, 2500 + 150 * i, d), 2);
    const rate = round(100 * market.curveRate(group, date, du), 4);
    return {
      data_referencia: date,
      numero_indice: levelAt(date),
      ...market.variations(levelAt, date),
      volatilidade: round(0.5 + du / 1000 + market.pick('vol', date, i), 4),
      tx_compra: round(100 * market.curveRate(group, previousBusinessDay(date), du), 4),
      tx_venda: rate,
      nome,
    };
  });
}
export const ihfaIdkaProducers: Record<string, Producer> = {
  CarteiraTeoricaIhfa: (ctx, w) => ihfaPortfolio(ctx, w.month).map((m) => m.record),
  ResultadosIhfa: (ctx, w) => ihfaResults(ctx, w.date),
  ResultadosIhfaComComponentes: (ctx, w) => ihfaResults(ctx, w.date),
  ResultadosIdka: (ctx, w) => idkaResults(ctx, w.date),
};
