// E8: the batch series, every unit's daily records published since a moment, paged by cursor.
import {
  addDays,
  businessDaysBetween,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
  toDayNumber,
} from '../../calendar.js';
import { earlierDate, lastClosedBusinessDay, laterDate } from '../../time.js';
import { type Archetype, BLOCK, type TipoFundo } from '../../universe/archetypes.js';
import { FundUniverse, type UnitRef } from '../../universe/funds.js';
import { badParameter, type CursorPage, type Handler } from '../../world.js';
import { gen } from './record.js';
import { lastPublishedDay, PUBLICATION_MS, seriesOverride } from './series.js';
import { decodeCursor, encodeCursor, queryKey, type SeriesPlace } from './series-cursor.js';
import { sinceParameter } from './since.js';

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

export const seriesBatch: Handler = (ctx) => {
  // The text as sent keys the cursor and the page cache; its moment decides what the batch holds.
  const raw = String(ctx.params['data-atualizacao']);
  const since = sinceParameter(ctx, true);
  if (typeof since !== 'number') return since;
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
