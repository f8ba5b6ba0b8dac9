// @ts-check
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import feedPlugin, { rules } from './index.js';

const RULES = [
  'component-names',
  'decimal-notation',
  'documented-errors',
  'inferred-choice-marked',
  'paginated-list-limits',
  'path-file-name',
  'schema-forms',
];

describe('feed plugin', () => {
  it('exports a plugin function with id `feed` and its rules for OpenAPI 3', () => {
    const plugin = feedPlugin();
    expect(plugin.id).toBe('feed');
    expect(Object.keys(plugin.rules.oas3).sort()).toEqual(RULES);
    for (const rule of Object.values(rules)) expect(typeof rule).toBe('function');
  });

  it('every rule returns a visitor of node types with enter/leave hooks', () => {
    for (const rule of Object.values(rules)) {
      const visitor = rule();
      for (const hooks of Object.values(visitor)) {
        for (const [name, hook] of Object.entries(hooks)) {
          expect(['enter', 'leave']).toContain(name);
          expect(typeof hook).toBe('function');
        }
      }
    }
  });

  it('redocly.yaml loads the plugin and enables each of its rules as an error', () => {
    const config = parse(readFileSync(new URL('../../../../redocly.yaml', import.meta.url), 'utf8'));
    expect(config.plugins).toContain('packages/specs/tooling/lint-rules/index.js');
    const enabled = Object.keys(config.rules ?? {}).filter((id) => id.startsWith('feed/'));
    expect(enabled.sort()).toEqual(RULES.map((r) => `feed/${r}`));
    for (const id of enabled) expect(config.rules[id]).toBe('error');
  });
});
