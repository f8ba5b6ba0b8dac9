// Document 1 (v2 funds): E1–E8 and the beta list and detail.
import {
  addDays,
  businessDaysBetween,
  isBusinessDay,
  nextBusinessDay,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from '../calendar.js';
import { Instant, OMIT } from '../generate/schema-generator.js';
import { mix } from '../rng.js';
import {
  earlierDate,
  lastClosedBusinessDay,
  laterDate,
  type Month,
  monthKey,
  monthOfDate,
  monthOfKey,
} from '../time.js';
import { type Archetype, BLOCK, type TipoFundo } from '../universe/archetypes.js';
import { type ClassEntity, type FundEntity, FundUniverse, type SubclassEntity } from '../universe/funds.js';
import { seriesPoint } from '../universe/series.js';
import { badParameter, type Handler, type HandlerResult, notFound, type RequestContext } from '../world.js';
import {
  classOverride,
  documentsOverride,
  fundOverride,
  instantAt,
  listRecordOverride,
  parseTimestamp,
  providersOverride,
  registryBatchOverride,
  subclassOverride,
} from './entities.js';

function gen(ctx: RequestContext, parts: (number | string)[], override: unknown): unknown {
  return ctx.world.record(ctx.op.success.recordSchema, parts, override, {
    asOf: lastClosedBusinessDay(ctx.now),
  });
}

function fundList(ctx: RequestContext, name: string, pass: (a: Archetype) => boolean): HandlerResult {
  const tipo = ctx.params['tipo-fundo'] as TipoFundo | undefined;
  const world = ctx.world;
  const view = world.funds.view(
    tipo ? `${name}:${tipo}` : name,
    (a) => pass(a) && (!tipo || a.tipo === tipo),
  );
  const lbd = lastClosedBusinessDay(ctx.now);
  return {
    kind: 'list',
    total: view.count,
    item: (j) => {
      const fund = world.funds.fund(view.nth(j), lbd);
      return gen(ctx, ['fund', fund.index], listRecordOverride(fund));
    },
  };
}

const listFunds: Handler = (ctx) => fundList(ctx, 'all', () => true);
const listFundsBeta: Handler = (ctx) => fundList(ctx, 'beta', (a) => a.tipo !== 'FIAGRO');

function detail(ctx: RequestContext, code: string, beta: boolean): HandlerResult {
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || (beta && found.fund.tipo === 'FIAGRO'))
    return notFound(`No fund, class or subclass has the code ${code}.`);
  const f = found.fund;
  return {
    kind: 'json',
    body: gen(ctx, ['fund', f.index], {
      content: fundOverride(f),
      documentos: documentsOverride(f),
      prestadores: providersOverride(f, ctx.world.institutions),
      classes: f.classes.map((c) => classOverride(f, c)),
      subclasses: f.classes.flatMap((c) => c.subclasses.map((s) => subclassOverride(f, s))),
    }),
  };
}

const getFund: Handler = (ctx) => detail(ctx, String(ctx.params.codigo_fundo_ou_classe_ou_subclasse), false);
const getFundBeta: Handler = (ctx) => detail(ctx, String(ctx.params.codigoFundo), true);

const listInstitutions: Handler = (ctx) => {
  const inst = ctx.world.institutions;
  return {
    kind: 'list',
    total: inst.size,
    item: (i) => {
      const it = inst.get(i);
      return gen(ctx, ['institution', i], institutionOverride(it));
    },
  };
};

function institutionOverride(
  it: ReturnType<RequestContext['world']['institutions']['get']>,
): Record<string, unknown> {
  return {
    razao_social: it.razaoSocial,
    identificador: it.cnpj,
    tipo_pessoa: it.tipoPessoa,
    codigo_pais: it.codigoPais,
    instituicao_primaria: it.primaria,
    instituicoes_secundarias: it.secundarias,
  };
}

const getInstitution: Handler = (ctx) => {
  const cnpj = String(ctx.params.cnpj);
  const it = ctx.world.institutions.byCnpj(cnpj);
  if (!it) return notFound(`No published institution has the CNPJ ${cnpj}.`);
  return { kind: 'json', body: gen(ctx, ['institution', it.index], { content: institutionOverride(it) }) };
};

