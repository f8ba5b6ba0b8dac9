// A class's or subclass's terms: the minimums to invest and redeem, the share it may invest abroad and the
// taxation it pursues. One function of (seed, fund, unit), so v1's `movimentacao` and `dados-cadastrais` and v2's
// classes and `valores-minimos-movimentacao` state the same terms for the same unit.
import { key, mix, unit } from '../rng.js';
import type { ClassEntity, FundEntity, SubclassEntity } from './funds.js';

export interface UnitTerms {
  /** Minimum first investment, in the fund's currency (2 decimals). */
  initial: number;
  /** Minimum further investment. */
  additional: number;
  /** Minimum redemption. */
  redemption: number;
  /** Minimum balance to remain invested. */
  balance: number;
  /** `investimento_exterior`, as document 2 spells its values. */
  abroad: 'Até 100%' | '> 67%' | 'Não se Aplica' | 'Até 20 %' | 'Até 40 %';
  /** The percentage of equity allowed abroad that `abroad` names. */
  abroadPercent: number;
  /** `tributacao_alvo` (v1) and `tributacao_perseguida` (v2). */
  taxation: 'Longo Prazo' | 'Curto Prazo' | 'Renda Variável' | 'Indefinido' | 'Não Aplicável';
}

/** Minimum first investments as distributors set them: round amounts, retail to professional. */
const INITIAL = [0, 1, 100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 1_000_000];

const ABROAD_PERCENT: Record<UnitTerms['abroad'], number> = {
  'Até 100%': 100,
  '> 67%': 67,
  'Não se Aplica': 0,
  'Até 20 %': 20,
  'Até 40 %': 40,
};

/** The series key of a unit (the same as its daily series'). */
export function unitKey(f: FundEntity, cls: ClassEntity, sub?: SubclassEntity): number {
  return mix(f.index, cls.index * 16 + (sub ? sub.index + 1 : 0));
}

function abroadOf(categoria: string, u: number): UnitTerms['abroad'] {
  switch (categoria) {
    case 'Offshore':
      return u < 0.7 ? 'Até 100%' : '> 67%';
    case 'Multimercados':
      return u < 0.6 ? 'Até 40 %' : u < 0.8 ? 'Até 20 %' : 'Até 100%';
    case 'Renda Fixa':
    case 'Ações':
    case 'Previdência':
    case 'ETF':
      return u < 0.7 ? 'Até 20 %' : 'Não se Aplica';
    default:
      return 'Não se Aplica';
  }
}

function taxationOf(categoria: string, u: number): UnitTerms['taxation'] {
  switch (categoria) {
    case 'Renda Fixa':
    case 'Cambial':
      return u < 0.8 ? 'Longo Prazo' : 'Curto Prazo';
    case 'Multimercados':
    case 'Offshore':
      return u < 0.7 ? 'Longo Prazo' : 'Indefinido';
    case 'Ações':
    case 'ETF':
      return 'Renda Variável';
    case 'Previdência':
      return 'Indefinido';
    case 'FIDC':
      return 'Longo Prazo';
    case 'FII':
    case 'FIP':
    case 'FIAGRO':
      return 'Renda Variável';
    default:
      return 'Não Aplicável';
  }
}

/** The terms of a unit; `sub` absent: the class's own (its taxation and foreign limit hold for its subclasses). */
export function unitTerms(seed: number, f: FundEntity, cls: ClassEntity, sub?: SubclassEntity): UnitTerms {
  const k = key(seed, 'terms', unitKey(f, cls, sub));
  const classKey = key(seed, 'terms', unitKey(f, cls));
  const initial = INITIAL[Math.floor(unit(k) * INITIAL.length)] as number;
  const fraction = [0, 0.1, 0.2, 0.5, 1][mix(k, 1) % 5] as number;
  const abroad = abroadOf(cls.categoria, unit(mix(classKey, 2)));
  return {
    initial,
    additional: Number((initial * fraction).toFixed(2)),
    redemption: Number((initial * ([0, 0.1, 0.5][mix(k, 3) % 3] as number)).toFixed(2)),
    balance: Number((initial * ([0, 0.1, 0.5, 1][mix(k, 4) % 4] as number)).toFixed(2)),
    abroad,
    abroadPercent: ABROAD_PERCENT[abroad],
    taxation: taxationOf(cls.categoria, unit(mix(classKey, 5))),
  };
}
