// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/inferred-choice-marked.js';
import { byLocation } from './test-support/lint-fixtures.js';
import { lintFindings } from './test-support/linted.js';

describe('feed/inferred-choice-marked', () => {
  /** @type {Map<string, Array<{ rule: string, at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFindings('inferred-choice-marked');
  });

  it.each(cases)('$name', ({ name, expected }) => {
    const findings = results.get(name) ?? [];
    expect(findings.every((f) => f.rule === 'feed/inferred-choice-marked')).toBe(true);
    expect(findings.map(({ at, message }) => ({ at, message }))).toEqual([...expected].sort(byLocation));
  });
});
