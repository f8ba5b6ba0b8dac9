// @ts-check
import { beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases/schema-forms.js';
import { lintFindings } from './test-support/linted.js';

describe('feed/schema-forms', () => {
  /** @type {Map<string, Array<{ at: string, message: string }>>} */
  let results;
  beforeAll(() => {
    results = lintFindings('schema-forms');
  }, 60_000);

  it.each(cases)('$name', ({ name, expected }) => {
    expect(results.get(name)?.map(({ at, message }) => ({ at, message }))).toEqual(expected);
  });
});
