// E7: the batch registry, the funds updated since a moment.
import { lastClosedBusinessDay } from '../../time.js';
import type { TipoFundo } from '../../universe/archetypes.js';
import { badParameter, type Handler } from '../../world.js';
import { parseTimestamp, registryBatchOverride } from '../entities.js';
import { gen } from './record.js';

export const registryBatch: Handler = (ctx) => {
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
