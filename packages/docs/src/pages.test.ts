// Every page of the site, served under a sub-path (/assoc-feed/, as a GitHub project page is) by plain static
// hosting: it loads with no console error, no page error, no failed request and no HTTP error; every relative
// link resolves under the sub-path; each page says what it must, from the specs (never hand-counted); and the
// downloads are the bundled specs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { basisKind, collectInferred, collectSchedules, countByBasis } from './build/extensions.ts';
import { documentTitle, specFiles } from './build/inputs.ts';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { type ConnectedBrowser, connectChromium, newPage, screenshot } from './test-support/browser.ts';
import { builtDocuments, distDir, operationHref, operationsOf, sitePages } from './test-support/site.ts';
import { settle, waitForRedoc, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: ConnectedBrowser;
let browser: Browser;
const documents = builtDocuments();
const isReference = (file: string) => documents.some((d) => file === `${d.api}.html`);
/** Every link each page holds (absolute, as the browser resolved them), gathered while the pages load. */
const linksOf = new Map<string, string[]>();

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/assoc-feed/' });
  chromium = await connectChromium();
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
  else if (isReference(file)) await waitForRedoc(page);
  return { page, problems };
}

/** Text as the reader sees it: code spans lose their backticks. */
const shownText = (markdown: string) => markdown.replace(/`/g, '');

describe('every page under /assoc-feed/', () => {
  for (const file of sitePages()) {
    test(`${file} loads with no console error and no failed request`, async () => {
      const { page, problems } = await open(file);
      await settle(page);
      await screenshot(page, `http-${file.replace(/\.html$/, '')}`, !isReference(file));
      linksOf.set(
        file,
        await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href)),
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
    expect([...linksOf.keys()].sort()).toEqual([...sitePages()].sort());
    const targets = new Set<string>();
    for (const href of [...linksOf.values()].flat()) {
      const url = new URL(href);
      if (url.origin !== new URL(server.url).origin) continue; // external (the API host, redocly.com)
      url.hash = '';
      targets.add(url.href);
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
    const { page } = await open('index.html');
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
    await page.close();
  });

  test('the "not shown" page lists every x-inferred of the specs, by document, linked to its operation', async () => {
    const { page } = await open('inferred.html');
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

  test('the "not shown" page filters the choices by basis; the landing page counts them per basis', async () => {
    const all = documents.flatMap((doc) => collectInferred(doc.api, doc.spec));
    const counts = countByBasis(all);
    expect(all.every((x) => /^(document|guess|public clients \(\d+\))$/.test(x.basis))).toBe(true);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    const { page } = await open('inferred.html');
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
    await page.close();
    const landing = await open('index.html');
    const text = await landing.page.locator('main').innerText();
    expect(text).toContain(
      `${all.length} choices: ${counts.document} on the documents, ${counts['public-clients']} on public clients of the real service, ${counts.guess} guesses`,
    );
    await landing.page.close();
  });

  test('the release schedules page has one row per x-release-schedule, with its endpoint, time and zone', async () => {
    const { page } = await open('schedules.html');
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
