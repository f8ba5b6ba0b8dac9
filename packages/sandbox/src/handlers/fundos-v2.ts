// Document 1 (v2 funds): E1–E8 and the beta list and detail.

import type { RawJson } from '../cache/raw-json.js';
import {
  addDays,
  businessDaysBetween,
  businessDaysInRange,
  isBusinessDay,
  nextBusinessDay,
  nthBusinessDayOfMonth,
  previousBusinessDay,
  toDayNumber,
} from '../calendar.js';
import { Instant, OMIT } from '../generate/schema-generator.js';
import { decodeBase64 } from '../http/base64.js';
import { mix } from '../rng.js';
import { base64url } from '../sha256.js';
import {
  earlierDate,
  lastClosedBusinessDay,
  laterDate,
  type Month,
  monthKey,
  monthOfDate,
  monthOfKey,
} from '../time.js';
import { type Archetype, BLOCK, type TipoFundo, V2_START } from '../universe/archetypes.js';
import { noteTexts } from '../universe/fund-types.js';
import {
  type ClassEntity,
  type FundEntity,
  FundUniverse,
  type SubclassEntity,
  type UnitRef,
} from '../universe/funds.js';
import { seriesPoint } from '../universe/series.js';
import {
  badParameter,
  type CursorPage,
  type Handler,
  type HandlerResult,
  notFound,
  type RequestContext,
} from '../world.js';
import { resolveWindow } from './date-window.js';
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

/**
 * A record of the operation, from the cache when built before: every record here is a pure function of the
 * seed, the operation, `parts` and the last closed business day, so `override` runs only on a miss.
 */
function gen(ctx: RequestContext, parts: (number | string)[], override: () => unknown): RawJson {
  return ctx.world.cachedRecord(ctx.op, parts, override, { asOf: lastClosedBusinessDay(ctx.now) });
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
      const index = view.nth(j);
      return gen(ctx, ['fund', index], () => listRecordOverride(world.funds.fund(index, lbd)));
    },
    key: `${name}|${tipo ?? ''}|${lbd}`,
  };
}

const listFunds: Handler = (ctx) => fundList(ctx, 'all', () => true);
const listFundsBeta: Handler = (ctx) => fundList(ctx, 'beta', (a) => a.tipo !== 'FIAGRO');

function detail(ctx: RequestContext, code: string, beta: boolean): HandlerResult {
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || (beta && found.fund.tipo === 'FIAGRO'))
    return notFound(`No fund, class or subclass has the code ${code}.`);
  const f = found.fund;
  return { kind: 'json', body: gen(ctx, ['fund', f.index], () => detailOverride(ctx, f)) };
}

/** E2's detail of a fund (also the last version of its history). */
function detailOverride(ctx: RequestContext, f: FundEntity): Record<string, unknown> {
  // The fund's fields at the top level, beside its contexts (specs/PUBLIC-CLIENT-EVIDENCE.md, item 23).
  return {
    ...fundOverride(f),
    documentos: documentsOverride(f),
    prestadores: providersOverride(f, ctx.world.institutions),
    classes: f.classes.map((c) => classOverride(f, c)),
    subclasses: f.classes.flatMap((c) => c.subclasses.map((s) => subclassOverride(f, s))),
  };
}

const getFund: Handler = (ctx) => detail(ctx, String(ctx.params.codigo_fundo_ou_classe_ou_subclasse), false);
const getFundBeta: Handler = (ctx) => detail(ctx, String(ctx.params.codigoFundo), true);

