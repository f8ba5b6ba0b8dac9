import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify, rules } from './rules.ts';

describe('rules', () => {
  it('breaking means error or warn', () => {
    expect(
      classify({ rule: 'response-enum-value-added', api: 'a', operation: '', location: '', message: '' }),
    ).toMatchObject({
      breaking: true,
      level: 'warn',
    });
    expect(
      classify({ rule: 'operation-added', api: 'a', operation: '', location: '', message: '' }),
    ).toMatchObject({
      breaking: false,
      level: 'info',
    });
  });

  it('README.md documents every rule with its class', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const label = { error: 'breaking', warn: 'breaking (warn)', info: 'not breaking' } as const;
    for (const [id, rule] of Object.entries(rules)) {
      const row = new RegExp(
        `^\\|\\s*\`${id}\`\\s*\\|\\s*${label[rule.level].replace(/[()]/g, '\\$&')}\\s*\\|`,
        'm',
      );
      expect(readme, id).toMatch(row);
    }
  });
});
