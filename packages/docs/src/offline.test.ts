// The site opened from disk (file://…/dist/index.html) with every non-file request blocked: every page loads
// clean, nothing tries the network (not even after a reader's clicks on a Redoc page), and the search still works
// and still leads to the Redoc page. One tab for the file, taken from page to page (its renderer compiles Redoc's
// script once); the Redoc page the reader clicks on is loaded last, and the clicks happen on that load.
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { languages } from './site/code-samples.ts';
import type { Document } from './site/inputs.ts';
import { isPaginated } from './site/operations.ts';
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
  distDir,
  type Operation,
  operationHref,
  operationRoute,
  operationsOf,
  operationsReturning,
  sitePages,
} from './test-support/site.ts';
import { settle, waitForRedoc, waitForSearch } from './test-support/wait.ts';

let chromium: ConnectedBrowser;
let context: BrowserContext;
let tab: { page: Page } & PageProblems;
const attempted: string[] = [];
const root = pathToFileURL(distDir).href;
const clicked = builtDocuments()[0] as Document;
/** Whether the tab holds the Redoc page of the first document as its load test left it, for the reader's clicks. */
let clickedLoaded = false;

beforeAll(async () => {
  chromium = await connectChromium();
  context = chromium.context;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    attempted.push(url);
    return route.abort('blockedbyclient');
  });
  tab = await newPage(context);
});
afterAll(async () => {
  await chromium?.close();
});

/** The tab, the page before it settled; what goes wrong on it from now on. */
async function takeTab(): Promise<{ page: Page; problems: () => string[] }> {
  await settle(tab.page);
  clickedLoaded = false;
  return { page: tab.page, problems: problemsFrom(tab) };
}

describe('from file:// with the network blocked', () => {
  const clickedFile = `${clicked.api}.html`;
  for (const file of [...sitePages().filter((f) => f !== clickedFile), clickedFile]) {
    test(`${file} loads with no error and no network request`, async () => {
      const { page, problems } = await takeTab();
      const before = attempted.length;
      const redoc = builtDocuments().some((doc) => file === `${doc.api}.html`);
      await page.setViewportSize(redoc ? { width: 1400, height: 900 } : { width: 1280, height: 720 });
      await page.goto(`${root}${file}`, { waitUntil: 'load' });
      if (file === 'index.html') await waitForSearch(page);
      else if (redoc) await waitForRedoc(page);
      await settle(page);
      expect(attempted.slice(before)).toEqual([]);
      expect(problems()).toEqual([]);
      clickedLoaded = file === clickedFile;
    });
  }

  test("a reader's clicks on a Redoc page (an operation, responses, samples, its own search, dark mode) fetch nothing either", async () => {
    const list = operationsOf(clicked).find(isPaginated) as Operation;
    const route = operationRoute(list);
    // The page as its load test left it (a new load if that test did not run or failed).
    const loadedBefore = clickedLoaded;
    const { page, problems } = await takeTab();
    await page.setViewportSize({ width: 1400, height: 900 });
    const before = attempted.length;
    if (loadedBefore) {
      await page.evaluate((r) => {
        window.location.hash = r;
      }, route);
    } else {
      await page.goto(`${root}${clicked.api}.html#${route}`, { waitUntil: 'load' });
      await waitForRedoc(page);
    }
    const section = page.locator(`[data-item-kind="httpItem"][data-section-id="${route}"]`);
    await section.locator('h2').first().waitFor({ state: 'visible' });
    await page.locator('[data-testid="color-mode-switcher"]').click();
    await section.getByRole('button', { name: '200' }).first().click();
    await section.getByRole('button', { name: languages.typescript.label, exact: true }).first().click();
    await page.getByRole('menuitem', { name: languages.curl.label, exact: true }).click();
    await expect(section.innerText()).resolves.toContain('curl ');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('valor_cota');
    await page.getByText('Searching...').waitFor({ state: 'hidden' }); // Redoc's own search answers offline too
    await settle(page);
    await screenshot(page, 'file-redoc-interactions');
    await page.keyboard.press('Escape');
    expect(attempted.slice(before)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  test('the search works offline and leads to the Redoc page', async () => {
    const { page, problems } = await takeTab();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${root}index.html`, { waitUntil: 'load' });
    await waitForSearch(page);
    await page.fill('#search', 'valor_cota');
    const link = page.locator('#search-results a.hit-link').first();
    const href = (await link.getAttribute('href')) as string;
    expect(operationsReturning('valor_cota').map(operationHref)).toContain(href);
    await link.click();
    await page.waitForURL((url) => url.href === new URL(href, `${root}index.html`).href);
    await waitForRedoc(page);
    const route = decodeURI(href.slice(href.indexOf('#') + 1));
    await page
      .locator(`[data-item-kind="httpItem"][data-section-id="${route}"] h2`)
      .first()
      .waitFor({ state: 'visible' });
    await settle(page);
    expect(attempted).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
