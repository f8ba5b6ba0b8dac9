// Each Redoc page, served under a sub-path (/assoc-feed/) by plain static hosting, shows every operation of its
// document where our links say it is: a Redoc 2 style link lands on its operation, the anchor of every operation
// (anchors.ts) opens a section with that operation's summary, the sections under each tag are exactly the spec's
// operations, every GET operation carries its typed-client sample (lists also paginate; curl sends both headers),
// and a "not shown" choice made on a response's root schema is there for the reader. One load per page, opened
// by the Redoc 2 style link and read through: no console error, no page error, no failed request, no HTTP error,
// and every relative link it then holds resolves under the sub-path. The three pages are loaded one after the
// other in the same tab: its renderer compiles Redoc's script once.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSpecModel } from '@assoc-feed/specs/model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { tagRoute } from './site/anchors.ts';
import { annotateForDocs, inlineMarkdownHtml, plainMarkdown } from './site/annotate.ts';
import { clientOf, languages } from './site/code-samples.ts';
import { collectInferred } from './site/extensions.ts';
import type { Document, Json } from './site/inputs.ts';
import { isPaginated } from './site/operations.ts';
import {
  type ConnectedBrowser,
  connectChromium,
  newPage,
  type PageProblems,
  problemsFrom,
  screenshot,
} from './test-support/browser.ts';
import { checkLinks } from './test-support/links.ts';
import { openSection, operationSection } from './test-support/redoc-sections.ts';
import {
  builtDocuments,
  distDir,
  type Operation,
  operationRoute,
  operationsOf,
} from './test-support/site.ts';
import { settle, waitForRedoc } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: ConnectedBrowser;
/** The file's one tab, taken from document to document. */
let tab: { page: Page } & PageProblems;

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/assoc-feed/' });
  chromium = await connectChromium();
  tab = await newPage(chromium.context);
  await tab.page.setViewportSize({ width: 1400, height: 900 });
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Goes to an operation's route and waits for its section to hold these words; returns the section's text. */
async function sectionWith(page: Page, route: string, words: string[]): Promise<string> {
  return (await openSection(page, route, words)).text;
}