const listInstitutions: Handler = (ctx) => {
  const inst = ctx.world.institutions;
  return {
    kind: 'list',
    total: inst.size,
    item: (i) => gen(ctx, ['institution', i], () => institutionOverride(inst.get(i))),
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
  return {
    kind: 'json',
    body: gen(ctx, ['institution', it.index], () => ({ content: institutionOverride(it) })),
  };
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
    // Not cached: its key (a hash of the unit) does not name the unit alone.
    body: ctx.world.record(
      ctx.op.success.recordSchema,
      ['segment', unitKey, monthKey(chosen)],
      {
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
      },
      { asOf: lastClosedBusinessDay(ctx.now) },
    ),
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
      const texts = noteTexts(f.kind, cls.subclasses.length > 0);
      return gen(ctx, ['note', (found.sub ?? cls).number, j], () => ({
        descricao: texts[mix(k, 1000 + j) % texts.length],
        codigo_fundo: f.code,
        codigo_classe: cls.code,
        codigo_subclasse: found.sub ? found.sub.code : null,
        data_referencia: date,
        ano_divulgacao: Number(date.slice(0, 4)),
      }));
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
      const index = view.nth(j);
      return gen(ctx, ['fund', index], () =>
        registryBatchOverride(funds.fund(index, lbd), ctx.world.institutions),
      );
    },
    key: `${lbd}|${since}|${tipo ?? ''}`,
  };
};

// ---- E8: batch series ----------------------------------------------------------------------------------------

const PUBLICATION_MS = 8 * 3600_000;

