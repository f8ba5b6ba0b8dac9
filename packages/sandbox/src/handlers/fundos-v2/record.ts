// What every v2 handler shares: its records come from the record cache.
import type { RawJson } from '../../cache/raw-json.js';
import { lastClosedBusinessDay } from '../../time.js';
import type { RequestContext } from '../../world.js';

/**
 * A record of the operation, from the cache when built before: every record here is a pure function of the
 * seed, the operation, `parts` and the last closed business day, so `override` runs only on a miss.
 */
export function gen(ctx: RequestContext, parts: (number | string)[], override: () => unknown): RawJson {
  return ctx.world.cachedRecord(ctx.op, parts, override, { asOf: lastClosedBusinessDay(ctx.now) });
}