async function pickLanguage(page: Page, route: string, label: string): Promise<void> {
  const section = page.locator(operationSection(route));
  const current = section.getByRole('button', {
    name: new RegExp(
      `^(${Object.values(languages)
        .map((l) => l.label.replace(/[()]/g, '\\$&'))
        .join('|')})$`,
    ),
  });
  await current.first().click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/**
 * The first operation whose 200 response shows, in the copy Redoc renders, a choice written on the root schema of
 * its body (where Redoc shows no description), and the words of that choice as a reader sees them.
 */
function liftedResponseNote(
  doc: Document,
  operations: Operation[],
): { op: Operation; words: string } | undefined {
  const copy = annotateForDocs(doc.spec, doc.api);
  const copyModel = createSpecModel(copy);
  const model = createSpecModel(doc.spec);
  const choices = collectInferred(doc.api, doc.spec).map((x) => x.choice);
  for (const op of operations.filter((o) => o.method === 'get')) {
    const responsesOf = (spec: Json) => ((spec.paths as Json)[op.path] as Json)[op.method] as Json;
    const shown = String(
      copyModel.deref<Json>((responsesOf(copy).responses as Json)['200']).description ?? '',
    );
    const own = String(model.deref<Json>((responsesOf(doc.spec).responses as Json)['200']).description ?? '');
    const choice = choices.find((c) => shown.includes(inlineMarkdownHtml(c)) && !own.includes(c));
    if (choice) return { op, words: plainMarkdown(choice).slice(0, 60) };
  }
  return undefined;
}

for (const doc of builtDocuments()) {
  const operations = operationsOf(doc);

  describe(`${doc.api}.html (document ${doc.number})`, () => {
    let page: Page;
    /** What went wrong since this document's load. */
    let problems: () => string[];
    // The page is opened by a link written for Redoc 2 (#tag/<Tag>/operation/<operationId>), as a link from
    // elsewhere would: a new page load, not a hash change.
    const legacyOp = operations[operations.length - 1] as Operation;
    const legacy = `#tag/${encodeURIComponent(legacyOp.tag)}/operation/${legacyOp.operationId}`;
    let landed: { path: string; hash: string; text: string };
    /** The operation sections seen on the page while the walk below stood on an operation of each tag. */
    const seenUnderTag = new Map<string, Set<string>>();

    beforeAll(async () => {
      page = tab.page;
      problems = problemsFrom(tab);
      await page.goto(`${server.url}${doc.api}.html${legacy}`, { waitUntil: 'load' });
      await waitForRedoc(page);
      const url = new URL(page.url());
      landed = {
        path: url.pathname,
        hash: decodeURI(url.hash),
        text: (await openSection(page, operationRoute(legacyOp), [legacyOp.summary], { go: false })).text,
      };
      await settle(page);
    });

    test('a Redoc 2 style link (#tag/<Tag>/operation/<operationId>) lands on its operation', () => {
      expect(landed.path).toBe(new URL(`${doc.api}.html`, server.url).pathname);
      expect(landed.hash).toBe(`#${operationRoute(legacyOp)}`);
      expect(landed.text).toContain(legacyOp.summary);
    });

    test(`every one of the ${operations.length} operations is at its anchor, with its summary; each GET with its typed-client sample`, async () => {
      const { factory } = clientOf(doc.api);
      const wrong: string[] = [];
      for (const op of operations) {
        const route = operationRoute(op);
        const words = [op.summary, op.path];
        if (op.method === 'get') words.push(factory, `client.GET('${op.path}'`);
        const { text, rendered } = await openSection(page, route, words);
        const prefix = `${tagRoute(op.tag)}/`;
        const seen = seenUnderTag.get(op.tag) ?? new Set();
        for (const id of rendered) if (id.startsWith(prefix)) seen.add(id);
        seenUnderTag.set(op.tag, seen);
        if (!text) wrong.push(`${op.operationId}: no section ${route}`);
        for (const w of text ? words : [])
          if (!text.includes(w)) wrong.push(`${op.operationId}: lacks "${w}"`);
      }
      expect(wrong).toEqual([]);
      expect(problems()).toEqual([]);
    });

    // Reads what the walk above saw: Redoc draws the sections of one tag at a time, those of the tag of the
    // operation navigated to (as a link to the tag itself would), so standing on each of its operations showed
    // every section it draws under each tag, and a section under the wrong tag, a missing one or an extra one
    // shows here (tests of a file run in order).
    test('the operations rendered under each tag are exactly those of the spec', async () => {
      const expected = new Map<string, Set<string>>();
      for (const op of operations) {
        const set = expected.get(op.tag) ?? new Set();
        set.add(operationRoute(op));
        expected.set(op.tag, set);
      }
      for (const [tag, routes] of expected)
        expect(seenUnderTag.get(tag) ?? new Set(), `operations under tag ${tag}`).toEqual(routes);
      await screenshot(page, `reference-${doc.api}`);
    });

    test('the other languages: a list also paginates; curl sends client_id and access_token', async () => {
      const wrong: string[] = [];
      const gets = operations.filter((op) => op.method === 'get');
      const list = gets.find(isPaginated);
      const samples: [Operation | undefined, string, string[]][] = [
        [list, languages.paging.label, ['for await (const item of client.paginate(']],
        [gets[0], languages.curl.label, ['curl ', 'client_id: ', 'access_token: ']],
      ];
      for (const [op, label, words] of samples) {
        if (!op) continue;
        const route = operationRoute(op);
        await sectionWith(page, route, [op.summary]);
        await pickLanguage(page, route, label);
        const { text } = await openSection(page, route, words, { go: false });
        for (const w of words)
          if (!text.includes(w)) wrong.push(`${op.operationId} (${label}): lacks "${w}"`);
        await pickLanguage(page, route, languages.typescript.label);
      }
      expect(wrong).toEqual([]);
      expect(problems()).toEqual([]);
    });

    test('a "not shown" choice made on a schema Redoc hides shows in the response that carries it', async () => {
      const lifted = liftedResponseNote(doc, operations);
      expect(lifted, 'an operation whose response body carries a choice on its root schema').toBeDefined();
      if (!lifted) return;
      const route = operationRoute(lifted.op);
      await sectionWith(page, route, [lifted.op.summary]);
      await page.locator(operationSection(route)).getByRole('button', { name: '200' }).first().click();
      const { text } = await openSection(page, route, [lifted.words], { go: false });
      expect(text).toContain(lifted.words);
      expect(text).toContain('Not shown in the document; our choice:');
      // At a glance: a badge with the basis; the reasoning one click away, with a link to the choice's row.
      const note = page
        .locator(`${operationSection(route)} details.feed-inferred`, { hasText: lifted.words })
        .first();
      await expect(note.locator('.feed-inferred-badge').innerText()).resolves.toMatch(
        /^inferred · (document|public clients( \(\d+\))?|guess)$/,
      );
      const why = note.getByText('Why:');
      await expect(why.isVisible()).resolves.toBe(false);
      await note.locator('summary').click();
      await expect(why.isVisible()).resolves.toBe(true);
      const href = (await note.locator('a[href^="inferred.html#"]').getAttribute('href')) as string;
      const rowIds = [
        ...readFileSync(join(distDir, 'inferred.html'), 'utf8').matchAll(/<tr id="([^"]+)"/g),
      ].map((m) => m[1]);
      expect(rowIds).toContain(decodeURI(href.slice('inferred.html#'.length)));
      await screenshot(page, `inferred-in-response-${doc.api}`);
    });

    test("the page carries the site's header: every page of the navigation, the SDK overview, and the search box, which opens the site's search", async () => {
      const header = page.locator('header.site-header');
      const hrefs = await header.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          'index.html',
          'sdk.html',
          'inferred.html',
          ...builtDocuments().map((d) => `${d.api}.html`),
        ]),
      );
      expect(await header.locator(`nav a[aria-current="page"]`).getAttribute('href')).toBe(`${doc.api}.html`);
      const form = header.locator('form.site-search');
      await expect(form.getAttribute('action')).resolves.toBe('index.html');
      await expect(form.locator('input[name="q"]').count()).resolves.toBe(1);
      // One search box on the page: Redoc's own trigger ("Search Ctrl+K") is hidden.
      await expect(page.locator('[data-testid="search-trigger"]').isVisible()).resolves.toBe(false);
    });

    test('read through, the page logged no error and failed no request; every relative link it holds resolves under the sub-path', async () => {
      const links = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      const { targets, broken } = await checkLinks(links, server.url);
      expect(targets).toEqual(
        expect.arrayContaining([`${server.url}${doc.api}.html`, `${server.url}index.html`]),
      );
      expect(broken).toEqual([]);
      expect(problems()).toEqual([]);
    });
  });
}
