import { businessDaysInRange } from '@assoc-feed/core/internal/calendar';
import { describe, expect, it } from 'vitest';
import { findTarget, operations } from '../operations.js';
import { backfillKind, planBackfill } from './dated-plan.js';

const op = (path: string) => findTarget(path).operation.meta;

describe('backfillKind: read from the operation parameters', () => {
  it.each([
    ['/feed/precos-indices/v1/titulos-publicos/vna', { kind: 'day', date: 'data' }],
    ['/feed/precos-indices/v2/ima-etf/composicao-diaria', { kind: 'day', date: 'data' }],
    ['/feed/precos-indices/v1/titulos-publicos/projecoes', { kind: 'month', month: 'mes', year: 'ano' }],
    [
      '/feed/fundos/v2/fundos/segmento-investidor/C0000100007/patrimonio-liquido',
      { kind: 'month', month: 'mes-referencia', year: 'ano-referencia' },
    ],
    [
      '/feed/fundos/v1/fundos-estruturados/12345678000199/serie-historica',
      { kind: 'window', start: 'data-inicio', end: 'data-fim', maxMonths: 60 },
    ],
    [
      '/feed/fundos/v2/fundos/C0000254851/serie-historica',
      { kind: 'window', start: 'data-inicio', end: 'data-fim', maxMonths: 12 },
    ],
    ['/feed/fundos/v2/fundos', undefined],
    ['/feed/fundos/v2/fundos/serie-historica/lote', undefined],
  ])('%s → %j', (path, kind) => {
    expect(backfillKind(op(path))).toEqual(kind);
  });

  it('finds every daily operation of document 3', () => {
    const daily = operations.filter(
      (o) => o.document === 'precosIndices' && backfillKind(o.meta)?.kind === 'day',
    );
    const withData = operations.filter((o) => o.meta.parameters.some((p) => p.name === 'data'));
    expect(daily.map((o) => o.meta.path)).toEqual(withData.map((o) => o.meta.path));
  });
});

describe('planBackfill', () => {
  const day = { kind: 'day', date: 'data' } as const;

  it('asks each business day of 2025 once, in order, and tells what it skipped', () => {
    const plan = planBackfill(day, '2025-01-01', '2025-12-31');
    expect(plan.units.map((u) => u.period)).toEqual(businessDaysInRange('2025-01-01', '2025-12-31'));
    expect(plan.units[0]).toEqual({ period: '2025-01-02', query: { data: '2025-01-02' } });
    expect(plan.skipped?.weekendDays).toBe(104);
    expect(plan.skipped?.holidays.map((h) => h.date)).toEqual([
      '2025-01-01',
      '2025-03-03',
      '2025-03-04',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-06-19',
      '2025-11-20',
      '2025-12-25',
    ]);
    expect(plan.units.length + 104 + 9).toBe(365);
  });

  it.each([
    ['2025-11', '2026-02', ['2025-11', '2025-12', '2026-01', '2026-02']],
    ['2025-11-20', '2026-01-05', ['2025-11', '2025-12', '2026-01']],
    ['2025-03', '2025-03', ['2025-03']],
  ])('months from %s to %s', (from, to, months) => {
    const plan = planBackfill({ kind: 'month', month: 'mes', year: 'ano' }, from, to);
    expect(plan.units.map((u) => u.period)).toEqual(months);
    expect(plan.units[0]?.query).toEqual({ mes: months[0]?.slice(5), ano: months[0]?.slice(0, 4) });
  });

  it('cuts a V7 period into consecutive windows of at most five years, each day once', () => {
    const plan = planBackfill(
      { kind: 'window', start: 'data-inicio', end: 'data-fim', maxMonths: 60 },
      '2010-03-15',
      '2025-06-30',
    );
    const windows = plan.units.map((u) => [u.query['data-inicio'], u.query['data-fim']]);
    expect(windows).toEqual([
      ['2010-03-15', '2015-03-14'],
      ['2015-03-15', '2020-03-14'],
      ['2020-03-15', '2025-03-14'],
      ['2025-03-15', '2025-06-30'],
    ]);
  });

  it('cuts a single-fund series period into windows of at most twelve months (its x-date-window)', () => {
    const kind = backfillKind(op('/feed/fundos/v2/fundos/C0000254851/serie-historica'));
    if (kind?.kind !== 'window') throw new Error('the single-fund series is not backfilled by window');
    const plan = planBackfill(kind, '2023-07-01', '2026-01-31');
    expect(plan.units.map((u) => u.period)).toEqual([
      '2023-07-01_2024-06-30',
      '2024-07-01_2025-06-30',
      '2025-07-01_2026-01-31',
    ]);
  });

  it.each([
    ['2025-02-30', '2025-03-01', /--from "2025-02-30" is not a date/],
    ['2025-01-01', '31/12/2025', /--to "31\/12\/2025" is not a date: write YYYY-MM-DD/],
    ['2025-12-31', '2025-01-01', /swap them/],
  ])('refuses --from %s --to %s', (from, to, message) => {
    expect(() => planBackfill(day, from, to)).toThrow(message);
  });

  it('plans nothing for a weekend', () => {
    expect(planBackfill(day, '2025-03-01', '2025-03-02').units).toEqual([]);
  });
});
