// Unit tests of the builder's small pieces (the browser tests in packages/docs test the built site).
import { describe, expect, test } from 'vitest';
import { operationHref, redocSlug, sectionRoute } from './anchors.ts';
import { annotateForDocs } from './annotate.ts';
import { groupBump, parseChangeset } from './changelog.ts';
import { basisBadge, basisKind, describePlace, inferredRowId, operationAt } from './extensions.ts';
import type { Json } from './inputs.ts';
import { hashPrerenderedLinks, inlineRemoteAssets } from './redoc.ts';
import { descriptionSections, loadTokenizer, plainText } from './search-index.ts';
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
  test('a description is cut at its headings as Redoc cuts it into sections', () => {
    expect(
      descriptionSections(
        'Intro **text**.\n\n## Errors\n\n401 and 403.\n\n## Rate limits ##\nNone.\n### Detail\nKept.',
      ),
    ).toEqual({
      intro: 'Intro **text**.',
      sections: [
        { heading: 'Errors', text: '401 and 403.' },
        { heading: 'Rate limits', text: 'None.\n### Detail\nKept.' },
      ],
    });
    expect(descriptionSections('No heading.')).toEqual({ intro: 'No heading.', sections: [] });
    expect(sectionRoute('States and transitions')).toBe('/section/states-and-transitions');
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
      '<details class="feed-inferred"><summary><span class="feed-inferred-badge" data-basis="guess">inferred · guess</span> Not shown in the document; our choice: C.</summary>\n\n*Why:* R. *Basis:* guess. [All the choices not shown in the documents](inferred.html)\n\n</details>',
    );
    expect('description' in spec.components.schemas.N).toBe(false);
  });
});

describe('choices where Redoc shows plain text or no description', () => {
  const inferred = { choice: 'The host is `https://x.example`.', reason: 'The document gives **no** host.' };
  test('servers and server variables get the note as plain text, their own markdown marks removed', () => {
    const out = annotateForDocs({
      servers: [
        {
          url: '{base_url}',
          description: 'Production, see `{base_url}`.',
          'x-inferred': inferred,
          variables: {
            base_url: { default: 'https://x.example', description: '*The* host.', 'x-inferred': inferred },
          },
        },
      ],
      paths: { '/a': { servers: [{ url: 'https://y.example', 'x-inferred': inferred }] } },
    }) as { servers: Json[]; paths: { '/a': { servers: Json[] } } };
    const server = out.servers[0] as Json & { variables: { base_url: Json } };
    expect(server.description).toBe(
      'Production, see {base_url}. Not shown in the document; our choice: The host is https://x.example. Why: The document gives no host.',
    );
    expect(server.variables.base_url.description).toBe(
      'The host. Not shown in the document; our choice: The host is https://x.example. Why: The document gives no host.',
    );
    expect(out.paths['/a'].servers[0]?.description).toMatch(/^Not shown in the document; our choice: /);
  });
  test("a choice on info.license is told in info's description, which Redoc shows", () => {
    const out = annotateForDocs({
      info: { title: 't', description: 'About.', license: { name: 'Proprietary', 'x-inferred': inferred } },
    }) as { info: Json & { license: Json } };
    expect(out.info.description).toContain(
      'About.\n\n<details class="feed-inferred"><summary><span class="feed-inferred-badge" data-basis="guess">inferred · guess</span> License: not shown in the document; our choice: The host is <code>https://x.example</code>.</summary>',
    );
    expect(out.info.license.description).toBeUndefined();
  });
});

describe('provenance badges', () => {
  test.each([
    ['document', 'document', 'document'],
    ['Documents (1 and 3)', 'document', 'document'],
    ['public clients (3)', 'public-clients', 'public clients (3)'],
    ['Public clients', 'public-clients', 'public clients'],
    ['public client (1 of 4)', 'public-clients', 'public clients (1)'],
    ['guess', 'guess', 'guess'],
    ['guess (analogy with E3)', 'guess', 'guess'],
    ['something new', 'guess', 'guess'],
  ])('basis %j: kind %s, badge %j', (basis, kind, badge) => {
    expect(basisKind(basis)).toBe(kind);
    expect(basisBadge(basis)).toBe(badge);
  });
  test("a choice links its row on inferred.html; the reasoning sits in the <details>' body", () => {
    const out = annotateForDocs(
      {
        components: {
          schemas: {
            N: {
              type: 'string',
              'x-inferred': { choice: 'C `x`.', reason: 'R.', basis: 'public clients (2)' },
            },
          },
        },
      },
      'fundos-v2',
    ) as { components: { schemas: { N: { description: string } } } };
    const note = out.components.schemas.N.description;
    expect(note).toContain('data-basis="public-clients">inferred · public clients (2)</span>');
    expect(note).toContain('our choice: C <code>x</code>.</summary>');
    expect(note).toContain('*Why:* R. *Basis:* public clients (2).');
    expect(note).toContain('(inferred.html#x-fundos-v2/components/schemas/N)');
    expect(inferredRowId('fundos-v2', '#/components/schemas/N')).toBe('x-fundos-v2/components/schemas/N');
  });
});

describe('notes Redoc would hide are lifted to the description it shows', () => {
  const note = (choice: string) => ({ choice, reason: 'R.' });
  const spec = {
    paths: {
      '/a': {
        get: {
          parameters: [
            {
              name: 'cnpj',
              in: 'query',
              description: 'CNPJ.',
              schema: { $ref: '#/components/schemas/Cnpj' },
            },
          ],
          responses: {
            '200': {
              description: 'A page.',
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Envelope' },
                      {
                        properties: {
                          content: { type: 'array', items: { $ref: '#/components/schemas/Row' } },
                        },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Envelope: { type: 'object', 'x-inferred': note('Envelope fields.') },
        Row: {
          type: 'object',
          'x-inferred': note('Row shape.'),
          properties: {
            at: { $ref: '#/components/schemas/Ts', description: 'When.' },
            bare: { $ref: '#/components/schemas/Ts' },
          },
        },
        Ts: { type: 'string', description: 'A timestamp.', 'x-inferred': note('No offset.') },
        Cnpj: { type: 'string', 'x-inferred': note('Punctuated accepted.') },
      },
    },
  };
  const out = annotateForDocs(spec) as typeof spec;
  const op = out.paths['/a'].get;
  const row = out.components.schemas.Row.properties;
  test('root of a response body, through allOf: on the response', () => {
    expect(op.responses['200'].description).toMatch(
      /^A page\.\n\n<details class="feed-inferred"><summary>.*Not shown in the document; our choice: Envelope fields\.<\/summary>/,
    );
  });
  test("a list's item schema: on the list property", () => {
    const content = (
      op.responses['200'].content['application/json'].schema.allOf[1] as {
        properties: { content: { description?: string } };
      }
    ).properties.content;
    expect(content.description).toContain('Row shape.');
  });
  test("a $ref'd type under a property with its own description: on the property, once", () => {
    expect(row.at.description).toMatch(/^When\.\n\n<details class="feed-inferred">.*No offset\.<\/summary>/);
    expect(row.at.description.match(/No offset/g)).toHaveLength(1);
  });
  test("a $ref'd type under a property without description: the type's annotated description shows, nothing added", () => {
    expect((row.bare as { description?: string }).description).toBeUndefined();
    expect(out.components.schemas.Ts.description).toContain('No offset.');
  });
  test("a parameter's schema: on the parameter", () => {
    expect(op.parameters[0]?.description).toMatch(
      /^CNPJ\.\n\n<details class="feed-inferred">.*our choice: Punctuated accepted\.<\/summary>/,
    );
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
