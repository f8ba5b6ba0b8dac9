// Unit tests of the builder's small pieces (the browser tests in packages/docs test the built site).
import { describe, expect, test } from 'vitest';
import { operationHref, redocSlug } from './anchors.ts';
import { annotateForDocs } from './annotate.ts';
import { groupBump, parseChangeset } from './changelog.ts';
import { describePlace, operationAt } from './extensions.ts';
import { hashPrerenderedLinks, inlineRemoteAssets } from './redoc.ts';
import { loadTokenizer, plainText } from './search-index.ts';
import { oneLineSummary } from './summary.ts';
import { componentOf } from './usage.ts';

describe('anchors (Redoc 3 routes)', () => {
  test('tags are slugified and lower-cased, operationIds lower-cased', () => {
    expect(redocSlug('Regulation-555 funds (v1)')).toBe('regulation-555-funds-(v1)');
    expect(redocSlug('Liquidity debenture index (IDA-LIQ)')).toBe('liquidity-debenture-index-(ida-liq)');
    expect(redocSlug('Títulos públicos & mais')).toBe('titulos-publicos-and-mais');
    const op = {
      api: 'fundos-v1',
      tag: 'Regulation-555 funds (v1)',
      operationId: 'fundosV1ListFunds',
      method: 'get',
      path: '/x',
    };
    expect(operationHref(op)).toBe('fundos-v1.html#/regulation-555-funds-(v1)/fundosv1listfunds');
  });
});

describe('search', () => {
  const tokenize = loadTokenizer();
  test('identifiers are kept whole and split into parts', () => {
    expect(tokenize('valor_cota')).toEqual(['valor_cota', 'valor', 'cota']);
    expect(tokenize('fundosV2ListFunds')).toEqual(['fundosV2ListFunds', 'fundos', 'V2', 'List', 'Funds']);
    expect(tokenize('GET /feed/fundos/v2/fundos.')).toEqual([
      'GET',
      '/feed/fundos/v2/fundos',
      'feed',
      'fundos',
      'v2',
    ]);
    expect(tokenize('Preço unitário (PU)')).toEqual(['Preço', 'unitário', 'PU']);
  });
  test('markdown to plain text', () => {
    expect(plainText('**Bold** `code` [link](http://x) > quote')).toBe('Bold code link quote');
  });
});

describe('summaries, places, changesets', () => {
  test('one line per document', () => {
    expect(oneLineSummary({ info: { summary: 'Short.' } })).toBe('Short.');
    expect(
      oneLineSummary({ info: { description: '## Title\n\nThe v1 funds (document 2 of 3). More text.' } }),
    ).toBe('The v1 funds (document 2 of 3).');
    const long = `The pricing interfaces of the Feed data service (document 3 of 3): ${'a read-only service '.repeat(10)}.`;
    expect(oneLineSummary({ info: { description: long } })).toBe(
      'The pricing interfaces of the Feed data service (document 3 of 3).',
    );
  });
  test('where a choice sits', () => {
    expect(
      describePlace(['paths', '/a', 'get', 'responses', '200', 'content', 'application/json', 'schema']),
    ).toBe('GET /a › 200');
    expect(describePlace(['components', 'schemas', 'Fund', 'properties', 'codigo'])).toBe(
      'schema Fund › codigo',
    );
    expect(operationAt(['paths', '/a', 'get', 'parameters', '0'])).toEqual({ path: '/a', method: 'get' });
    expect(operationAt(['paths', '/a', 'parameters'])).toBeUndefined();
    expect(componentOf('#/components/schemas/Fund/properties/x')).toBe('#/components/schemas/Fund');
  });
  test('changesets', () => {
    const change = parseChangeset(
      'a.md',
      '---\n"@assoc-feed/specs": minor\n"@assoc-feed/docs": patch\n---\n\nFirst release.\n',
    );
    expect(change).toEqual({
      file: 'a.md',
      bumps: { '@assoc-feed/specs': 'minor', '@assoc-feed/docs': 'patch' },
      summary: 'First release.',
    });
    expect(groupBump([change])).toBe('minor');
    expect(groupBump([])).toBeUndefined();
  });
});

describe('Redoc page post-processing and annotations', () => {
  test('prerendered menu links become hash links; scripts are left alone', () => {
    const html =
      '<a href="/x">x</a><div id="redoc"><a href="/">h</a><a href="/funds/op">o</a><a href="https://a.b/">e</a></div><script type="module">const s = `href="/y"`;</script>';
    expect(hashPrerenderedLinks(html)).toBe(
      '<a href="/x">x</a><div id="redoc"><a href="#/">h</a><a href="#/funds/op">o</a><a href="https://a.b/">e</a></div><script type="module">const s = `href="/y"`;</script>',
    );
  });
  test('no remote logo', () => {
    expect(inlineRemoteAssets('src:`https://cdn.redoc.ly/redoc/logo-mini-full.svg`')).toMatch(
      /^src:`data:image\/svg\+xml,[^`]+`$/,
    );
  });
  test('extensions are written into descriptions of a copy', () => {
    const spec = {
      paths: {
        '/a': {
          get: {
            description: 'Op.',
            'x-release-schedule': { frequency: 'daily', time: '20:00', rule: 'from 20:00' },
            'x-required-together': [['mes', 'ano']],
          },
        },
      },
      components: {
        schemas: {
          N: {
            type: 'number',
            'x-decimal': { precision: 19, scale: 4 },
            'x-inferred': { choice: 'C.', reason: 'R.' },
          },
        },
      },
    };
    const out = annotateForDocs(spec) as typeof spec & {
      components: { schemas: { N: { description: string } } };
    };
    expect((out.paths['/a'].get as { description: string }).description).toBe(
      'Op.\n\n**Release schedule:** daily, from 20:00 Brasília time — from 20:00.\n\n**Used together:** `mes` and `ano` (give all or none).',
    );
    expect(out.components.schemas.N.description).toContain('Notation: `Decimal(19, 4)`.');
    expect(out.components.schemas.N.description).toContain(
      '**Not shown in the document; our choice:** C. *Why:* R.',
    );
    expect('description' in spec.components.schemas.N).toBe(false);
  });
});

describe('changelog page', () => {
  const site = { version: '0.2.0', documents: [] };
  test('a released changelog is rendered, raw HTML shown as text', async () => {
    const { changelogPage } = await import('./pages/changelog.ts');
    const html = await changelogPage(
      site,
      '# @assoc-feed/specs\n\n## 0.2.0\n\n### Minor Changes\n\n- abc1234: Added `valor_cota` <script>alert(1)</script>\n',
      [],
    );
    expect(html).toContain('<h2>0.2.0</h2>');
    expect(html).toContain('<code>valor_cota</code>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('No release yet');
    expect(html).toContain('No pending change.');
  });
  test('no changelog: "no release yet" and the pending entries', async () => {
    const { changelogPage } = await import('./pages/changelog.ts');
    const pending = [{ file: 'x.md', bumps: { '@assoc-feed/specs': 'patch' }, summary: 'Fix a typo.' }];
    const html = await changelogPage(site, undefined, pending);
    expect(html).toContain('No release yet');
    expect(html).toContain('Fix a typo.');
    expect(html).toContain('<strong>patch</strong>');
  });
});
