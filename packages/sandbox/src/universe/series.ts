// Daily values of a class or subclass (net assets, quota, flows, holders) as a closed-form function of
// (unit, date): any day is computed directly, and E8, V2/V4/V6 and V7 agree on the same day.
import { businessDaysBetween, toDayNumber } from '../calendar.js';
import { key, unit } from '../rng.js';

export interface SeriesPoint {
  cota: number;
  patrimonio: number;
  captacao: number;
  resgate: number;
  cotistas: number;
}

/** Annual drift of the quota by category. */
function drift(categoria: string, u: number): number {
  switch (categoria) {
    case 'Renda Fixa':
    case 'Previdência':
    case 'FIDC':
      return 0.08 + 0.05 * u;
    case 'Ações':
    case 'ETF':
      return -0.02 + 0.2 * u;
    case 'Cambial':
    case 'Offshore':
      return 0.02 + 0.1 * u;
    default:
      return 0.04 + 0.1 * u;
  }
}

export function seriesPoint(
  seed: number,
  unitKey: number,
  categoria: string,
  start: string,
  date: string,
  smallHolders = false,
): SeriesPoint {
  const k = key(seed, 'series', unitKey);
  const years = Math.max(0, businessDaysBetween(start, date)) / 252;
  const c0 = 1 + unit(k) * (categoria === 'FII' || categoria === 'FIP' ? 99 : 4);
  const r = drift(categoria, unit(k + 1));
  const day = toDayNumber(date);
  const wave =
    0.015 * Math.sin(day / 37 + unit(k + 2) * 6.28) + 0.008 * Math.sin(day / 5.3 + unit(k + 3) * 6.28);
  const cota = c0 * (1 + r) ** years * (1 + wave);
  const holders0 = smallHolders ? 1 + Math.floor(unit(k + 4) * 20) : 20 + Math.floor(unit(k + 4) * 4000);
  const cotistas = Math.round(holders0 * (1 + 0.1 * years) * (1 + 0.01 * Math.sin(day / 11)));
  // Holders and their average stake sized so the classes E8 lists add up to a market of Brazil's size, most of
  // them small and a few very large.
  const ticket = 5_000 + unit(k + 5) * 55_000;
  const patrimonio = cotistas * ticket * (cota / c0);
  const flow = key(k, day);
  const captacao = unit(flow) < 0.5 ? 0 : patrimonio * 0.01 * unit(flow + 1);
  const resgate = unit(flow + 2) < 0.5 ? 0 : patrimonio * 0.008 * unit(flow + 3);
  return { cota, patrimonio, captacao, resgate, cotistas };
}
