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
  return [...starts].sort().map((start, i) => ({
    start,
    adm: Number((0.5 + 2 * unit(mix(k, 20 + i))).toFixed(2)),
    performanceMonths: unit(mix(k, 30 + i)) < 0.5 ? 0 : mix(k, 40 + i) % 2 === 0 ? 6 : 12,
  }));
}

function feeRecord(p: FeePeriod, reference: string, startAsTimestamp: boolean): Record<string, unknown> {
  const charged = p.performanceMonths > 0;
  return {
    data_referencia: reference,
    taxa_administracao: p.adm,
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