// ---- E5: investor-segment net assets (restricted product) ----------------------------------------------------

/** Month M of segment data is shared from the 8th business day of M+1. */
function segmentMonthPublished(m: Month, today: string): boolean {
  const next = monthOfKey(monthKey(m) + 1);
  return nthBusinessDayOfMonth(next.year, next.month, 8) <= today;
}

function lastDayOfMonth(m: Month): string {
  const next = monthOfKey(monthKey(m) + 1);
  return addDays(`${next.year}-${String(next.month).padStart(2, '0')}-01`, -1);
}

const segmentNetAssets: Handler = (ctx) => {
  const code = String(ctx.params.codigo_classe_ou_subclasse);
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || (!found.cls && !found.sub)) return notFound(`No class or subclass has the code ${code}.`);
  const f = found.fund;
  const cls = found.cls as ClassEntity;
  const unitStart = found.sub?.start ?? cls.start;
  const first = Math.max(monthKey({ year: 2024, month: 10 }), monthKey(monthOfDate(unitStart)));
  const mes = ctx.params['mes-referencia'] === undefined ? undefined : Number(ctx.params['mes-referencia']);
  const ano = ctx.params['ano-referencia'] === undefined ? undefined : Number(ctx.params['ano-referencia']);
  // The newest published month that matches the filters sent (none, month, year or both).
  let chosen: Month | undefined;
  for (let k = monthKey(monthOfDate(ctx.now.today)); k >= first; k--) {
    const m = monthOfKey(k);
    if (mes !== undefined && m.month !== mes) continue;
    if (ano !== undefined && m.year !== ano) continue;
    if (ano !== undefined && m.year < ano) break;
    if (!segmentMonthPublished(m, ctx.now.today)) continue;
    chosen = m;
    break;
  }
  if (!chosen) return notFound(`No investor-segment data for ${code} in the period asked.`);
  const admin = ctx.world.institutions.provider(f.index, 'Administrador');
  const manager = ctx.world.institutions.provider(f.index, 'Gestor');
  const unitKey = mix(f.index, cls.index * 16 + (found.sub ? found.sub.index + 1 : 0));
  const segments = ['Varejo', 'Alta Renda', 'Private', 'Corporate', 'Institucional'];
  const count = 2 + (mix(unitKey, monthKey(chosen)) % 4);
  const weights = segments
    .slice(0, count)
    .map((_, i) => 1 + (mix(unitKey, monthKey(chosen as Month) * 8 + i) % 100));
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.round((10000 * w) / total) / 100);
  shares[0] = Math.round((100 - shares.slice(1).reduce((a, b) => a + b, 0)) * 100) / 100;
  const published = nthBusinessDayOfMonth(
    monthOfKey(monthKey(chosen) + 1).year,
    monthOfKey(monthKey(chosen) + 1).month,
    8,
  );
  return {
    kind: 'json',
    body: gen(ctx, ['segment', unitKey, monthKey(chosen)], {
      content: fundOverride(f),
      classe: classOverride(f, cls),
      subclasse: found.sub ? subclassOverride(f, found.sub) : null,
      historico_segmento_investidor_fundo: [
        {
          ano_referencia: chosen.year,
          mes_referencia: chosen.month,
          data_referencia: lastDayOfMonth(chosen),
          nome_administrador: admin?.nome ?? OMIT,
          nome_gestor: manager?.nome ?? OMIT,
          status: 'Compartilhado',
          data_atualizacao: instantAt(published, 10 * 3600_000 + 4 * 60_000 + 27_118),
        },
      ],
      distribuicao_segmento_investidor: shares.map((share, i) => ({
        segmento_investidor: segments[i],
        percentual_patrimonio_liquido: share,
      })),
    }),
  };
};

// ---- E6: explanatory notes -----------------------------------------------------------------------------------

