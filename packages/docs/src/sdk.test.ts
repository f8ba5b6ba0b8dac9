// The SDK pages as a reader meets them: the overview names the main entry points in its text (not only in code
// samples) and links them; the search index holds the SDK's names, and its results open their sections on an SDK
// page; every exported name of the reports, every option, error code and CLI flag is an entry; no SDK page cites
// a file outside the repository; each page fits a phone's width, with a screenshot (pages.test.ts loads each at a
// desktop width and checks it fits there). One tab for the file, taken from page to page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { parseApiReport } from './site/sdk/api-reference.ts';
import { readCli } from './site/sdk/cli-reference.ts';
import {
  type ConnectedBrowser,
  connectChromium,
  newPage,
  type PageProblems,
  problemsFrom,
  screenshot,
} from './test-support/browser.ts';
import { distDir, sdkPages } from './test-support/site.ts';
import { settle, waitForSearch } from './test-support/wait.ts';

let server: RunningDocsServer;
let chromium: ConnectedBrowser;
let tab: { page: Page } & PageProblems;

beforeAll(async () => {
  server = await startDocsServer({ port: 0, base: '/assoc-feed/' });
  chromium = await connectChromium();
  tab = await newPage(chromium.context);
});

/** The file's tab at this size, the page before settled; what goes wrong from now on. */
async function takeTab(
  viewport = { width: 1280, height: 720 },
): Promise<{ page: Page; problems: () => string[] }> {
  await settle(tab.page);
  await tab.page.setViewportSize(viewport);
  return { page: tab.page, problems: problemsFrom(tab) };
}
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

interface StoredHit {
  kind: string;
  name: string;
  url: string;
}
/** The entries of the built index (dist/assets/search-index.js), as MiniSearch stored them. */
function indexEntries(): StoredHit[] {
  const context: { window: { FEED_SEARCH?: { index: { storedFields: Record<string, StoredHit> } } } } = {
    window: {},
  };
  runInNewContext(readFileSync(join(distDir, 'assets', 'search-index.js'), 'utf8'), context);
  return Object.values(context.window.FEED_SEARCH?.index.storedFields ?? {});
}

const repo = new URL('../../../', import.meta.url);
const entryPoints = [
  'createFeedClient',
  'throwOnError',
  'maxResponseBytes',
  'NotFoundError',
  'RateLimitedError',
  'paginate',
  'onRetry',
  'startSandbox',
  'createSandboxHandlers',
];

