// The landing page's search: it finds a response field by name and leads to the operation that returns it,
// and it finds every operation of the three documents by operationId, by summary and by method + path.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { type LaunchedBrowser, launchChromium, newPage, screenshot } from './test-support/browser.ts';
import {
  builtDocuments,
  operationHref,
  operationRoute,
  operationsOf,
  operationsReturning,
} from './test-support/site.ts';
import { settle, waitForRedoc, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: LaunchedBrowser;
let browser: Browser;

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/feed-docs/' });
  chromium = await launchChromium();
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function landing(query = ''): Promise<{ page: Page; problems: string[] }> {
  const opened = await newPage(browser);
  await opened.page.goto(`${server.url}index.html${query}`, { waitUntil: 'load' });
  await waitForSearch(opened.page);
  return opened;
}

describe('search from the landing page', () => {
  test('finds the field valor_cota and leads to an operation that returns it', async () => {
    const returning = operationsReturning('valor_cota');
    expect(returning.length).toBeGreaterThan(0);
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
    await page.waitForURL((url) => url.pathname.endsWith(`/feed-docs/${op?.api}.html`));
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
    expect(problems).toEqual([]);
    await page.close();
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
    const { page, problems } = await landing();
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
    expect(problems).toEqual([]);
    await page.close();
  });

  test('finds a parameter, says when nothing matches, and takes a query from the URL (?q=)', async () => {
    const { page, problems } = await landing('?q=data-atualizacao');
    await expect(page.inputValue('#search')).resolves.toBe('data-atualizacao');
    const first = page.locator('#search-results > li').first();
    await expect(first.locator('.hit-link').innerText()).resolves.toBe('data-atualizacao');
    await expect(first.locator('.hit-kind').innerText()).resolves.toBe('PARAMETER');
    await page.fill('#search', 'zzzzqqqq');
    await expect(page.locator('#search-status').innerText()).resolves.toContain('No result');
    expect(problems).toEqual([]);
    await page.close();
  });
});
