// Operations the sandbox has no domain model for (added to the spec later) still answer: schema-valid records
// generated from the seed, paged when the spec pages them.
import { lastClosedBusinessDay } from '../time.js';
import type { Handler } from '../world.js';

const GENERIC_LIST_SIZE = 25;

export const genericHandler: Handler = (ctx) => {
  const { success } = ctx.op;
  const genCtx = { asOf: lastClosedBusinessDay(ctx.now) };
  const record = (i: number) =>
    ctx.world.record(success.recordSchema, ['generic', ctx.op.operationId, i], undefined, genCtx);
  switch (success.kind) {
    case 'envelope':
      return { kind: 'list', total: GENERIC_LIST_SIZE, item: record };
    case 'array':
      return { kind: 'json', body: [record(0), record(1), record(2)] };
    case 'object':
      return { kind: 'json', body: record(0) };
    default:
      return { kind: 'json', body: {}, status: success.status };
  }
};
