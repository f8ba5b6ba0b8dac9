// Document 2 (v1 funds): regulation-555 (V1, V2), offshore (V3, V4) and structured funds (V5, V6, V7). The v1
// funds are the migrated funds of the v2 universe: a 555 fund's code 254851 is v2 fund F0000254851, a
// structured fund's former classes are its v2 subclasses.
import { businessDaysInRange, nextBusinessDay, previousBusinessDay, toDayNumber } from '../calendar.js';
import { OMIT } from '../generate/schema-generator.js';
import { mix } from '../rng.js';
import { earlierDate, lastClosedBusinessDay, laterDate } from '../time.js';
import type { Archetype, Kind } from '../universe/archetypes.js';
import { offshoreTipoV1, typeNames } from '../universe/fund-types.js';
import { type ClassEntity, type FundEntity, LEGACY_LIMIT, type SubclassEntity } from '../universe/funds.js';
import { base36, isin } from '../universe/ids.js';
import { seriesPoint } from '../universe/series.js';
import { type UnitTerms, unitTerms } from '../universe/unit-terms.js';
import { badParameter, type Handler, type HandlerResult, notFound, type RequestContext } from '../world.js';
import { resolveWindow } from './date-window.js';
import { benchmarkOf, instantAt } from './entities.js';
import { feesOf } from './fees-v1.js';

const kinds555: Kind[] = ['FIF_LEGACY', 'ETF'];
const structuredKinds: Kind[] = ['FII', 'FIDC', 'FIP'];

function gen(
  ctx: RequestContext,
  parts: (number | string)[],
  override: unknown,
  appliesTo?: string,
): unknown {
  return ctx.world.record(ctx.op.success.recordSchema, parts, override, {
    asOf: lastClosedBusinessDay(ctx.now),
    ...(appliesTo ? { appliesTo } : {}),
  });
}

/** Shortens a name to a field's limit at a word boundary. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

function classe555(f: FundEntity): string {
  if (f.categoria === 'Multimercados') return 'Multimercado';
  if (f.categoria === 'ETF') return 'Ações';
  return f.categoria;
}

function classeCvm(f: FundEntity): string {
  const c = classe555(f);
  return c === 'Multimercado' ? 'MM' : c === 'Previdência' ? 'Renda Fixa' : c;
}

function situacao(f: FundEntity): 'A' | 'E' {
  return f.closedOn ? 'E' : 'A';
}

function v1Timestamp(f: FundEntity) {
  return f.updatedAt;
}

function v1List(
  ctx: RequestContext,
  name: string,
  pass: (a: Archetype) => boolean,
  record: (f: FundEntity) => unknown,
): HandlerResult {
  const view = ctx.world.funds.view(name, pass, LEGACY_LIMIT);
  const lbd = lastClosedBusinessDay(ctx.now);
  return { kind: 'list', total: view.count, item: (j) => record(ctx.world.funds.fund(view.nth(j), lbd)) };
}

function dadosCadastrais(f: FundEntity): Record<string, unknown> {
  const terms = unitTerms(f.seed, f, f.classes[0] as ClassEntity);
  return {
    investimento_exterior: terms.abroad,
    tributacao_alvo: terms.taxation,
    codigo_fundo: f.v1Code,
    nome_fantasia: clip(f.nome, 40),
    razao_social: clip(f.razaoSocial, 150),
    cnpj_fundo: f.cnpj,
    codigo_isin: f.kind === 'ETF' ? isin(`BR${base36(f.index, 4)}CTF00`) : OMIT,
    data_primeiro_aporte: f.start,
    data_encerramento_fundo: f.closedOn ?? OMIT,
    classe_assoc: classe555(f),
    tipo_assoc: typeNames(f.categoria).tipoV1,
    classe_cvm: classeCvm(f),
    benchmark: benchmarkOf(f.categoria).slice(0, 20),
    foco_atuacao: f.categoria.slice(0, 20),
    situacao_atual: situacao(f),
    data_inicio_divulgacao_cota: f.start,
    data_atualizacao: v1Timestamp(f),
  };
}

/** The minimums of a v1 `movimentacao` (555 and offshore spell the balance one way, structured funds another). */
function minimums(t: UnitTerms): Record<string, unknown> {
  return {
    aplicacao_inicial_minima: t.initial,
    aplicacao_adicional_minima: t.additional,
    resgate_minimo: t.redemption,
    saldo_minimo_aplicado: t.balance,
    saldo_minimo_aplicado_ao_fundo: t.balance,
  };
}