const explanatoryNotes: Handler = (ctx) => {
  const code = String(ctx.params.codigo_classe_ou_subclasse);
  const lbd = lastClosedBusinessDay(ctx.now);
  const found = ctx.world.funds.byCode(code, lbd);
  if (!found || (!found.cls && !found.sub)) return notFound(`No class or subclass has the code ${code}.`);
  const f = found.fund;
  const cls = found.cls as ClassEntity;
  const start = found.sub?.start ?? cls.start;
  const from = Math.max(toDayNumber(start), toDayNumber('2019-01-02'));
  const to = toDayNumber(lbd);
  const k = mix(ctx.world.seed, (found.sub ?? cls).number);
  const count = to > from ? k % 6 : 0;
  return {
    kind: 'list',
    total: count,
    item: (j) => {
      // Newest first, spread over the unit's life.
      const day = to - Math.floor(((to - from) * (j + 0.5 + (mix(k, j) % 100) / 250)) / (count + 1));
      const date = addDays('1970-01-01', day);
      return gen(ctx, ['note', (found.sub ?? cls).number, j], {
        codigo_fundo: f.code,
        codigo_classe: cls.code,
        codigo_subclasse: found.sub ? found.sub.code : null,
        data_referencia: date,
        ano_divulgacao: Number(date.slice(0, 4)),
      });
    },
  };
};

// ---- E7: batch registry --------------------------------------------------------------------------------------

const registryBatch: Handler = (ctx) => {
  const raw = String(ctx.params['data-atualizacao']);
  const since = parseTimestamp(raw);
  if (since === undefined) {
    return badParameter(
      'data-atualizacao',
      'a real date and time',
      `Parameter data-atualizacao must be a real date and time, got ${raw}.`,
    );
  }
  const tipo = ctx.params['tipo-fundo'] as TipoFundo | undefined;
  const lbd = lastClosedBusinessDay(ctx.now);
  const funds = ctx.world.funds;
  const view = funds.view(
    `updated:${lbd}:${since}:${tipo ?? ''}`,
    (a) => funds.updatedAt(a, lbd).ms >= since && (!tipo || a.tipo === tipo),
  );
  return {
    kind: 'list',
    total: view.count,
    item: (j) => {
      const fund = funds.fund(view.nth(j), lbd);
      return gen(ctx, ['fund', fund.index], registryBatchOverride(fund, ctx.world.institutions));
    },
  };
};

// ---- E8: batch series ----------------------------------------------------------------------------------------

const PUBLICATION_MS = 8 * 3600_000;

interface SlotUnit {
  slot: number;
  unit: number;
  start: string;
  end?: string;
}

function slotUnits(archetypes: Archetype[]): SlotUnit[] {
  const out: SlotUnit[] = [];
  for (const a of archetypes) {
    let u = 0;
    for (const c of a.classes) {
      if (c.subclasses.length === 0)
        out.push({ slot: a.slot, unit: u++, start: c.start, ...(c.closedOn ? { end: c.closedOn } : {}) });
      else
        for (const s of c.subclasses)
          out.push({ slot: a.slot, unit: u++, start: s.start, ...(s.closedOn ? { end: s.closedOn } : {}) });
    }
  }
  return out;
}

const slotUnitCache = new WeakMap<Archetype[], SlotUnit[]>();

function unitsOfSlots(archetypes: Archetype[]): SlotUnit[] {
  let units = slotUnitCache.get(archetypes);
  if (!units) {
    units = slotUnits(archetypes);
    slotUnitCache.set(archetypes, units);
  }
  return units;
}

function aliveOn(u: SlotUnit, day: string): boolean {
  return u.start <= day && (u.end === undefined || day < u.end);
}

