// Every page of the site, served under a sub-path (/feed-docs/) as static hosting would: it loads with no
// console error, no page error, no failed request and no HTTP error; every relative link resolves under the
// sub-path; and each page says what it must.
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectSchedules } from '../../../tools/docs/extensions.ts';
import { documentTitle } from '../../../tools/docs/inputs.ts';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { type LaunchedBrowser, launchChromium, newPage, screenshot } from './test-support/browser.ts';
import { builtDocuments, operationHref, operationsOf, sitePages } from './test-support/site.ts';
import { settle, waitForRedoc, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: LaunchedBrowser;
let browser: Browser;
const documents = builtDocuments();

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/feed-docs/' });
  chromium = await launchChromium();
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function open(file: string): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(browser);
  await page.goto(`${server.url}${file}`, { waitUntil: 'load' });
  if (file === 'index.html') await waitForSearch(page);
  else if (documents.some((d) => file === `${d.api}.html`)) await waitForRedoc(page);
  await settle(page);
  return { page, problems };
}

describe('every page under /feed-docs/', () => {
  for (const file of sitePages()) {
    test(`${file} loads with no console error and no failed request`, async () => {
      const { page, problems } = await open(file);
      await screenshot(
        page,
        `http-${file.replace(/\.html$/, '')}`,
        !documents.some((d) => file === `${d.api}.html`),
      );
      expect(problems).toEqual([]);
      expect(page.url()).toBe(`${server.url}${file}`);
      await page.close();
    });
  }

  test('the site is only under the sub-path: the root answers 404', async () => {
    const response = await fetch(new URL('/index.html', server.url));
    expect(response.status).toBe(404);
  });

  test('every relative link of every page resolves under the sub-path', async () => {
    const targets = new Set<string>();
    for (const file of sitePages()) {
      const { page } = await open(file);
      const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== new URL(server.url).origin) continue; // external (the API host, redocly.com)
        url.hash = '';
        targets.add(url.href);
      }
      await page.close();
    }
    expect(targets.size).toBeGreaterThan(10);
    const broken: string[] = [];
    for (const target of targets) {
      if (!target.startsWith(server.url)) broken.push(`${target} (outside the sub-path)`);
      const response = await fetch(target);
      if (response.status !== 200) broken.push(`${target}: ${response.status}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('what the pages say', () => {
  test('the landing page: the service, the three documents, quick start, mock, sandbox, version, downloads', async () => {
    const { page } = await open('index.html');
    const text = await page.locator('main').innerText();
    for (const doc of documents) {
      const link = page.locator(`.card a[href="${doc.api}.html"]`);
      await expect(link.count()).resolves.toBe(1);
      expect(await link.innerText()).toBe(`Document ${doc.number}: ${documentTitle(doc)}`);
      for (const ext of ['json', 'yaml'])
        await expect(page.locator(`a[href="specs/${doc.api}.${ext}"]`).count()).resolves.toBeGreaterThan(0);
    }
    for (const words of [
      'read-only',
      'Quick start',
      'npm install @assoc-feed/fundos-v2',
      'createFundosV2Client',
      'client.GET(',
      'client.paginate(',
      'pnpm mock',
      'startMock',
      'pnpm sandbox',
      'startSandbox',
      'http://127.0.0.1:4011',
      'sandbox-client',
      'sandbox-secret',
      'access_token',
      'client_id',
    ]) {
      expect(text).toContain(words);
    }
    const version = JSON.parse(
      readFileSync(new URL('../../specs/package.json', import.meta.url), 'utf8'),
    ).version;
    expect(text).toContain(version);
    await expect(page.locator('a[href="specs/feed.yaml"]').count()).resolves.toBe(1);
    await page.close();
  });

  test('the "not shown" page groups the choices by document and links operations to their Redoc anchor', async () => {
    const { page } = await open('inferred.html');
    const headings = await page.locator('main h2').allInnerTexts();
    expect(headings).toHaveLength(documents.length);
    for (const [i, doc] of documents.entries()) expect(headings[i]).toContain(`Document ${doc.number}`);
    const known = new Set(documents.flatMap((doc) => operationsOf(doc).map(operationHref)));
    const operationLinks = await page.$$eval('main td a[href*=".html#/"]', (links) =>
      links.map((a) => a.getAttribute('href')),
    );
    expect(operationLinks.length).toBeGreaterThan(0);
    expect(operationLinks.filter((href) => !known.has(href ?? ''))).toEqual([]);
    // Follow one: the Redoc page opens on that operation.
    const first = page.locator('main td a[href*=".html#/"]').first();
    const href = (await first.getAttribute('href')) as string;
    await first.click();
    await page.waitForURL((url) => url.href.endsWith(href));
    await waitForRedoc(page);
    const route = decodeURI(href.slice(href.indexOf('#') + 1));
    await expect(page.locator(`[data-section-id="${route}"] h2`).first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  test('the release schedules page lists every x-release-schedule of the specs', async () => {
    const { page } = await open('schedules.html');
    const expected = documents.flatMap((doc) => collectSchedules(doc.api, doc.spec));
    await expect(page.locator('main tbody tr').count()).resolves.toBe(Math.max(expected.length, 1));
    await page.close();
  });

  test('the changelog page shows the released changelog or "no release yet", and the pending changesets', async () => {
    const { page } = await open('changelog.html');
    const text = await page.locator('main').innerText();
    const pending = readdirSync(new URL('../../../.changeset/', import.meta.url)).filter(
      (f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md',
    );
    expect(/No release yet|Released/.test(text)).toBe(true);
    for (const file of pending) expect(text).toContain(file);
    await page.close();
  });
});