function providersV1(ctx: RequestContext, f: FundEntity): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const role of ['Administrador', 'Gestor', 'Custodiante'] as const) {
    const inst = ctx.world.institutions.provider(f.index, role);
    if (inst) out.push({ nome: clip(inst.nome, 40), cnpj: inst.cnpj, principal: role === 'Gestor' ? 1 : 0 });
  }
  return out;
}

/** The last available day of a unit's series (the `serie_historica` context of the details). */
function lastSeries(ctx: RequestContext, f: FundEntity, cls: ClassEntity, sub?: SubclassEntity) {
  const lbd = lastClosedBusinessDay(ctx.now);
  const end = sub?.closedOn ?? cls.closedOn;
  // A closed unit's last quota is of the business day before it closed, the last day its series has.
  const day = end && end <= lbd ? previousBusinessDay(end) : lbd;
  const p = seriesPoint(
    ctx.world.seed,
    mix(f.index, cls.index * 16 + (sub ? sub.index + 1 : 0)),
    cls.categoria,
    sub?.start ?? cls.start,
    day,
    f.kind === 'FIDC' && (sub?.index ?? 0) > 0,
  );
  const published = instantAt(nextBusinessDay(day), 8 * 3600_000 + (f.index % 3600) * 1000);
  return { day, p, published };
}

/** The `serie_historica` context of a 555 or offshore detail: the last closed day's point of its class. */
function lastSerieHistorica(f: FundEntity, { day, p, published }: ReturnType<typeof lastSeries>) {
  return {
    numero_cotistas: p.cotistas,
    patrimonio_liquido: p.patrimonio,
    valor_cota: p.cota,
    captacao: p.captacao,
    resgate: p.resgate,
    codigo_moeda: f.currency,
    data_referencia: instantAt(day, 0),
    data_atualizacao: published,
  };
}

/** A context generated with the offshore detail's schema of that name. */
function offshoreContext(ctx: RequestContext, name: string, parts: (number | string)[], override: unknown) {
  return ctx.world.record({ $ref: `#/components/schemas/${name}` }, parts, override, {
    asOf: lastClosedBusinessDay(ctx.now),
  });
}

function detail555(ctx: RequestContext, f: FundEntity): unknown {
  const cls = f.classes[0] as ClassEntity;
  const last = lastSeries(ctx, f, cls);
  const body = gen(ctx, ['v1', f.index], {
    'dados-cadastrais': dadosCadastrais(f),
    prestadores: providersV1(ctx, f),
  }) as Record<string, unknown>;
  // The spec declares these two contexts open (document 2 does not show their fields for 555 funds): the sandbox
  // fills them with the fields of the offshore contexts of the same names, the nearest documented shape.
  body.movimentacao = offshoreContext(ctx, 'FundosV1Movimentacao', ['v1', f.index, 'movimentacao'], {
    ...minimums(unitTerms(f.seed, f, cls)),
    data_inicio_divulgacao_cota: f.start,
    data_atualizacao: v1Timestamp(f),
  });
  body.serie_historica = offshoreContext(
    ctx,
    'FundosV1SerieHistorica',
    ['v1', f.index, 'serie_historica'],
    lastSerieHistorica(f, last),
  );
  return body;
}

function lookupV1(ctx: RequestContext, code: string, kinds: Kind[]): FundEntity | undefined {
  const found = ctx.world.funds.byV1Code(code, lastClosedBusinessDay(ctx.now));
  return found && !found.sub && kinds.includes(found.fund.kind) ? found.fund : undefined;
}

const list555: Handler = (ctx) =>
  v1List(
    ctx,
    'v1-555',
    (a) => kinds555.includes(a.kind),
    (f) => gen(ctx, ['v1', f.index], dadosCadastrais(f)),
  );

const get555: Handler = (ctx) => {
  const code = String(ctx.params.ANBIMAcode);
  const f = lookupV1(ctx, code, kinds555);
  return f
    ? { kind: 'json', body: detail555(ctx, f) }
    : notFound(`No regulation-555 fund has the code ${code}.`);
};

