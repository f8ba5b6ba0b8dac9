// The site's own pages (all but the Redoc pages), served under a sub-path (/assoc-feed/, as a GitHub project page
// is) by plain static hosting: each loads with no console error, no page error, no failed request and no HTTP
// error; every relative link resolves under the sub-path; each page says what it must, from the specs (never
// hand-counted); an SDK page fits a desktop screen (sdk.test.ts checks a phone's); and the downloads are the
// bundled specs. The pages are loaded one after the other in one tab, at a desktop size (a new tab costs a
// renderer of its own); what a page says is read on the page the tab holds, loaded again when it holds another.
// The Redoc pages get the same load and link checks in reference.test.ts, on the load that file makes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { basisKind, collectInferred, collectSchedules, countByBasis } from './site/extensions.ts';
import { documentTitle, specFiles } from './site/inputs.ts';
import {
  type ConnectedBrowser,
  connectChromium,
  newPage,
  type PageProblems,
  problemsFrom,
  screenshot,
} from './test-support/browser.ts';
import { checkLinks } from './test-support/links.ts';
import { builtDocuments, distDir, operationHref, operationsOf, sitePages } from './test-support/site.ts';
import { settle, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: ConnectedBrowser;
let tab: { page: Page } & PageProblems;
const documents = builtDocuments();
const ownPages = sitePages().filter((file) => !documents.some((d) => file === `${d.api}.html`));
/** Every link each page holds (absolute, as the browser resolved them), gathered while the pages load. */
const linksOf = new Map<string, string[]>();
/** How many search boxes the header of each page holds, counted while the pages load. */
const searchBoxesOf = new Map<string, number>();

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/assoc-feed/' });
  chromium = await connectChromium();
  tab = await newPage(chromium.context);
  await tab.page.setViewportSize(desktop);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const desktop = { width: 1280, height: 900 };

/** Loads the page in the file's tab (the page before it settled); what goes wrong from now on. */
async function open(file: string): Promise<{ page: Page; problems: () => string[] }> {
  const { page } = tab;
  await settle(page);
  const problems = problemsFrom(tab);
  await page.goto(`${server.url}${file}`, { waitUntil: 'load' });
  if (file === 'index.html') await waitForSearch(page);
  return { page, problems };
}

/** The page in the tab (loaded anew when the tab holds another). */
async function loaded(file: string): Promise<Page> {
  return tab.page.url() === `${server.url}${file}` ? tab.page : (await open(file)).page;
}

const searchBoxes = (page: Page) => page.locator('header form.site-search input[name="q"]').count();

/** Text as the reader sees it: code spans lose their backticks. */
const shownText = (markdown: string) => markdown.replace(/`/g, '');

describe("every page of the site's own under /assoc-feed/", () => {
  for (const file of ownPages) {
    test(`${file} loads with no console error and no failed request`, async () => {
      const { page, problems } = await open(file);
      await settle(page);
      // The viewport only: a full-page PNG of a long table is megabytes to encode, seconds of CPU.
      await screenshot(page, `http-${file.replace(/\.html$/, '')}`);
      linksOf.set(
        file,
        await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href)),
      );
      searchBoxesOf.set(file, await searchBoxes(page));
      expect(problems()).toEqual([]);
      expect(page.url()).toBe(`${server.url}${file}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${file} is wider than a ${desktop.width} px screen`).toBeLessThanOrEqual(
        desktop.width + 1,
      );
    });
  }

  test('every page but the landing page has a search box; a query typed there opens the results of the search over the documents and the SDK', async () => {
    const others = ownPages.filter((f) => f !== 'index.html');
    // Counted by the load tests; a page whose load test did not run is loaded here.
    for (const file of others)
      if (!searchBoxesOf.has(file)) searchBoxesOf.set(file, await searchBoxes(await loaded(file)));
    expect(others.filter((file) => searchBoxesOf.get(file) !== 1)).toEqual([]);
    const page = await loaded('sdk-cli.html');
    await page.fill('header form.site-search input[name="q"]', 'valor_cota');
    await page.press('header form.site-search input[name="q"]', 'Enter');
    await page.waitForURL(
      (url) => url.pathname.endsWith('/index.html') && url.searchParams.get('q') === 'valor_cota',
    );
    await waitForSearch(page);
    await expect(page.inputValue('#search')).resolves.toBe('valor_cota');
    const hits = await page
      .locator('#search-results a.hit-link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hits.some((href) => /^(fundos|precos)[\w-]*\.html#/.test(href ?? ''))).toBe(true);
  });

  test('the site is only under the sub-path: the root answers 404', async () => {
    const response = await fetch(new URL('/index.html', server.url));
    expect(response.status).toBe(404);
  });

  test('every relative link of every page resolves under the sub-path', async () => {
    expect([...linksOf.keys()].sort()).toEqual([...ownPages].sort());
    const { targets, broken } = await checkLinks([...linksOf.values()].flat(), server.url);
    expect(targets.length).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });

  test('the downloads are the bundled specs, YAML and JSON, byte for byte', async () => {
    const files = specFiles();
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(documents.flatMap((d) => [`${d.api}.yaml`, `${d.api}.json`])),
    );
    for (const file of files) {
      const response = await fetch(`${server.url}specs/${file.name}`);
      expect(response.status, file.name).toBe(200);
      const body = await response.text();
      expect(body, file.name).toBe(readFileSync(join(distDir, 'specs', file.name), 'utf8'));
      expect(body, file.name).toBe(readFileSync(file.path, 'utf8'));
      if (file.name.endsWith('.json')) expect(JSON.parse(body).openapi).toMatch(/^3\.1\./);
      else expect(body).toMatch(/^openapi: ['"]?3\.1\./m);
    }
  });
});

describe('what the pages say', () => {
  test('the landing page: the service, the three documents, quick start, mock, sandbox, version, downloads', async () => {
    const page = await loaded('index.html');
    const text = await page.locator('main').innerText();
    for (const doc of documents) {
      const link = page.locator(`.card a[href="${doc.api}.html"]`);
      await expect(link.count()).resolves.toBe(1);
      expect(await link.innerText()).toBe(`Document ${doc.number}: ${documentTitle(doc)}`);
      const card = page.locator('.card', { has: page.locator(`h3 a[href="${doc.api}.html"]`) });
      const summary = await card.locator('p').first().innerText();
      expect(summary.length, `one-line summary of ${doc.api}`).toBeGreaterThan(20);
      expect(summary).not.toContain('\n');
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
      'npx assoc-feed-mock',
      'startMock',
      'npx assoc-feed-sandbox',
      'FEED_BASE_URL',
      'FEED_SANDBOX_BASE_URL',
      'are placeholders',
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
    await expect(page.locator('header .version').innerText()).resolves.toBe(`v${version}`);
    await expect(page.locator('a[href="specs/feed.yaml"]').count()).resolves.toBe(1);
  });

  // That such an operation link opens its operation on a fresh load: search.test.ts follows one (a search hit, the
  // same anchor), reference.test.ts opens every operation's anchor on its Redoc page.
  test('the "not shown" page lists every x-inferred of the specs, by document, linked to its operation', async () => {
    const page = await loaded('inferred.html');
    const headings = await page.locator('main h2').allInnerTexts();
    expect(headings).toHaveLength(documents.length);
    for (const [i, doc] of documents.entries()) {
      expect(headings[i]).toContain(`Document ${doc.number}`);
      const expected = collectInferred(doc.api, doc.spec);
      const rows = page.locator(`h2#${doc.api} + table tbody tr`);
      await expect(rows.count()).resolves.toBe(expected.length);
      const choices = await rows.locator('td:nth-child(2)').allTextContents();
      expect(choices).toEqual(expected.map((x) => shownText(x.choice)));
      const bases = await rows.locator('td:nth-child(4)').allInnerTexts();
      expect(bases.map((b) => b.split('\n')[0])).toEqual(expected.map((x) => x.basis));
    }
    const known = new Set(documents.flatMap((doc) => operationsOf(doc).map(operationHref)));
    const operationLinks = await page.$$eval('main td a[href*=".html#/"]', (links) =>
      links.map((a) => a.getAttribute('href')),
    );
    expect(operationLinks.length).toBeGreaterThan(0);
    expect(operationLinks.filter((href) => !known.has(href ?? ''))).toEqual([]);
  });

  test('the "not shown" page filters the choices by basis; the landing page counts them per basis', async () => {
    const all = documents.flatMap((doc) => collectInferred(doc.api, doc.spec));
    const counts = countByBasis(all);
    expect(all.every((x) => /^(document|guess|public clients \(\d+\))$/.test(x.basis))).toBe(true);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    const page = await loaded('inferred.html');
    const visible = () => page.locator('main tr[data-basis]:visible').count();
    await expect(visible()).resolves.toBe(all.length);
    for (const kind of ['document', 'public-clients', 'guess'] as const) {
      await page.locator(`.basis-filter input[value="${kind}"]`).check();
      await expect(visible()).resolves.toBe(counts[kind]);
      const kinds = await page.$$eval('main tr[data-basis]', (trs) =>
        trs
          .filter((tr) => (tr as HTMLElement).offsetParent !== null)
          .map((tr) => tr.getAttribute('data-basis')),
      );
      expect(new Set(kinds)).toEqual(new Set([kind]));
      expect(all.filter((x) => basisKind(x.basis) === kind)).toHaveLength(counts[kind]);
    }
    await page.locator('.basis-filter input[value="all"]').check();
    await expect(visible()).resolves.toBe(all.length);
    const landing = await loaded('index.html');
    const text = await landing.locator('main').innerText();
    expect(text).toContain(
      `${all.length} choices: ${counts.document} on the documents, ${counts['public-clients']} on public clients of the real service, ${counts.guess} guesses`,
    );
  });

  test('the release schedules page has one row per x-release-schedule, with its endpoint, time and zone', async () => {
    const page = await loaded('schedules.html');
    const expected = documents.flatMap((doc) => collectSchedules(doc.api, doc.spec));
    expect(expected.length).toBeGreaterThan(0);
    const rows = await page
      .locator('main tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)),
      );
    expect(rows).toHaveLength(expected.length);
    for (const [i, s] of expected.entries()) {
      const [endpoint = '', frequency, time, rule = ''] = rows[i] ?? [];
      expect(endpoint).toContain(`${s.method} ${s.path}`);
      expect(frequency).toBe(s.frequency);
      expect(time).toBe(s.time ?? '');
      expect(rule).toBe(shownText(s.rule));
    }
    for (const zone of new Set(expected.map((s) => s.timezone).filter(Boolean)))
      expect(await page.locator('main').innerText()).toContain(zone as string);
  });

  test('the changelog page shows the released changelog or "no release yet", and the pending changesets', async () => {
    const page = await loaded('changelog.html');
    const text = await page.locator('main').innerText();
    const pending = readdirSync(new URL('../../../.changeset/', import.meta.url)).filter(
      (f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md',
    );
    expect(/No release yet|Released/.test(text)).toBe(true);
    for (const file of pending) expect(text).toContain(file);
  });
});
