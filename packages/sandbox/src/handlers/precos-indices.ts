// Document 3 (prices and indices). Which records an operation answers is chosen by its record schema (read
// from the spec), the day or month by its parameters and x-release-schedule: `data` absent → the newest
// published business day, `mes`+`ano` absent → the newest published month; a weekend, holiday, a day before
// the data start or not yet published → 404.
// The records themselves are built by one module per family, in precos-indices/.
import { nthBusinessDayOfMonth, toDayNumber } from '../calendar.js';
import { monthOfDate } from '../time.js';
import { type Handler, type HandlerResult, notFound, type RequestContext } from '../world.js';
import { debentureProducers } from './precos-indices/debentures.js';
import { governmentBondProducers } from './precos-indices/government-bonds.js';
import { idaProducers } from './precos-indices/ida.js';
import { ihfaIdkaProducers } from './precos-indices/ihfa-idka.js';
import { imaProducers } from './precos-indices/ima.js';
import { imaEtfProducers } from './precos-indices/ima-etf.js';
import type { Producer, When } from './precos-indices/producer.js';

/** Every record schema of document 3 the sandbox can build, by family. */
const producers: Record<string, Producer> = {
  ...idaProducers,
  ...ihfaIdkaProducers,
  ...imaProducers,
  ...governmentBondProducers,
  ...debentureProducers,
  ...imaEtfProducers,
};

/** Resolves the day or month asked (or the newest published one), or the 404 when there is no data for it. */
function resolveWhen(ctx: RequestContext): When | HandlerResult {
  const release = ctx.world.release(ctx.op);
  const names = new Set(ctx.op.params.map((p) => p.name));
  if (names.has('mes') || names.has('ano') || (release.monthly && !names.has('data'))) {
    const mes = ctx.params.mes as string | undefined;
    const ano = ctx.params.ano as string | undefined;
    if (mes !== undefined && ano !== undefined) {
      const month = { year: Number(ano), month: Number(mes) };
      if (!release.monthAvailable(month, ctx.now))
        return notFound(`No data for ${mes}/${ano}: not published yet, or before the data start.`);
      const p = release.periodOf(month);
      return { month: p, date: nthBusinessDayOfMonth(p.year, p.month, 1) };
    }
    const latest = release.latestMonth(ctx.now);
    if (!release.monthAvailable(latest, ctx.now)) return notFound('No month has been published yet.');
    return { month: latest, date: nthBusinessDayOfMonth(latest.year, latest.month, 1) };
  }
  const sent = ctx.params.data as string | undefined;
  const date = sent ?? release.latestDay(ctx.now);
  if (!release.dayAvailable(date, ctx.now)) {
    return notFound(`No data for ${date}: not a business day, not published yet, or before the data start.`);
  }
  return { date, month: monthOfDate(date) };
}

/** One handler for every operation of document 3: the producer is chosen by the operation's record schema. */
export const precosIndicesHandler: Handler = (ctx) => {
  const name = ctx.op.success.recordName ?? '';
  const producer = producers[name];
  if (!producer)
    return { kind: 'error', status: 501, message: `The sandbox has no data producer for ${name}.` };
  const when = resolveWhen(ctx);
  if ('kind' in when) return when;
  // The answer is a pure function of the seed, the operation, the parameters, the day or month resolved and
  // the clock to the minute (today, and whether a release time has passed: the producers read nothing else), so
  // it is built once per minute and then served from the cache.
  const key = `${ctx.op.operationId}|${when.date}|${when.month.year}-${when.month.month}|${ctx.now.today}|${ctx.now.minutes}|${JSON.stringify(ctx.params)}`;
  const body = ctx.world.cache.get(key, () => {
    const produced = producer(ctx, when);
    const schema = ctx.op.success.recordSchema;
    const genCtx = { asOf: when.date };
    // Generated fields are keyed by the record schema, not the operation: the families that serve the same index
    // (`indices/` and `indices-mais/`) show the same record, to the last generated field.
    const base = [name, toDayNumber(when.date)];
    if (!Array.isArray(produced)) return ctx.world.record(schema, base, produced, genCtx);
    return produced.map((rec, i) => ctx.world.record(schema, [...base, i], rec, genCtx));
  });
  // `[]`: the producer had no records for the parameters.
  if (body.text === '[]') return notFound('No records for the parameters sent.');
  return { kind: 'json', body };
};

export function hasProducer(recordName: string | undefined): boolean {
  return recordName !== undefined && recordName in producers;
}
