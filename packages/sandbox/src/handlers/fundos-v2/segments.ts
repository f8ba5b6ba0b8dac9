// E5: investor-segment net assets (restricted product).
import { addDays, nthBusinessDayOfMonth } from '../../calendar.js';
import { OMIT } from '../../generate/schema-generator.js';
import { mix } from '../../rng.js';
import { lastClosedBusinessDay, type Month, monthKey, monthOfDate, monthOfKey } from '../../time.js';
import type { ClassEntity } from '../../universe/funds.js';
import { type Handler, notFound } from '../../world.js';
import { classOverride, fundOverride, instantAt, subclassOverride } from '../entities.js';

/** Month M of segment data is shared from the 8th business day of M+1. */
function segmentMonthPublished(m: Month, today: string): boolean {
  const next = monthOfKey(monthKey(m) + 1);
  return nthBusinessDayOfMonth(next.year, next.month, 8) <= today;
}

function lastDayOfMonth(m: Month): string {
  const next = monthOfKey(monthKey(m) + 1);
  return addDays(`${next.year}-${String(next.month).padStart(2, '0')}-01`, -1);
}

export const segmentNetAssets: Handler = (ctx) => {
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
