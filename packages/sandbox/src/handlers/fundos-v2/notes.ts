// E6: explanatory notes of a class or subclass.
import { addDays, toDayNumber } from '../../calendar.js';
import { mix } from '../../rng.js';
import { lastClosedBusinessDay } from '../../time.js';
import { noteTexts } from '../../universe/fund-types.js';
import type { ClassEntity } from '../../universe/funds.js';
import { type Handler, notFound } from '../../world.js';
import { gen } from './record.js';

export const explanatoryNotes: Handler = (ctx) => {
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
