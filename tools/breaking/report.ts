// Printing the classification: a table for people, JSON for machines, and the rule table itself.

import type { ClassifiedChange } from './change.ts';
import type { PolicyVerdict } from './changesets.ts';
import { rules } from './rules.ts';
import type { Level } from './types.ts';

export interface Report {
  base: { ref: string; commit: string };
  head: { ref: string; commit?: string };
  notes: string[];
  changes: ClassifiedChange[];
  /** Which breaking levels count for the policy: `warn` (default: error and warn) or `error` only. */
  failOn: 'warn' | 'error';
  policy: PolicyVerdict;
}

const levelOrder: Record<Level, number> = { error: 0, warn: 1, info: 2 };
const classLabel: Record<Level, string> = {
  error: 'BREAKING',
  warn: 'BREAKING (warn)',
  info: 'non-breaking',
};

export function sortChanges(changes: ClassifiedChange[]): ClassifiedChange[] {
  return changes
    .map((change, index) => ({ change, index }))
    .sort(
      (x, y) =>
        levelOrder[x.change.level] - levelOrder[y.change.level] ||
        x.change.api.localeCompare(y.change.api) ||
        x.change.operation.localeCompare(y.change.operation) ||
        x.index - y.index,
    )
    .map(({ change }) => change);
}

/** Breaking changes that count for the policy at this `failOn`. */
export function countingBreaking(changes: ClassifiedChange[], failOn: 'warn' | 'error'): ClassifiedChange[] {
  return changes.filter((c) => c.level === 'error' || (failOn === 'warn' && c.level === 'warn'));
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function summary(changes: ClassifiedChange[]): string {
  const count = (level: Level) => changes.filter((c) => c.level === level).length;
  const breaking = count('error') + count('warn');
  return `${changes.length} change(s): ${breaking} breaking (${count('error')} error, ${count('warn')} warn), ${count('info')} non-breaking`;
}

export function formatText(report: Report): string {
  const head = report.head.commit
    ? `${report.head.ref} (${report.head.commit.slice(0, 12)})`
    : report.head.ref;
  const out = [`check:breaking: ${report.base.ref} (${report.base.commit.slice(0, 12)}) → ${head}`];
  for (const note of report.notes) out.push(`note: ${note}`);
  out.push('');
  const changes = sortChanges(report.changes);
  if (changes.length === 0) out.push('No changes to the API contract.');
  else {
    out.push(
      table(
        ['CLASS', 'API', 'OPERATION', 'WHERE', 'CHANGE', 'RULE'],
        changes.map((c) => [classLabel[c.level], c.api, c.operation || '-', c.location, c.message, c.rule]),
      ),
    );
  }
  out.push('', summary(changes));
  if (report.failOn === 'error')
    out.push('(--fail-on error: warn-level breaking changes do not need a major bump)');
  out.push(report.policy.ok ? `OK: ${report.policy.reason}` : `FAIL: ${report.policy.reason}`);
  return out.join('\n');
}

export function formatJson(report: Report): string {
  const changes = sortChanges(report.changes);
  const count = (level: Level) => changes.filter((c) => c.level === level).length;
  return JSON.stringify(
    {
      base: report.base,
      head: report.head,
      notes: report.notes,
      summary: {
        total: changes.length,
        breaking: count('error') + count('warn'),
        error: count('error'),
        warn: count('warn'),
        info: count('info'),
      },
      failOn: report.failOn,
      policy: report.policy,
      changes,
    },
    null,
    2,
  );
}

export function formatRules(): string {
  const rows = Object.entries(rules).map(([id, rule]) => [id, classLabel[rule.level], rule.summary]);
  return table(['RULE', 'CLASS', 'MEANING'], rows);
}
