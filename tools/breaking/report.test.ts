import { describe, expect, it } from 'vitest';
import { formatJson, formatText, type Report } from './report.ts';
import { classify } from './rules.ts';

const report: Report = {
  base: { ref: 'v1.0.0', commit: 'a'.repeat(40) },
  head: { ref: 'working tree' },
  notes: [],
  failOn: 'warn',
  changes: [
    classify({
      rule: 'operation-added',
      api: 'fundos-v2',
      operation: 'GET /b',
      location: 'operation',
      message: 'operation added',
    }),
    classify({
      rule: 'response-enum-value-added',
      api: 'fundos-v2',
      operation: 'GET /a',
      location: 'response 200 application/json: tipo',
      message: 'enum value(s) added: "FIP"',
    }),
    classify({
      rule: 'path-removed',
      api: 'fundos-v1',
      operation: '/c',
      location: 'path',
      message: 'path removed (GET)',
    }),
  ],
  policy: { ok: false, majorIn: [], reason: '2 breaking change(s) but no pending changeset' },
};

describe('report', () => {
  it('prints a table, breaking changes first, then the verdict', () => {
    const text = formatText(report);
    const rows = text.split('\n').filter((line) => /^(BREAKING|non-breaking)/.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual([
      'BREAKING',
      'BREAKING (warn)',
      'non-breaking',
    ]);
    expect(text).toContain('3 change(s): 2 breaking (1 error, 1 warn), 1 non-breaking');
    expect(text).toMatch(/^FAIL: /m);
  });
  it('prints JSON with a summary', () => {
    const json = JSON.parse(formatJson(report));
    expect(json.summary).toEqual({ total: 3, breaking: 2, error: 1, warn: 1, info: 1 });
    expect(json.changes[0]).toMatchObject({ rule: 'path-removed', breaking: true, level: 'error' });
  });
});
