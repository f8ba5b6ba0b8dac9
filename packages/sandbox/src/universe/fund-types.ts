// The names a fund's type and category take across the interfaces (v1 `tipo_assoc` and `categoria_assoc`, v2
// `tipo_assoc` and the three category levels), all from the fund's level-1 category, so a fund's fields agree
// with each other: a FIDC is never typed "FIP Multiestratégia", an equity fund never "Renda Fixa …". Without
// these, the generator would draw each field from the spec's examples independently.

export interface TypeNames {
  /** v1 `tipo_assoc` (document 2: "management type"; the examples give the type's full name). */
  tipoV1: string;
  /** v1 structured `categoria_assoc` (FIDC and FII only). */
  categoriaV1?: string;
  /** v2 class `tipo_assoc` (document 1: "management type"). */
  gestao: 'Ativa' | 'Passiva';
  nivel1: string;
  nivel2: string;
  nivel3: string;
}

const byCategory: Record<string, TypeNames> = {
  'Renda Fixa': {
    tipoV1: 'Renda Fixa Duração Livre Crédito Livre',
    gestao: 'Ativa',
    nivel1: 'Renda Fixa',
    nivel2: 'Duração Livre',
    nivel3: 'Crédito Livre',
  },
  Multimercados: {
    tipoV1: 'Multimercados Livre',
    gestao: 'Ativa',
    nivel1: 'Multimercados',
    nivel2: 'Alocação',
    nivel3: 'Dinâmica',
  },
  Ações: { tipoV1: 'Ações Livre', gestao: 'Ativa', nivel1: 'Ações', nivel2: 'Ativos', nivel3: 'Livre' },
  Cambial: { tipoV1: 'Cambial', gestao: 'Ativa', nivel1: 'Cambial', nivel2: 'Cambial', nivel3: 'Cambial' },
  Previdência: {
    tipoV1: 'Previdência Renda Fixa Duração Livre',
    gestao: 'Ativa',
    nivel1: 'Previdência',
    nivel2: 'Renda Fixa',
    nivel3: 'Duração Livre',
  },
  ETF: { tipoV1: 'Ações Indexados', gestao: 'Passiva', nivel1: 'ETF', nivel2: 'Índice', nivel3: 'Indexado' },
  Offshore: {
    tipoV1: 'Investimento no Exterior',
    gestao: 'Ativa',
    nivel1: 'Offshore',
    nivel2: 'Investimento no Exterior',
    nivel3: 'Global',
  },
  FII: {
    tipoV1: 'FII Renda Gestão Ativa',
    categoriaV1: 'Renda',
    gestao: 'Ativa',
    nivel1: 'FII',
    nivel2: 'Renda',
    nivel3: 'Gestão Ativa',
  },
  FIDC: {
    tipoV1: 'FIDC Fomento Mercantil',
    categoriaV1: 'Fomento Mercantil',
    gestao: 'Ativa',
    nivel1: 'FIDC',
    nivel2: 'Fomento Mercantil',
    nivel3: 'Multicedente Multissacado',
  },
  FIP: {
    tipoV1: 'FIP Multiestratégia',
    gestao: 'Ativa',
    nivel1: 'FIP',
    nivel2: 'Multiestratégia',
    nivel3: 'Multiestratégia',
  },
  FIAGRO: { tipoV1: 'FIAGRO', gestao: 'Ativa', nivel1: 'FIAGRO', nivel2: 'Crédito Agro', nivel3: 'Crédito' },
};

/** The type names of a fund of this level-1 category (`FundEntity.categoria`). */
export function typeNames(categoria: string): TypeNames {
  const names = byCategory[categoria];
  if (!names) throw new RangeError(`no type names for the category ${categoria}`);
  return names;
}

/** An offshore fund's v1 type: its asset class, invested abroad (e.g. "Ações Investimento no Exterior"). */
export function offshoreTipoV1(classeAssoc: string): string {
  return `${classeAssoc} Investimento no Exterior`;
}

/** Explanatory notes (E6) any fund may carry. */
const commonNotes = [
  'Substituição do custodiante aprovada em assembleia de cotistas.',
  'Redução da taxa global de 0,90% para 0,80% ao ano.',
  'Alteração do regulamento aprovada em assembleia de cotistas.',
  'Transferência da gestão aprovada em assembleia de cotistas.',
];

/** Notes only a fund with senior and subordinated quotas (a FIDC with series) can carry. */
const seriesNotes = ['Amortização extraordinária das cotas seniores aprovada pelos cotistas.'];

/** The note texts a class or subclass of this fund may carry. */
export function noteTexts(kind: string, hasSeries: boolean): readonly string[] {
  return kind === 'FIDC' && hasSeries ? [...commonNotes, ...seriesNotes] : commonNotes;
}
