import { loadSpecModel } from '@assoc-feed/specs/load';
import { describe, expect, it } from 'vitest';
import { isFinal, isReleased } from './finality.js';
import { type SyncTarget, syncTargets } from './scope.js';

const targets = syncTargets(loadSpecModel('feed'));
const target = (documentId: string) =>
  targets.find((t) => t.operation.meta.documentId === documentId) as SyncTarget;
/** Brasília wall-clock time (-03:00) in ms. */
const at = (text: string) => Date.parse(`${text}:00-03:00`);

describe('scope: what sync keeps', () => {
  it('E1, E3, E7, E8 and document 3 with a date or a month, indices/… but not indices-mais/…', () => {
    const ids = targets.map((t) => t.operation.meta.documentId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'E1',
        'E3',
        'E7',
        'E8',
        'C/mercado-secundario-TPF',
        'A/indices/resultados-ima',
        'C/projecoes',
      ]),
    );
    expect(ids.filter((id) => id?.includes('indices-mais'))).toEqual([]);
    expect(ids).not.toContain('E2');
    expect(ids).not.toContain('E1 beta');
    expect(targets.find((t) => t.operation.meta.documentId === 'E8')?.partitionColumn).toBe(
      'data_competencia',
    );
  });
});

describe('release rules (document 3 schedules, Brasília time)', () => {
  it.each([
    // operation, period, now, released
    ['C/mercado-secundario-TPF', '2026-11-19', '2026-11-19T19:59', false],
    ['C/mercado-secundario-TPF', '2026-11-19', '2026-11-19T20:00', true],
    ['C/vna', '2026-11-19', '2026-11-19T10:00', true],
    ['C/difusao-taxas', '2026-11-19', '2026-11-19T00:01', true],
    ['C/projecoes', '2026-12', '2026-11-30T23:59', false],
    ['C/projecoes', '2026-11', '2026-11-01T00:00', true],
  ])('%s %s is released at %s: %s', (id, period, now, released) => {
    expect(isReleased(target(id), period, at(now))).toBe(released);
  });

  it.each([
    // operation, period, read at, final
    ['C/mercado-secundario-TPF', '2026-11-19', '2026-11-19T20:30', true],
    ['C/difusao-taxas', '2026-11-19', '2026-11-19T23:59', false],
    ['C/difusao-taxas', '2026-11-19', '2026-11-20T00:00', true],
    ['C/curva-intradiaria', '2026-11-19', '2026-11-19T21:00', false],
    ['E/resultado-intradiario', '2026-11-18', '2026-11-19T09:00', true],
    ['A/indices/carteira-teorica-ima', '2026-11', '2026-11-30T21:00', false],
    ['A/indices/carteira-teorica-ima', '2026-10', '2026-11-02T09:00', true],
    ['C/projecoes', '2026-10', '2026-11-19T21:00', false],
    ['C/projecoes', '2026-09', '2026-11-19T21:00', true],
    ['D/projecoes', '2026-11', '2026-12-01T08:00', false],
  ])('%s %s read at %s is final: %s', (id, period, readAt, final) => {
    expect(isFinal(target(id), period, at(readAt))).toBe(final);
  });
});