const listOffshore: Handler = (ctx) =>
  v1List(
    ctx,
    'v1-offshore',
    (a) => a.kind === 'OFFSHORE',
    (f) => gen(ctx, ['v1', f.index], offshoreCadastro(f)),
  );

function offshoreCadastro(f: FundEntity): Record<string, unknown> {
  const classeAssoc = f.nome.includes('Equities')
    ? 'Ações'
    : f.nome.includes('Bonds') || f.nome.includes('Treasury')
      ? 'Renda Fixa'
      : 'Multimercado';
  return { ...dadosCadastrais(f), classe_assoc: classeAssoc, tipo_assoc: offshoreTipoV1(classeAssoc) };
}

const getOffshore: Handler = (ctx) => {
  const code = String(ctx.params.codigoFundo);
  const f = lookupV1(ctx, code, ['OFFSHORE']);
  if (!f) return notFound(`No offshore fund has the code ${code}.`);
  const cls = f.classes[0] as ClassEntity;
  const last = lastSeries(ctx, f, cls);
  return {
    kind: 'json',
    body: gen(ctx, ['v1', f.index], {
      'dados-cadastrais': offshoreCadastro(f),
      prestadores: providersV1(ctx, f).slice(0, 2),
      ...feesOf(ctx.world.seed, f, lastClosedBusinessDay(ctx.now), true),
      movimentacao: {
        ...minimums(unitTerms(f.seed, f, cls)),
        data_inicio_divulgacao_cota: f.start,
        data_atualizacao: v1Timestamp(f),
      },
      serie_historica: lastSerieHistorica(f, last),
    }),
  };
};

// ---- structured funds ----------------------------------------------------------------------------------------

/** The v1 classes or series of quotas of a structured fund: its v2 subclasses, or its single class. */
function seriesOfQuotas(
  f: FundEntity,
): { code: string; nome: string; tipo: string; start: string; closedOn?: string; sub?: SubclassEntity }[] {
  const cls = f.classes[0] as ClassEntity;
  if (cls.subclasses.length === 0) {
    return [
      {
        code: String(cls.number),
        nome: clip(f.nome, 40),
        tipo: 'Única',
        start: cls.start,
        ...(cls.closedOn ? { closedOn: cls.closedOn } : {}),
      },
    ];
  }
  return cls.subclasses.map((s) => ({
    code: String(s.number),
    nome: clip(s.nome, 40),
    tipo: s.tipoClasseCota.slice(0, 15),
    start: s.start,
    ...(s.closedOn ? { closedOn: s.closedOn } : {}),
    sub: s,
  }));
}

function structuredHeader(f: FundEntity): Record<string, unknown> {
  return {
    cnpj_fundo: f.cnpj,
    razao_social: clip(f.razaoSocial, 150),
    classe_assoc: f.tipo,
    data_atualizacao: v1Timestamp(f),
  };
}

const listStructured: Handler = (ctx) => {
  const selected = (ctx.params['classe-assoc'] as string[] | undefined) ?? ['FIDC', 'FII', 'FIP'];
  const name = `v1-structured:${[...new Set(selected)].sort().join(',')}`;
  return v1List(
    ctx,
    name,
    (a) => structuredKinds.includes(a.kind) && selected.includes(a.tipo),
    (f) =>
      gen(ctx, ['v1', f.index], {
        ...structuredHeader(f),
        classes_serie_cota: seriesOfQuotas(f).map((s) => ({
          codigo_assoc: s.code,
          nome_fantasia: s.nome,
          tipo_classe_cota: s.tipo,
          data_inicio_divulgacao_cota: s.start,
          situacao_atual: s.closedOn ? 'E' : 'A',
          data_encerramento: s.closedOn ?? OMIT,
          data_atualizacao: v1Timestamp(f),
        })),
      }),
  );
};

function structuredByCnpj(ctx: RequestContext): FundEntity | undefined {
  const f = ctx.world.funds.byCnpj(String(ctx.params.CNPJ), lastClosedBusinessDay(ctx.now));
  return f?.v1Code && structuredKinds.includes(f.kind) ? f : undefined;
}