const seriesBatch: Handler = (ctx) => {
  const raw = String(ctx.params['data-atualizacao']);
  const since = parseTimestamp(raw);
  if (since === undefined) {
    return badParameter(
      'data-atualizacao',
      'a real date and time',
      `Parameter data-atualizacao must be a real date and time, got ${raw}.`,
    );
  }
  const funds = ctx.world.funds;
  const units = unitsOfSlots(funds.archetypes);
  // Business day d is published on the next business day at 08:00; the batch holds the publications since `since`.
  const SERIES_START = '1996-01-02';
  const sinceRaw = addDays('1970-01-01', Math.floor(since / 86_400_000));
  const sinceDay = sinceRaw < SERIES_START ? SERIES_START : sinceRaw;
  let pubDay = isBusinessDay(sinceDay) ? sinceDay : nextBusinessDay(sinceDay);
  if (pubDay === sinceRaw && since - toDayNumber(sinceDay) * 86_400_000 > PUBLICATION_MS)
    pubDay = nextBusinessDay(sinceDay);
  const firstDay = previousBusinessDay(pubDay);
  const today = ctx.now.today;
  const lastPub =
    isBusinessDay(today) && ctx.now.localMs - toDayNumber(today) * 86_400_000 >= PUBLICATION_MS
      ? today
      : previousBusinessDay(today);
  const lastDay = previousBusinessDay(lastPub);
  if (firstDay > lastDay) return { kind: 'list', total: 0, item: () => undefined };
  const size = funds.size;
  const fullBlocks = Math.floor(size / BLOCK);
  const rest = size - fullBlocks * BLOCK;
  const partialSlots = new Set<number>();
  if (rest > 0)
    for (let p = 0; p < rest; p++) partialSlots.add(funds.archetypeOf(fullBlocks * BLOCK + p).slot);
  let total = 0;
  for (const u of units) {
    const from = laterDate(u.start, firstDay);
    const end = u.end === undefined ? addDays(lastDay, 1) : earlierDate(u.end, addDays(lastDay, 1));
    const days = from < end ? businessDaysBetween(from, end) : 0;
    total += days * (fullBlocks + (partialSlots.has(u.slot) ? 1 : 0));
  }
  // Records of page 0 in (publication, code) order; the batch declares no page parameter.
  const pageSize = ctx.op.paging?.maxSize ?? 1000;
  const records: { index: number; unit: number; day: string }[] = [];
  const lbd = lastClosedBusinessDay(ctx.now);
  for (let day = firstDay; day <= lastDay && records.length < pageSize; day = nextBusinessDay(day)) {
    const alive = units.filter((u) => aliveOn(u, day));
    if (alive.length === 0) continue;
    const bySlot = new Map<number, number[]>();
    for (const u of alive) bySlot.set(u.slot, [...(bySlot.get(u.slot) ?? []), u.unit]);
    for (let index = 0; index < size && records.length < pageSize; index++) {
      const slotUnitsAlive = bySlot.get(funds.archetypeOf(index).slot);
      if (!slotUnitsAlive) continue;
      for (const unit of slotUnitsAlive) if (records.length < pageSize) records.push({ index, unit, day });
    }
  }
  return {
    kind: 'list',
    total,
    item: (j) => {
      const r = records[j];
      if (!r) return undefined;
      const fund = funds.fund(r.index, lbd);
      const ref = FundUniverse.units(fund)[r.unit];
      if (!ref) return undefined;
      return gen(
        ctx,
        ['series', r.index, r.unit, toDayNumber(r.day)],
        seriesOverride(ctx, fund, ref.cls, ref.sub, r.day),
      );
    },
  };
};

function seriesOverride(
  ctx: RequestContext,
  f: FundEntity,
  cls: ClassEntity,
  sub: SubclassEntity | undefined,
  day: string,
) {
  const p = seriesPoint(
    ctx.world.seed,
    mix(f.index, cls.index * 16 + (sub ? sub.index + 1 : 0)),
    cls.categoria,
    sub?.start ?? cls.start,
    day,
    f.kind === 'FIDC' && sub !== undefined && sub.index > 0,
  );
  return {
    content: {
      codigo_fundo: f.code,
      codigo_classe: cls.code,
      codigo_subclasse: sub ? sub.code : null,
      valor_patrimonio_liquido: p.patrimonio,
      valor_cota: p.cota,
      valor_volume_total_aplicacoes: p.captacao,
      valor_volume_total_resgates: p.resgate,
      valor_volume_total_resgate_ir: p.resgate * 0.12,
      numero_cotistas: p.cotistas,
      codigo_moeda: f.currency,
      data_competencia: day,
      data_atualizacao: new Instant(toDayNumber(nextBusinessDay(day)) * 86_400_000 + PUBLICATION_MS),
    },
  };
}

export const fundosV2Handlers: Record<string, Handler> = {
  E1: listFunds,
  E2: getFund,
  E3: listInstitutions,
  E4: getInstitution,
  E5: segmentNetAssets,
  E6: explanatoryNotes,
  E7: registryBatch,
  E8: seriesBatch,
  'E1 beta': listFundsBeta,
  'E2 beta': getFundBeta,
};
