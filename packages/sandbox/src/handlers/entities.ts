// Override objects for the v2 fund entities (fund, class, subclass, provider). Each carries every spelling the
// schemas use for the same fact (nome_nivel1_categoria / nivel1_categoria / nivel_1_categoria, codigo /
// codigo_subclasse …); the generator keeps only the properties a schema declares, so one builder serves E1, the
// beta list, E2, E5, E7 and E8 alike, and the same fund shows the same codes and names in all of them.
import { isIsoDate, toDayNumber } from '../calendar.js';
import { Instant, OMIT } from '../generate/schema-generator.js';
import { typeNames } from '../universe/fund-types.js';
import { type ClassEntity, type FundEntity, FundUniverse, type SubclassEntity } from '../universe/funds.js';
import { type InstitutionUniverse, providerRoles } from '../universe/institutions.js';
import { unitTerms } from '../universe/unit-terms.js';

export function instantAt(date: string, msOfDay: number): Instant {
  return new Instant(toDayNumber(date) * 86_400_000 + msOfDay);
}

/** Parses `YYYY-MM-DDTHH:MM:SS.SSS` (Brasília wall clock) to ms-as-UTC; undefined when not a real moment. */
export function parseTimestamp(text: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?$/.exec(text);
  if (!m || !isIsoDate(m[1] as string)) return undefined;
  const [h, mi, s, ms] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return toDayNumber(m[1] as string) * 86_400_000 + h * 3600_000 + mi * 60_000 + s * 1000 + ms;
}

export function fundOverride(f: FundEntity): Record<string, unknown> {
  const closed = f.closedOn ?? OMIT;
  return {
    codigo_fundo: f.code,
    tipo_identificador_fundo: 'CNPJ',
    identificador_fundo: f.cnpj,
    tipo_identificador: 'CNPJ',
    identificador: f.cnpj,
    razao_social_fundo: f.razaoSocial,
    nome_comercial_fundo: f.nome,
    nome_comercial: f.nome,
    tipo_fundo: f.tipo,
    adaptado_rcvm175: f.closedOn && f.closedOn < '2025-06-30' ? 'NA' : 'S',
    moeda: f.currency,
    data_encerramento_fundo: closed,
    data_vigencia: f.vigencia,
    data_vigencia_fundo: f.vigencia,
    atributo: f.classes.length > 1 ? 'Multiclasses' : 'Monoclasse',
    data_atualizacao: f.updatedAt,
  };
}

export function classOverride(f: FundEntity, c: ClassEntity): Record<string, unknown> {
  const closed = c.closedOn ?? OMIT;
  const names = typeNames(c.categoria);
  const terms = unitTerms(f.seed, f, c);
  return {
    tributacao_perseguida: terms.taxation,
    investimento_exterior: terms.abroad,
    percentual_permitido_investimento_exterior: terms.abroadPercent,
    codigo_classe: c.code,
    tipo_identificador_classe: 'CNPJ',
    identificador_classe: c.cnpj,
    tipo_identificador: 'CNPJ',
    identificador: c.cnpj,
    razao_social_classe: c.razaoSocial,
    nome_comercial_classe: c.nome,
    nome_comercial: c.nome,
    nome_nivel1_categoria: c.categoria,
    nivel1_categoria: c.categoria,
    nivel_1_categoria: names.nivel1,
    nivel_2_categoria: names.nivel2,
    nivel_3_subcategoria: names.nivel3,
    tipo_assoc: names.gestao,
    categoria_cvm: f.tipo,
    foco_atuacao: c.categoria,
    data_inicio_atividade: c.start,
    data_inicio_atividade_classe: c.start,
    data_encerramento: closed,
    data_encerramento_classe: closed,
    data_vigencia: f.vigencia,
    data_vigencia_classe: f.vigencia,
    data_inico_vigencia: f.vigencia,
    data_fim_vigencia: OMIT,
    data_atualizacao: f.updatedAt,
  };
}

export function subclassOverride(f: FundEntity, s: SubclassEntity): Record<string, unknown> {
  const closed = s.closedOn ?? OMIT;
  return {
    codigo: s.code,
    codigo_subclasse: s.code,
    tipo_identificador_subclasse: 'CNPJ',
    identificador_subclasse: s.identificador,
    tipo_identificador: 'CNPJ',
    identificador: s.identificador,
    nome_comercial: s.nome,
    nome_comercial_subclasse: s.nome,
    data_inicio_atividade: s.start,
    data_inicio_atividade_subclasse: s.start,
    data_encerramento: closed,
    data_encerramento_subclasse: closed,
    data_vigencia: f.vigencia,
    data_atualizacao: f.updatedAt,
  };
}

