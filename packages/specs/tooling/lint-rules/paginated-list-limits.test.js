// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/paginated-list-limits.js';
import { byLocation } from './test-support/lint-fixtures.js';
import { lintFindings } from './test-support/linted.js';

describe('feed/paginated-list-limits', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFindings('paginated-list-limits');
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/paginated-list-limits')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
