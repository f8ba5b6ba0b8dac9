// E7: the batch registry, the funds updated since a moment.
import { lastClosedBusinessDay } from '../../time.js';
import type { TipoFundo } from '../../universe/archetypes.js';
import type { Handler } from '../../world.js';
import { registryBatchOverride } from '../entities.js';
import { gen } from './record.js';
import { sinceParameter } from './since.js';

export const registryBatch: Handler = (ctx) => {
  const since = sinceParameter(ctx, true);
  if (typeof since !== 'number') return since;
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
