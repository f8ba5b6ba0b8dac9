// What the built search ranks first for a reader's words, asked as the landing page's script asks
// (assets/search.js: all words first, prefix and fuzzy matching, our tokenizer), without a browser; and the Redoc
// pages leave searching to the site's header (Redoc's own search trigger is hidden; reference.test.ts loads them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { labelOf, loadTokenizer } from './site/search-index.ts';
import { distDir } from './test-support/site.ts';

interface Payload {
  options: object;
  searchOptions: object;
  index: object;
}

function builtSearch() {
  const context: { window: { FEED_SEARCH?: Payload } } = { window: {} };
  runInNewContext(readFileSync(join(distDir, 'assets', 'search-index.js'), 'utf8'), context);
  const data = context.window.FEED_SEARCH as Payload;
  const engine = MiniSearch.loadJS(
    data.index as never,
    { ...data.options, tokenize: loadTokenizer() } as never,
  );
  const base = {
    ...data.searchOptions,
    fuzzy: (term: string) => (term.length > 5 ? 0.15 : false),
    boostTerm: (term: string) => (/[._\-/{}]/.test(term) ? 3 : 1),
  };
  return (query: string) =>
    engine.search(query, { ...base, combineWith: 'AND' }) as unknown as { kind: string; name: string }[];
}

describe('the search ranks first', () => {
  const search = builtSearch();
  it.each([
    ['indicative rate', 'taxa_indicativa'],
    ['taxa indicativa', 'taxa_indicativa'],
    ['valor_cota', 'valor_cota'],
  ])('for %j, the field %s', (query, field) => {
    const first = search(query).find((hit) => hit.kind === 'field');
    expect(first?.name).toBe(field);
  });
});

describe('labelOf', () => {
  it('takes the words each description opens with, once each', () => {
    expect(
      labelOf([
        'Indicative rate, `Num(19,4)`.',
        'Indicative rate, `Float(53, 4 dp)`.',
        'Share of trade contribution (REUNE) in the indicative rate, `Alnum(255)`',
      ]),
    ).toBe('Indicative rate · Share of trade contribution');
  });
});

describe('the Redoc pages', () => {
  it.each(['fundos-v1', 'fundos-v2', 'precos-indices'])('%s.html hides Redoc’s own search trigger', (api) => {
    expect(readFileSync(join(distDir, `${api}.html`), 'utf8')).toContain(
      '[data-testid="search-trigger"] { display: none; }',
    );
  });
});
