// What `sync` keeps, read from the operations' meta and the spec (not a hand-written list): every GET without a
// path parameter that is not deprecated, of the funds v2 document and of document 3, where document 3's
// operations are those with a date (`data`) or a month (`mes`/`ano`) and, of its two path sets for the bond-index
// families, only `indices/…` (`indices-mais/…` repeats them with component fields).
//   - a document 3 operation: one partition per business day (`data=`) or per month (`mes=YYYY-MM-01`);
//   - E8 (the funds list paged by cursor): read by update time, one partition per `data_competencia`;
//   - E1, E3, E7 (the other funds lists): one snapshot partition per sync day (`snapshot=`).
import type { SpecModel } from '@assoc-feed/specs/model';
import { UsageError } from '../../errors.js';
import { type BackfillKind, backfillKind } from '../../job/dated-plan.js';
import { describe, matchesOnly, type Operation, operations } from '../../operations.js';

export interface ReleaseSchedule {
  frequency?: string;
  /** HH:MM, Brasília time. */
  time?: string;
  rule?: string;
}

export type SyncKind =
  | { kind: 'dated'; plan: Extract<BackfillKind, { kind: 'day' | 'month' }> }
  | { kind: 'updates'; sinceParam: string; dateField: string; updatedField: string; keys: string[] }
  | { kind: 'snapshot' };

export interface SyncTarget {
  operation: Operation;
  operationId: string;
  sync: SyncKind;
  partitionColumn: string;
  schedule?: ReleaseSchedule;
}

/** E8's record: the date it refers to, its update time, and what identifies it within a date. */
const UPDATES = {
  sinceParam: 'data-atualizacao',
  dateField: 'data_competencia',
  updatedField: 'data_atualizacao',
  keys: ['codigo_classe', 'codigo_subclasse'],
};

export function syncTargets(model: SpecModel): SyncTarget[] {
  const out: SyncTarget[] = [];
  for (const operation of operations) {
    const meta = operation.meta;
    if (operation.document === 'fundosV1' || meta.parameters.some((p) => p.in === 'path')) continue;
    const spec = model.operation('get', meta.path);
    if (!spec || spec.deprecated || meta.path.includes('/indices-mais/')) continue;
    const operationId = meta.operationId;
    if (operation.document === 'fundosV2') {
      if (meta.pagination?.kind === 'cursor') {
        out.push({
          operation,
          operationId,
          sync: { kind: 'updates', ...UPDATES },
          partitionColumn: UPDATES.dateField,
        });
      } else if (meta.pagination) {
        out.push({ operation, operationId, sync: { kind: 'snapshot' }, partitionColumn: 'snapshot' });
      }
      continue;
    }
    const plan = backfillKind(meta);
    if (plan?.kind !== 'day' && plan?.kind !== 'month') continue;
    out.push({
      operation,
      operationId,
      sync: { kind: 'dated', plan },
      partitionColumn: plan.kind === 'day' ? plan.date : plan.month,
      schedule: spec.extensions['x-release-schedule'] as ReleaseSchedule | undefined,
    });
  }
  return out;
}

/** `--only` as `conform --only`: document ids or parts of paths; an item matching nothing sync keeps is an error. */
export function chooseTargets(targets: readonly SyncTarget[], only: readonly string[]): SyncTarget[] {
  if (only.length === 0) return [...targets];
  const unmatched = only.filter((item) => !targets.some((t) => matchesOnly(t.operation, item)));
  if (unmatched.length > 0) {
    throw new UsageError(
      `--only ${unmatched.join(',')} matches no operation sync keeps: give part of a path (/titulos-publicos) or a ` +
        `document id (E8). Operations sync keeps:\n${targets.map((t) => describe(t.operation)).join('\n')}`,
    );
  }
  return targets.filter((t) => only.some((item) => matchesOnly(t.operation, item)));
}
