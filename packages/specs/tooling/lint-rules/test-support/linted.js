// @ts-check
// The findings test-support/lint-once.js got for a test file's fixtures, by fixture name.
import { inject } from 'vitest';

/**
 * @param {string} set the test file's name without `.test.js` (its cases module's name)
 * @returns {Map<string, import('./lint-fixtures.js').Finding[]>}
 */
export function lintFindings(set) {
  const findings = inject('lintFindings')[set];
  if (!findings) throw new Error(`no findings for ${set}: is it a set of test-support/lint-once.js?`);
  return new Map(Object.entries(findings));
}
