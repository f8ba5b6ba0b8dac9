// `data-atualizacao`, the moment E7, E8 and the single-fund series read "updated since": one reading of it and one
// 400 for a value that is not a real moment.
import { badParameter, type HandlerResult, type RequestContext } from '../../world.js';
import { parseTimestamp } from '../entities.js';

/**
 * The moment in ms (Brasília wall clock as UTC), or the 400 to answer. Optional (the single-fund series), an
 * absent parameter is undefined; required (the batches), an absent one is not a real moment either.
 */
export function sinceParameter(ctx: RequestContext, required: true): number | HandlerResult;
export function sinceParameter(ctx: RequestContext, required: false): number | undefined | HandlerResult;
export function sinceParameter(ctx: RequestContext, required: boolean): number | undefined | HandlerResult {
  const raw = ctx.params['data-atualizacao'];
  if (raw === undefined && !required) return undefined;
  return (
    parseTimestamp(String(raw)) ??
    badParameter(
      'data-atualizacao',
      'a real date and time',
      `Parameter data-atualizacao must be a real date and time, got ${raw}.`,
    )
  );
}