interface SlotUnit {
  slot: number;
  tipo: TipoFundo;
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
        out.push({
          slot: a.slot,
          tipo: a.tipo,
          unit: u++,
          start: c.start,
          ...(c.closedOn ? { end: c.closedOn } : {}),
        });
      else
        for (const s of c.subclasses)
          out.push({
            slot: a.slot,
            tipo: a.tipo,
            unit: u++,
            start: s.start,
            ...(s.closedOn ? { end: s.closedOn } : {}),
          });
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

/** The last business day whose series is published: day d is published on the next business day at 08:00. */
function lastPublishedDay(ctx: RequestContext): string {
  const today = ctx.now.today;
  const lastPub =
    isBusinessDay(today) && ctx.now.localMs - toDayNumber(today) * 86_400_000 >= PUBLICATION_MS
      ? today
      : previousBusinessDay(today);
  return previousBusinessDay(lastPub);
}

/** The publication moment of day d's series (ms as UTC of the Brasília wall clock). */
function publishedAt(day: string): number {
  return toDayNumber(nextBusinessDay(day)) * 86_400_000 + PUBLICATION_MS;
}

// E8 pages by an opaque cursor (specs/PUBLIC-CLIENT-EVIDENCE.md, item 8). The cursor names the next record's
// place in the batch's order (business day, fund index, unit) and how many records came before it, under a key
// of the query it belongs to: the same cursor with other parameters, or after a new publication moved the batch,
// is stale.
interface SeriesPlace {
  day: string;
  index: number;
  unit: number;
  offset: number;
}

function queryKey(parts: string[]): string {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}

// Plain JavaScript, not Buffer: the handlers run in a browser bundle too (in-process.ts).
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

function encodeCursor(place: SeriesPlace, key: string): string {
  const text = `v1.${toDayNumber(place.day)}.${place.index}.${place.unit}.${place.offset}.${key}`;
  return base64url(utf8Encoder.encode(text));
}

function decodeCursor(cursor: string, key: string): SeriesPlace | 'unknown' | 'stale' {
  const text = /^[A-Za-z0-9_-]{1,500}$/.test(cursor) ? utf8Decoder.decode(decodeBase64(cursor)) : '';
  const m = /^v1\.(\d{1,6})\.(\d{1,8})\.(\d{1,3})\.(\d{1,12})\.([0-9a-z]{1,8})$/.exec(text);
  if (!m) return 'unknown';
  if (m[5] !== key) return 'stale';
  return {
    day: addDays('1970-01-01', Number(m[1])),
    index: Number(m[2]),
    unit: Number(m[3]),
    offset: Number(m[4]),
  };
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
  const tipo = ctx.params['tipo-fundo'] as TipoFundo | undefined;
  const funds = ctx.world.funds;
  const units = unitsOfSlots(funds.archetypes).filter((u) => !tipo || u.tipo === tipo);
  // The batch holds the publications since `since`.
  const SERIES_START = '1996-01-02';
  const sinceRaw = addDays('1970-01-01', Math.floor(since / 86_400_000));
  const sinceDay = sinceRaw < SERIES_START ? SERIES_START : sinceRaw;
  let pubDay = isBusinessDay(sinceDay) ? sinceDay : nextBusinessDay(sinceDay);
  if (pubDay === sinceRaw && since - toDayNumber(sinceDay) * 86_400_000 > PUBLICATION_MS)
    pubDay = nextBusinessDay(sinceDay);
  const firstDay = previousBusinessDay(pubDay);
  const lastDay = lastPublishedDay(ctx);
  const key = queryKey([raw, tipo ?? '', lastDay, String(funds.size)]);
  const cursor = ctx.params.cursor as string | undefined;
  let place: SeriesPlace = { day: firstDay, index: 0, unit: 0, offset: 0 };
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor, key);
    if (decoded === 'unknown' || decoded === 'stale' || decoded.day < firstDay || decoded.day > lastDay) {
      const why =
        decoded === 'stale'
          ? 'it belongs to another query, or the batch has moved on since (a new day was published)'
          : 'it is not a cursor this batch gave';
      return badParameter(
        'cursor',
        'a cursor from the previous answer',
        `Parameter cursor is unknown or stale: ${why}. Send back the nextCursor of the previous answer unchanged, or start again without cursor.`,
      );
    }
    place = decoded;
  }
  const size = (ctx.params.size as number | undefined) ?? ctx.op.paging?.defaultSize ?? 1000;
  if (firstDay > lastDay)
    return { kind: 'cursor-page', page: () => ({ total: 0, items: [], nextCursor: null }) };
  const lbd = lastClosedBusinessDay(ctx.now);
  // A page is a pure function of these: built and encoded once, then served from the cache (each record is cached
  // too, but looking up and joining a thousand of them per request was most of E8's time).
  const pageKey = JSON.stringify([raw, tipo ?? '', firstDay, lastDay, lbd, funds.size, cursor ?? null, size]);
  const page = (): CursorPage => {
    const count = funds.size;
    const fullBlocks = Math.floor(count / BLOCK);
    const rest = count - fullBlocks * BLOCK;
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

    // The records from `place` on, in (publication day, fund index, unit) order, up to `size`.
    const items: unknown[] = [];
    let next: SeriesPlace | undefined;
    const { offset } = place;
    for (let day = place.day; day <= lastDay && next === undefined; day = nextBusinessDay(day)) {
      const bySlot = new Map<number, number[]>();
      for (const u of units) if (aliveOn(u, day)) bySlot.set(u.slot, [...(bySlot.get(u.slot) ?? []), u.unit]);
      if (bySlot.size === 0) continue;
      const firstIndex = day === place.day ? place.index : 0;
      for (let index = firstIndex; index < count && next === undefined; index++) {
        const alive = bySlot.get(funds.archetypeOf(index).slot);
        if (!alive) continue;
        for (const unit of alive) {
          if (day === place.day && index === place.index && unit < place.unit) continue;
          if (items.length === size) {
            next = { day, index, unit, offset: offset + items.length };
            break;
          }
          // The fund is worked out only when its record is not cached; the units listed come from the fund's
          // archetype, which FundUniverse.units follows.
          items.push(
            gen(ctx, ['series', index, unit, toDayNumber(day)], () => {
              const fund = funds.fund(index, lbd);
              const ref = FundUniverse.units(fund)[unit] as UnitRef;
              return seriesOverride(ctx, fund, ref.cls, ref.sub, day);
            }),
          );
        }
      }
    }
    return { total, items, nextCursor: next ? encodeCursor(next, key) : null };
  };
  return { kind: 'cursor-page', key: pageKey, page };
};

// ---- the single-fund series (evidence item 6): E8's records of one class or subclass over a period ---------

