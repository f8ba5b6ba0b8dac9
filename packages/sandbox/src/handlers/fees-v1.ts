// A v1 fund's fees over time (the `taxas` and `historico_taxas` of document 2's details): its fee periods in order
// from the fund's start, each updated on the day it took effect, the current fees the last period's. A period
// charges a performance fee or not, and its fields say the same: a periodicity in months and a description when
// it does, 0 and an empty description when it does not.
import { addDays, fromDayNumber, toDayNumber } from '../calendar.js';
import { key, mix, unit } from '../rng.js';
import { earlierDate } from '../time.js';
import type { FundEntity } from '../universe/funds.js';
import { instantAt } from './entities.js';

interface FeePeriod {
  start: string;
  /** Administration fee, % a year. */
  adm: number;
  /** The most the regulation allows the administration fee to reach, % a year: never below `adm`. */
  max: number;
  /** P percentage, V value, M mixed (a percentage with a fixed monthly minimum). */
  unit: 'P' | 'V' | 'M';
  /** Whether the fee compounds (252 business days) or accrues linearly. */
  compound: boolean;
  /** A fixed monthly amount in reais, charged by `V` and `M` periods. */
  fixed: number;
  /** Months between performance-fee charges; 0 when none is charged. */
  performanceMonths: number;
}

const PERFORMANCE_RULES = [
  '20% do que exceder 100% do CDI',
  '20% do que exceder o IPCA + 6% a.a.',
  '15% do que exceder 100% do Ibovespa',
];

/** The fund's fee periods up to `asOf` (or its closing), oldest first, each starting on a distinct day. */
function feePeriods(seed: number, f: FundEntity, asOf: string): FeePeriod[] {
  const k = key(seed, 'fees', f.index);
  const last = f.closedOn ? earlierDate(addDays(f.closedOn, -1), asOf) : asOf;
  const from = toDayNumber(f.start);
  const span = Math.max(0, toDayNumber(last) - from);
  const starts = new Set([f.start]);
  const changes = mix(k, 1) % 3;
  for (let i = 0; i < changes && span > 1; i++) starts.add(fromDayNumber(from + 1 + (mix(k, 10 + i) % span)));
  return [...starts].sort().map((start, i) => {
    const adm = Number((0.5 + 2 * unit(mix(k, 20 + i))).toFixed(2));
    const u = unit(mix(k, 50 + i));
    return {
      start,
      adm,
      max: Number((adm + 0.25 * (mix(k, 60 + i) % 5)).toFixed(2)),
      unit: u < 0.7 ? 'P' : u < 0.85 ? 'M' : 'V',
      compound: mix(k, 70 + i) % 3 !== 0,
      fixed: 5_000 * (1 + (mix(k, 80 + i) % 10)),
      performanceMonths: unit(mix(k, 30 + i)) < 0.5 ? 0 : mix(k, 40 + i) % 2 === 0 ? 6 : 12,
    };
  });
}

/** Reais as document 2's example writes them (`R$ 25.000,00 mensais`). */
function reais(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split('.') as [string, string];
  return `R$ ${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${cents} mensais`;
}

function feeRecord(p: FeePeriod, reference: string, startAsTimestamp: boolean): Record<string, unknown> {
  const charged = p.performanceMonths > 0;
  return {
    data_referencia: reference,
    unidade_taxa_adm: p.unit,
    unidade: p.unit,
    taxa_administracao: p.adm,
    taxa_maxima: p.max,
    taxa_composta: p.compound ? 'S' : 'N',
    taxa_fixa: p.unit === 'P' ? '' : reais(p.fixed),
    taxa_entrada: '0,00%',
    taxa_saida: '0,00%',
    unidade_tempo_taxa_adm: 'a.a.',
    base_calculo_taxa_adm: 'Patrimônio líquido',
    metodologia_calculo_taxa_adm: p.compound ? '252 dias úteis' : '360 dias corridos',
    periodicidade_cobranca_taxa_adm: 'Mensal',
    data_inicio_vigencia_taxa_adm: startAsTimestamp ? instantAt(p.start, 0) : p.start,
    cobra_taxa_performance: charged ? 'S' : 'N',
    periodicidade_cobranca_taxa_performance: p.performanceMonths,
    descricao_taxa_performance: charged
      ? (PERFORMANCE_RULES[p.performanceMonths % PERFORMANCE_RULES.length] as string)
      : '',
    taxa_performance_nao_padronizada: '',
    data_atualizacao: instantAt(p.start, 9 * 3600_000),
  };
}

/**
 * The `taxas` (the current period, as of `asOf`) and `historico_taxas` (every period, oldest first) of a
 * detail. `startAsTimestamp`: the offshore fees write the period's start as a timestamp, the structured as a date.
 */
export function feesOf(
  seed: number,
  f: FundEntity,
  asOf: string,
  startAsTimestamp: boolean,
): { taxas: Record<string, unknown>; historico_taxas: Record<string, unknown>[] } {
  const periods = feePeriods(seed, f, asOf);
  const current = periods[periods.length - 1] as FeePeriod;
  return {
    taxas: feeRecord(current, asOf, startAsTimestamp),
    historico_taxas: periods.map((p) => feeRecord(p, p.start, startAsTimestamp)),
  };
}