describe('the SDK pages', () => {
  test('the overview names the main entry points and every CLI command in its text and links each to an SDK page', async () => {
    const commands = (await readCli()).commands.map((c) => `assoc-feed ${c.name}`);
    expect(commands).toContain('assoc-feed sync');
    const mustName = [...entryPoints, ...commands];
    const { page, problems } = await takeTab();
    await page.goto(`${server.url}sdk.html`, { waitUntil: 'load' });
    const prose = await page.locator('main p, main li').allInnerTexts();
    for (const name of mustName) expect(prose.join('\n'), name).toContain(name);
    const links = await page.$$eval('main a', (as) =>
      as.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
    );
    for (const name of mustName) {
      const link = links.find((l) => l.text === name);
      expect(link?.href, `a link named ${name}`).toMatch(/^sdk-[\w-]+\.html#/);
    }
    // The landing page leads here.
    await page.goto(`${server.url}index.html`, { waitUntil: 'load' });
    await expect(page.locator('main a[href="sdk.html"]').count()).resolves.toBeGreaterThan(0);
    expect(problems()).toEqual([]);
  });

  test('the search index holds every exported name of the reports, every client option, error code and CLI flag, on SDK pages', async () => {
    const entries = indexEntries();
    const sdk = entries.filter((e) => /^sdk[\w-]*\.html/.test(e.url));
    const named = (name: string) => sdk.filter((e) => e.name === name);
    for (const name of ['throwOnError', 'maxResponseBytes', 'RateLimitedError', 'createSandboxHandlers'])
      expect(named(name).length, name).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const dir of ['core', 'client', 'fundos-v2', 'fundos-v1', 'precos-indices', 'mock', 'sandbox']) {
      const report = parseApiReport(readFileSync(new URL(`packages/${dir}/api-report.md`, repo), 'utf8'));
      for (const entry of report.filter((e) => e.kind === 'code' && !e.specifier.includes('/internal'))) {
        for (const item of entry.items) {
          if (item.reexportedFrom || /^v\d+$/.test(item.name) || item.declaration.startsWith('generated'))
            continue;
          if (!named(item.name).length) missing.push(`${entry.specifier} ${item.name}`);
        }
      }
    }
    const core = readFileSync(new URL('packages/core/api-report.md', repo), 'utf8');
    const options = /interface DocumentClientOptions \{([\s\S]*?)\n\}/.exec(core)?.[1] ?? '';
    for (const [, option] of options.matchAll(/^\s+(\w+)\??:/gm))
      if (!sdk.some((e) => e.name === option && e.kind === 'option')) missing.push(`option ${option}`);
    const codes = /type FeedErrorCode = ([^;]+);/.exec(core)?.[1] ?? '';
    for (const [, code] of codes.matchAll(/'(\w+)'/g))
      if (!sdk.some((e) => e.name === code && e.kind === 'error')) missing.push(`error code ${code}`);
    const cli = await readCli();
    for (const command of cli.commands)
      for (const flag of command.flags)
        if (
          !sdk.some(
            (e) =>
              e.name === flag.long && e.kind === 'flag' && e.url.includes(command.name.replace(/ /g, '-')),
          )
        )
          missing.push(`assoc-feed ${command.name} ${flag.long}`);
    expect(options.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  test('searching an option, an error class, 429 and a flag opens its section on an SDK page', async () => {
    const { page, problems } = await takeTab();
    const cases = [
      ['throwOnError', 'sdk-clients.html#option-throwOnError'],
      ['maxResponseBytes', 'sdk-clients.html#option-maxResponseBytes'],
      ['RateLimitedError', 'sdk-clients.html#core.RateLimitedError'],
      ['createSandboxHandlers', 'sdk-sandbox.html#sandbox-msw.createSandboxHandlers'],
      ['rate_limited', 'sdk-clients.html#error-rate_limited'],
    ] as const;
    await page.goto(`${server.url}index.html`, { waitUntil: 'load' });
    await waitForSearch(page);
    for (const [query, href] of cases) {
      await page.fill('#search', query);
      const hrefs = await page
        .locator('#search-results a.hit-link')
        .evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute('href')));
      expect(hrefs, query).toContain(href);
    }
    await page.fill('#search', '429');
    const first429 = await page
      .locator('#search-results a.hit-link')
      .evaluateAll((as) => as.slice(0, 5).map((a) => a.getAttribute('href')));
    expect(first429).toContain('sdk-clients.html#error-rate_limited');
    // Follow one: the page opens at that section.
    await page.fill('#search', 'throwOnError');
    await page.locator('#search-results a.hit-link[href="sdk-clients.html#option-throwOnError"]').click();
    await page.waitForURL((url) => url.hash === '#option-throwOnError');
    const row = page.locator('[id="option-throwOnError"]');
    await expect(row.innerText()).resolves.toContain('throwOnError');
    const box = await row.boundingBox();
    // Scrolled to whole pixels: the row may start a fraction of a pixel above the top.
    expect(box && box.y > -1 && box.y < (page.viewportSize()?.height ?? 0)).toBe(true);
    expect(problems()).toEqual([]);
  });

  test('no SDK page cites a file outside the repository', () => {
    for (const file of sdkPages) {
      const html = readFileSync(join(distDir, file), 'utf8');
      expect(html, file).not.toMatch(/EVIDENCE\.md|\.\.\/shared/);
    }
  });

  test('at 390 px (phone), with screenshots: no page wider than the screen, every table cell within it, no identifier broken across lines', async () => {
    const phone = { width: 390, height: 844 };
    const { page, problems } = await takeTab(phone);
    const wide: string[] = [];
    const outside: string[] = [];
    const broken: string[] = [];
    for (const file of [...sdkPages, 'inferred.html', 'schedules.html']) {
      await page.goto(`${server.url}${file}`, { waitUntil: 'load' });
      await screenshot(page, `phone-${file.replace(/\.html$/, '')}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > phone.width + 1) wide.push(`${file}: ${width} px`);
      const found = await page.evaluate((limit) => {
        const cells = [...document.querySelectorAll('main td')];
        const past = cells
          .filter((td) => td.getBoundingClientRect().right > limit + 1)
          .map((td) => (td.textContent ?? '').slice(0, 40));
        // A code span of one identifier (no space or break point inside) that takes two lines was cut inside.
        const cut = [...document.querySelectorAll('main td code')]
          .filter((c) => /^[\w$.@/-]+$/.test(c.textContent ?? '') && c.getClientRects().length > 1)
          .map((c) => c.textContent ?? '');
        return { past, cut };
      }, phone.width);
      outside.push(...found.past.map((t) => `${file}: ${t}`));
      broken.push(...found.cut.map((t) => `${file}: ${t}`));
    }
    expect(wide).toEqual([]);
    expect(outside).toEqual([]);
    expect(broken).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
