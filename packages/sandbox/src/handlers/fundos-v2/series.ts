// The daily series of a class or subclass: its publication schedule, its record (E8's and the single-fund
// series'), and the single-fund series over a period.
import {
  businessDaysInRange,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
  toDayNumber,
} from '../../calendar.js';
import { Instant } from '../../generate/schema-generator.js';
import { mix } from '../../rng.js';
import { earlierDate, lastClosedBusinessDay, laterDate } from '../../time.js';
import {
  type ClassEntity,
  type FundEntity,
  FundUniverse,
  type SubclassEntity,
} from '../../universe/funds.js';
import { seriesPoint } from '../../universe/series.js';
import { badParameter, type Handler, notFound, type RequestContext } from '../../world.js';
import { resolveWindow } from '../date-window.js';
import { gen } from './record.js';
import { sinceParameter } from './since.js';

export const PUBLICATION_MS = 8 * 3600_000;

/** The last business day whose series is published: day d is published on the next business day at 08:00. */
export function lastPublishedDay(ctx: RequestContext): string {
  const today = ctx.now.today;
  const lastPub =
    isBusinessDay(today) && ctx.now.localMs - toDayNumber(today) * 86_400_000 >= PUBLICATION_MS
      ? today
      : previousBusinessDay(today);
  return previousBusinessDay(lastPub);
}

/** The publication moment of day d's series (ms as UTC of the Brasília wall clock). */
export function publishedAt(day: string): number {
  return toDayNumber(nextBusinessDay(day)) * 86_400_000 + PUBLICATION_MS;
}

// ---- the single-fund series (evidence item 6): E8's records of one class or subclass over a period ---------

export const seriesOfOne: Handler = (ctx) => {
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
  const since = sinceParameter(ctx, false);
  if (typeof since === 'object') return since;
  const f = found.fund;
  const lastDay = earlierDate(resolved.end, lastPublishedDay(ctx));
  // The units E8 reports for this code: the subclass, or the class (its subclasses when it has any).
  const units = FundUniverse.units(f)
    .map((ref, unit) => ({ ...ref, unit }))
    .filter((u) => (found.sub ? u.sub === found.sub : u.cls === found.cls));
  const rows: { day: string; unit: (typeof units)[number] }[] = [];
  // The walk starts at the first day a unit has data: nothing exists before it, and the calendar has no years
  // before 1583 (a period the spec allows may start there).
  const starts = units.map((u) => u.sub?.start ?? u.cls.start);
  const from = starts.length > 0 ? laterDate(resolved.start, starts.reduce(earlierDate)) : undefined;
  if (from !== undefined && from <= lastDay) {
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

export function seriesOverride(
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