const getStructured: Handler = (ctx) => {
  const f = structuredByCnpj(ctx);
  if (!f) return notFound(`No structured fund has the CNPJ ${String(ctx.params.CNPJ)}.`);
  const cls = f.classes[0] as ClassEntity;
  return {
    kind: 'json',
    body: gen(
      ctx,
      ['v1', f.index],
      {
        'dados-cadastrais': {
          ...structuredHeader(f),
          tipo_assoc: typeNames(f.categoria).tipoV1,
          categoria_assoc: typeNames(f.categoria).categoriaV1 ?? OMIT,
          classe_cvm: f.tipo,
          foco_atuacao: f.categoria,
          tributacao_alvo: unitTerms(f.seed, f, cls).taxation,
        },
        classes_serie_cota: seriesOfQuotas(f).map((s) => {
          const { day, p, published } = lastSeries(ctx, f, cls, s.sub);
          return {
            codigo_assoc: s.code,
            nome_fantasia: s.nome,
            tipo_classe_cota: s.tipo,
            data_primeiro_aporte: s.start,
            data_inicio_divulgacao_cota: s.start,
            data_encerramento: s.closedOn ?? OMIT,
            situacao_atual: s.closedOn ? 'E' : 'A',
            benchmark: f.kind === 'FIP' ? benchmarkOf(f.categoria).slice(0, 20) : OMIT,
            data_atualizacao: v1Timestamp(f),
            movimentacao: { ...minimums(unitTerms(f.seed, f, cls, s.sub)), data_atualizacao: v1Timestamp(f) },
            'serie-historica': {
              data_referencia: day,
              patrimonio_liquido: p.patrimonio,
              valor_cota: p.cota,
              captacao: p.captacao,
              resgate: p.resgate,
              numero_cotistas: p.cotistas,
              data_atualizacao: published,
            },
          };
        }),
        prestadores: providersV1(ctx, f),
        ...feesOf(ctx.world.seed, f, lastClosedBusinessDay(ctx.now), false),
      },
      f.tipo,
    ),
  };
};

const structuredHistory: Handler = (ctx) => {
  const f = structuredByCnpj(ctx);
  if (!f) return notFound(`No structured fund has the CNPJ ${String(ctx.params.CNPJ)}.`);
  const window = ctx.op.dateWindow;
  // Bound to V7 only, whose spec carries x-date-window (spec tests check it); without it there is no rule to apply.
  if (!window) throw new Error(`${ctx.op.path} has no x-date-window in the spec`);
  const resolved = resolveWindow(window, ctx.params, ctx.now.today);
  if ('problem' in resolved)
    return badParameter(resolved.problem.parameter, resolved.problem.rule, resolved.message);
  const cls = f.classes[0] as ClassEntity;
  const lbd = lastClosedBusinessDay(ctx.now);
  const end = earlierDate(resolved.end, lbd);
  const quotas = seriesOfQuotas(f);
  const from = laterDate(resolved.start, f.start);
  const rows: unknown[] = [];
  if (from <= end) {
    for (const day of businessDaysInRange(from, end)) {
      for (const s of quotas) {
        if (s.start > day || (s.closedOn && day >= s.closedOn)) continue;
        const unitKey = mix(f.index, cls.index * 16 + (s.sub ? s.sub.index + 1 : 0));
        const p = seriesPoint(
          ctx.world.seed,
          unitKey,
          cls.categoria,
          s.start,
          day,
          f.kind === 'FIDC' && (s.sub?.index ?? 0) > 0,
        );
        rows.push(
          gen(ctx, ['v7', unitKey, toDayNumber(day)], {
            data_referencia: day,
            patrimonio_liquido: p.patrimonio,
            valor_cota: p.cota,
            captacao: p.captacao,
            resgate: p.resgate,
            numero_cotistas: p.cotistas,
            data_atualizacao: instantAt(nextBusinessDay(day), 8 * 3600_000 + (f.index % 3600) * 1000),
          }),
        );
      }
    }
  }
  if (rows.length === 0)
    return notFound(`No history for this fund from ${resolved.start} to ${resolved.end}.`);
  return { kind: 'json', body: rows };
};

export const fundosV1Handlers: Record<string, Handler> = {
  V1: list555,
  V2: get555,
  V3: listOffshore,
  V4: getOffshore,
  V5: listStructured,
  V6: getStructured,
  V7: structuredHistory,
};
