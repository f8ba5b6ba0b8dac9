// The landing page's search: it finds a response field by name (and by the words of its description) and leads
// to the operation that returns it; it finds every operation of the three documents by operationId, by summary
// and by method + path; and every section and tag group of the documents, opening Redoc at its place. One tab
// for the file, taken from page to page: its renderer compiles Redoc's script once.

import { createSpecModel } from '@assoc-feed/specs/model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { sectionRoute, tagRoute } from './site/anchors.ts';
import { responseFields } from './site/fields.ts';
import type { Json } from './site/inputs.ts';
import { descriptionSections, plainText } from './site/search-index.ts';
import {
  type ConnectedBrowser,
  connectChromium,
  newPage,
  type PageProblems,
  problemsFrom,
  screenshot,
} from './test-support/browser.ts';
import {
  builtDocuments,
  operationHref,
  operationRoute,
  operationsOf,
  operationsReturning,
} from './test-support/site.ts';
import { settle, waitForRedoc, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: ConnectedBrowser;
let tab: { page: Page } & PageProblems;

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/assoc-feed/' });
  chromium = await connectChromium();
  tab = await newPage(chromium.context);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

interface Opened {
  page: Page;
  /** What went wrong since this page was opened. */
  problems: () => string[];
}

/** The landing page, loaded anew in the file's tab (the page before it settled). */
async function landing(query = ''): Promise<Opened> {
  await settle(tab.page);
  const opened = { page: tab.page, problems: problemsFrom(tab) };
  await tab.page.goto(`${server.url}index.html${query}`, { waitUntil: 'load' });
  await waitForSearch(tab.page);
  return opened;
}

let shared: Opened | undefined;
/** One landing page for the tests that only type queries (each query replaces the last one's results). */
async function sharedLanding(): Promise<Opened> {
  shared ??= await landing();
  return shared;
}

describe('search from the landing page', () => {
  test('finds the field valor_cota and leads to an operation that returns it', async () => {
    const returning = operationsReturning('valor_cota');
    expect(returning.length).toBeGreaterThan(0);
    shared = undefined; // it leaves the landing page
    const { page, problems } = await landing();
    await page.fill('#search', 'valor_cota');
    const first = page.locator('#search-results > li').first();
    await expect(first.locator('.hit-kind').innerText()).resolves.toBe('FIELD');
    await expect(first.locator('.hit-link').innerText()).resolves.toBe('valor_cota');
    const href = (await first.locator('.hit-link').getAttribute('href')) as string;
    const op = returning.find((o) => operationHref(o) === href);
    expect(op, `${href} is one of ${returning.map(operationHref).join(', ')}`).toBeDefined();
    // Every operation listed under the result returns the field.
    const refs = await first
      .locator('.hit-ref')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(refs.every((r) => returning.some((o) => operationHref(o) === r))).toBe(true);
    await screenshot(page, 'search-valor_cota');

    await first.locator('.hit-link').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/assoc-feed/${op?.api}.html`));
    expect(page.url()).toBe(new URL(href, server.url).href);
    await waitForRedoc(page);
    const route = operationRoute(op as NonNullable<typeof op>);
    const section = page.locator(`[data-item-kind="httpItem"][data-section-id="${route}"]`);
    await section.locator('h2').first().waitFor({ state: 'visible' });
    await expect(section.locator('h2').first().innerText()).resolves.toContain(op?.summary);
    // The page scrolled to it: its heading is in the viewport.
    const box = await section.locator('h2').first().boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y < viewport.height).toBe(true);
    await settle(page);
    await screenshot(page, 'search-valor_cota-target');
    expect(problems()).toEqual([]);
  });

  test('every operation of the three documents is found by operationId, summary and method + path', async () => {
    const operations = builtDocuments().flatMap((doc) =>
      operationsOf(doc).map((op) => ({
        operationId: op.operationId,
        summary: op.summary,
        methodPath: `${op.method.toUpperCase()} ${op.path}`,
        href: operationHref(op),
      })),
    );
    expect(operations.length).toBeGreaterThan(0);
    const { page, problems } = await sharedLanding();
    const failures = await page.evaluate((ops) => {
      const input = document.getElementById('search') as HTMLInputElement;
      const hrefs = (query: string) => {
        input.value = query;
        input.dispatchEvent(new Event('input'));
        return [...document.querySelectorAll('#search-results a.hit-link')].map((a) =>
          a.getAttribute('href'),
        );
      };
      const out: string[] = [];
      for (const op of ops) {
        const byId = hrefs(op.operationId);
        if (byId[0] !== op.href)
          out.push(`${op.operationId}: first result for its operationId is ${byId[0]}`);
        if (!hrefs(op.summary).includes(op.href))
          out.push(`${op.operationId}: not among the results for "${op.summary}"`);
        if (!hrefs(op.methodPath).includes(op.href))
          out.push(`${op.operationId}: not among the results for "${op.methodPath}"`);
      }
      return out;
    }, operations);
    expect(failures).toEqual([]);
    expect(problems()).toEqual([]);
  });

  test('a field is found by the words of its description, not only by its name', async () => {
    const [op] = operationsReturning('valor_cota');
    const doc = builtDocuments().find((d) => d.api === op?.api);
    if (!op || !doc) throw new Error('no operation returns valor_cota');
    const field = responseFields(op, createSpecModel(doc.spec)).find((f) => f.name === 'valor_cota');
    expect(field?.description.length).toBeGreaterThan(10);
    const { page, problems } = await sharedLanding();
    await page.fill('#search', plainText(field?.description ?? ''));
    const names = await page.locator('#search-results a.hit-link').allInnerTexts();
    expect(names.slice(0, 10)).toContain('valor_cota');
    expect(problems()).toEqual([]);
  });

  test('finds a parameter, says when nothing matches, and takes a query from the URL (?q=)', async () => {
    shared = undefined; // it loads the landing page anew, with a query
    const { page, problems } = await landing('?q=data-atualizacao');
    await expect(page.inputValue('#search')).resolves.toBe('data-atualizacao');
    const first = page.locator('#search-results > li').first();
    await expect(first.locator('.hit-link').innerText()).resolves.toBe('data-atualizacao');
    await expect(first.locator('.hit-kind').innerText()).resolves.toBe('PARAMETER');
    await page.fill('#search', 'zzzzqqqq');
    await expect(page.locator('#search-status').innerText()).resolves.toContain('No result');
    expect(problems()).toEqual([]);
  });

  test("every section of the documents' descriptions and every tag group is found by its name and opens its place", async () => {
    const expected = builtDocuments().flatMap((doc) => {
      const { sections } = descriptionSections(String((doc.spec.info as Json).description ?? ''));
      const tags = new Set(operationsOf(doc).map((op) => op.tag));
      return [
        ...sections.map((s) => ({
          query: s.heading,
          href: `${doc.api}.html#${encodeURI(sectionRoute(s.heading))}`,
        })),
        ...[...tags].map((t) => ({ query: t, href: `${doc.api}.html#${encodeURI(tagRoute(t))}` })),
      ];
    });
    expect(expected.length).toBeGreaterThan(0);
    const { page, problems } = await sharedLanding();
    const failures = await page.evaluate((cases) => {
      const input = document.getElementById('search') as HTMLInputElement;
      return cases
        .filter(({ query, href }) => {
          input.value = query;
          input.dispatchEvent(new Event('input'));
          const hrefs = [...document.querySelectorAll('#search-results a.hit-link')].map((a) =>
            a.getAttribute('href'),
          );
          return !hrefs.slice(0, 3).includes(href);
        })
        .map(({ query, href }) => `"${query}": ${href} not among the first 3 results`);
    }, expected);
    expect(failures).toEqual([]);
    // A question in the reader's words leads to the section that answers it, and Redoc opens there.
    const limits = expected.find((e) => e.query === 'Limits');
    expect(limits).toBeDefined();
    await page.fill('#search', 'rate limits');
    const first = page.locator('#search-results a.hit-link').first();
    await expect(first.getAttribute('href')).resolves.toBe(limits?.href);
    await first.click();
    await waitForRedoc(page);
    const route = decodeURI((limits?.href ?? '').split('#')[1] ?? '');
    await page.locator(`[data-section-id="${route}"] h2`).first().waitFor({ state: 'visible' });
    expect(problems()).toEqual([]);
    shared = undefined; // it left the landing page
  });
});
