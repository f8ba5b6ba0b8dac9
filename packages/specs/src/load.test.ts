// Reads the package's own dist: run after `pnpm build` (turbo's test task depends on it).
import { describe, expect, it } from 'vitest';
import { loadSpec, loadSpecModel, specNames } from './load.js';

describe('loading the bundled specs', () => {
  it('knows the documents and the joined spec from the exports map', () => {
    expect(specNames()).toEqual(['fundos-v2', 'fundos-v1', 'precos-indices', 'feed']);
  });

  it.each(['fundos-v2', 'fundos-v1', 'precos-indices'])(
    '%s: every operation of the document is in the joined spec, and every reference resolves',
    (name) => {
      const model = loadSpecModel(name);
      const joined = loadSpecModel('feed');
      expect(model.operations().length).toBeGreaterThan(0);
      for (const op of model.operations()) {
        expect(joined.operation(op.method, op.path)?.operationId).toBe(op.operationId);
        expect(() => model.inline(op.node)).not.toThrow();
      }
    },
  );

  it('reads the model once, and a fresh spec object on each loadSpec', () => {
    expect(loadSpecModel('feed')).toBe(loadSpecModel('feed'));
    expect(loadSpec('feed')).not.toBe(loadSpec('feed'));
  });

  it('an unknown name says which names exist', () => {
    expect(() => loadSpec('fundos-v3')).toThrow(
      '@assoc-feed/specs has no spec named "fundos-v3": use one of fundos-v2, fundos-v1, precos-indices, feed',
    );
  });
});