const seriesOfOne: Handler = (ctx) => {
  const code = String(ctx.params.codigo_classe_ou_subclasse);
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || (!found.cls && !found.sub)) return notFound(`No class or subclass has the code ${code}.`);
  const window = ctx.op.dateWindow;
  if (!window) throw new Error(`${ctx.op.path} has no x-date-window in the spec`);
  const resolved = resolveWindow(window, ctx.params, ctx.now.today);
  if ('problem' in resolved)
    return badParameter(resolved.problem.parameter, resolved.problem.rule, resolved.message);
  if (resolved.start > resolved.end) {
    return badParameter(
      window.start,
      `not after ${window.end}`,
      `Parameter ${window.start} (${resolved.start}) is after ${window.end} (${resolved.end}): send the earlier date as ${window.start}.`,
    );
  }
  const rawSince = ctx.params['data-atualizacao'] as string | undefined;
  const since = rawSince === undefined ? undefined : parseTimestamp(rawSince);
  if (rawSince !== undefined && since === undefined) {
    return badParameter(
      'data-atualizacao',
      'a real date and time',
      `Parameter data-atualizacao must be a real date and time, got ${rawSince}.`,
    );
  }
  const f = found.fund;
  const lastDay = earlierDate(resolved.end, lastPublishedDay(ctx));
  // The units E8 reports for this code: the subclass, or the class (its subclasses when it has any).
  const units = FundUniverse.units(f)
    .map((ref, unit) => ({ ...ref, unit }))
    .filter((u) => (found.sub ? u.sub === found.sub : u.cls === found.cls));
  const rows: { day: string; unit: (typeof units)[number] }[] = [];
  const from = resolved.start;
  if (from <= lastDay) {
    for (const day of businessDaysInRange(from, lastDay)) {
      if (since !== undefined && publishedAt(day) < since) continue;
      for (const u of units) {
        const start = u.sub?.start ?? u.cls.start;
        const end = u.sub ? u.sub.closedOn : u.cls.closedOn;
        if (day < start || (end !== undefined && day >= end)) continue;
        rows.push({ day, unit: u });
      }
    }
  }
  return {
    kind: 'list',
    total: rows.length,
    item: (j) => {
      const r = rows[j];
      if (!r) return undefined;
      return gen(ctx, ['series', f.index, r.unit.unit, toDayNumber(r.day)], () =>
        seriesOverride(ctx, f, r.unit.cls, r.unit.sub, r.day),
      );
    },
  };
};

// ---- the detail history (evidence item 7): the fund's registry versions, the last one E2's detail ---------

const fundHistory: Handler = (ctx) => {
  const code = String(ctx.params.codigo_fundo);
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || found.cls || found.sub) return notFound(`No fund has the code ${code}.`);
  const f = found.fund;
  const current = detailOverride(ctx, f);
  // A fund registered before the v2 regime had a version before its adaptation to resolution 175.
  // Every field of that version is as of its own date: the regulation then in force, the providers and classes
  // from the fund's start. It carries the fund's code as the v2 interface names the fund (a migrated fund's code
  // is its former six-digit code, F0000 before it: document 1, rule 3).
  const versions: unknown[] =
    f.start < V2_START && f.vigencia > f.start
      ? [
          {
            ...current,
            adaptado_rcvm175: 'N',
            data_encerramento_fundo: OMIT,
            data_vigencia_fundo: f.start,
            data_vigencia: f.start,
            data_atualizacao: instantAt(f.start, 9 * 3600_000),
            documentos: documentsOverride(f, f.start),
            prestadores: providersOverride(f, ctx.world.institutions, f.start),
            classes: f.classes
              .filter((c) => c.start <= f.start)
              .map((c) => ({
                ...classOverride(f, c),
                data_encerramento_classe: OMIT,
                data_vigencia_classe: f.start,
                data_atualizacao: instantAt(f.start, 9 * 3600_000),
              })),
          },
          current,
        ]
      : [current];
  // The current version is generated under E2's key, so it is E2's detail to the last field.
  return {
    kind: 'list',
    total: versions.length,
    item: (j) =>
      gen(
        ctx,
        j === versions.length - 1 ? ['fund', f.index] : ['fund-history', f.index, j],
        () => versions[j],
      ),
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
    data_atualizacao: new Instant(publishedAt(day)),
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
  'E2-serie-historica': seriesOfOne,
  'E2-historico': fundHistory,
  'E1 beta': listFundsBeta,
  'E2 beta': getFundBeta,
};