/** The v2 list record of a fund (E1 and its beta variant): the fund's fields, its classes and every subclass. */
export function listRecordOverride(f: FundEntity): Record<string, unknown> {
  // The fund's fields at the top level of the record, beside its lists (public-client evidence, item 2).
  return {
    ...fundOverride(f),
    classes: f.classes.map((c) => classOverride(f, c)),
    subclases: f.classes.flatMap((c) => c.subclasses.map((s) => subclassOverride(f, s))),
  };
}

/** The fund's providers; `asOf`: as registered on that earlier date (a past version of the registry). */
export function providersOverride(
  f: FundEntity,
  institutions: InstitutionUniverse,
  asOf = f.vigencia,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const role of providerRoles) {
    const inst = institutions.provider(f.index, role);
    if (!inst) continue;
    out.push({
      codigo_tipo_prestador: role,
      identificador: inst.cnpj,
      razao_social: inst.razaoSocial,
      nome_comercial: inst.nome,
      tipo_pessoa: inst.tipoPessoa,
      codigo_pais: inst.codigoPais,
      data_inicio_vigencia: asOf,
      data_fim_vigencia: OMIT,
      data_atualizacao: instantAt(asOf, 10 * 3600_000 + 11 * 60_000 + 12_131),
    });
  }
  return out;
}

/**
 * The fund's documents: the regulation in force and, for a migrated fund, its first audit. `asOf`: the documents
 * in force on that earlier date (a past version of the registry): the regulation of then, no later audit.
 */
export function documentsOverride(f: FundEntity, asOf = f.vigencia): Record<string, unknown>[] {
  const docs: Record<string, unknown>[] = [
    {
      tipo_documento: 'Regulamento',
      url: `https://docs.assoc.example/fundos/${f.code}/regulamento-${asOf}.pdf`,
      data_vigencia: asOf,
      data_atualizacao: instantAt(asOf, 10 * 3600_000 + 11 * 60_000 + 12_131),
    },
  ];
  if (f.archetype.legacy && asOf === f.vigencia) {
    docs.push({
      tipo_documento: 'Auditoria',
      url: `https://docs.assoc.example/fundos/${f.code}/auditoria-${f.start.slice(0, 4)}.pdf`,
      data_vigencia: f.start,
      data_atualizacao: instantAt(f.vigencia, 9 * 3600_000),
    });
  }
  return docs;
}

const benchmarks: Record<string, string> = {
  'Renda Fixa': 'CDI',
  Multimercados: 'CDI',
  Ações: 'Ibovespa',
  Cambial: 'PTAX',
  Previdência: 'CDI',
  FII: 'IFIX',
  FIDC: 'CDI + 2,50% a.a.',
  FIP: 'IPCA + 6,00% a.a.',
  FIAGRO: 'CDI',
  ETF: 'IMA-B',
  Offshore: 'MSCI World',
};

export function benchmarkOf(categoria: string): string {
  return benchmarks[categoria] ?? 'CDI';
}

/** The ten contexts of the batch registry (E7) for one fund. */
export function registryBatchOverride(
  f: FundEntity,
  institutions: InstitutionUniverse,
): Record<string, unknown> {
  const units = FundUniverse.units(f);
  return {
    content: fundOverride(f),
    documentos: documentsOverride(f),
    prestadores: providersOverride(f, institutions),
    classes: f.classes.map((c) => classOverride(f, c)),
    'perfil-complementar': units.map(() => ({
      codigo_bolsa: f.kind === 'ETF' || f.kind === 'FII' ? undefined : OMIT,
      data_atualizacao: f.updatedAt,
    })),
    'taxas-entrada-saida': [],
    taxas: f.classes.map(() => ({ tipo_taxa: 'Global' })),
    'valores-minimos-movimentacao': units.map(({ cls, sub }) => {
      const terms = unitTerms(f.seed, f, cls, sub);
      return {
        data_vigencia: f.vigencia,
        valor_minimo_aplicacao_inicial: terms.initial,
        valor_minimo_aplicacao_subsequente: terms.additional,
        valor_minimo_resgate: terms.redemption,
        valor_minimo_permanencia: terms.balance,
        data_atualizacao: f.updatedAt,
      };
    }),
    'indices-benchmark': f.classes.map((c) => ({
      benchmark: benchmarkOf(c.categoria),
      data_inicio_vigencia: c.start,
      data_fim_vigencia: OMIT,
      data_atualizacao: f.updatedAt,
    })),
    subclasses: f.classes.flatMap((c) => c.subclasses.map((s) => subclassOverride(f, s))),
  };
}
