// @ts-check
// The conventions redocly.yaml states as configurable rules (`rule/…`): each one, linted with the pinned Redocly
// CLI on a small spec that breaks it, reports where and with the message that teaches the fix; a spec that keeps
// every convention, and a token operation that is public as the conventions allow, report nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/configured-rules.js';
import { configuredRules } from './test-support/lint-fixtures.js';
import { lintFindings } from './test-support/linted.js';

describe('the configurable rules of redocly.yaml', () => {
  const configured = configuredRules();
  /** @type {Map<string, import('./test-support/lint-fixtures.js').Finding[]>} */
  let results;
  beforeAll(() => {
    results = lintFindings('configured-rules');
  });

  it('each rule is tested here', () => {
    const tested = new Set(cases.flatMap((c) => c.found.map((f) => f.rule)));
    expect([...tested].sort()).toEqual(Object.keys(configured).sort());
  });

  it.each(cases)('$name', ({ name, found }) => {
    const findings = results.get(name) ?? [];
    expect(findings.map(({ rule, at }) => ({ rule, at }))).toEqual(
      found.map(({ rule, at }) => ({ rule, at })),
    );
    for (const [i, { rule, teaches }] of found.entries()) {
      expect(findings[i]?.message).toBe(configured[rule]?.message);
      expect(findings[i]?.message).toContain(teaches);
    }
  });
});
