// Nothing of ours covers what a reader reads, at a desktop width (1280 px) and a phone's (390 px): on a Redoc
// operation the Copy button of the TypeScript sample covers none of its code, and the site's header covers no text
// of the page, at the top or scrolled to an operation. Judged by bounding boxes: every text node's rectangles
// (a Range's client rects) against the control's box. Both widths in one tab, the page loaded anew at each: its
// renderer compiles Redoc's script once.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningDocsServer, startDocsServer } from './server.ts';
import { clientOf } from './site/code-samples.ts';
import {
  type ConnectedBrowser,
  connectChromium,
  newPage,
  type PageProblems,
  problemsFrom,
  screenshot,
} from './test-support/browser.ts';
import { builtDocuments, operationRoute, operationsOf } from './test-support/site.ts';
import { settle, waitForRedoc } from './test-support/wait.ts';

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

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * The text under `cover` (an element's box): each text node inside `within` (default the whole page) but not
 * inside `cover` whose rectangles meet the cover's box, as "text (x,y)". Empty when nothing is covered.
 */
async function coveredText(page: Page, cover: string, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ cover, within }) => {
      const covering = document.querySelector(cover);
      const root = document.querySelector(within);
      if (!covering || !root) return [`no ${covering ? within : cover}`];
      const box = covering.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [`${cover} is not shown`];
      const meets = (r: DOMRect) =>
        r.width > 0 &&
        r.height > 0 &&
        r.left < box.right - 0.5 &&
        r.right > box.left + 0.5 &&
        r.top < box.bottom - 0.5 &&
        r.bottom > box.top + 0.5;
      const found: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || covering.contains(node)) continue;
        const parent = node.parentElement;
        if (!parent || getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (meets(r)) {
            found.push(
              `"${node.textContent.trim().slice(0, 40)}" at (${Math.round(r.x)},${Math.round(r.y)})`,
            );
            break;
          }
        }
      }
      return found;
    },
    { cover, within },
  );
}

const [doc] = builtDocuments();
const op = doc && operationsOf(doc).find((o) => o.method === 'get');

describe('layout: nothing of ours covers text', () => {
  for (const viewport of viewports) {
    test(`${viewport.name} (${viewport.width} px): the Copy button leaves the TypeScript sample readable; the site's header covers no text`, async () => {
      if (!doc || !op) throw new Error('no GET operation in the first document');
      const { page } = tab;
      const problems = problemsFrom(tab);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`${server.url}${doc.api}.html`, { waitUntil: 'load' });
      await waitForRedoc(page);
      await settle(page);
      expect(await coveredText(page, '.site-header'), "the site's header, page top").toEqual([]);

      const route = operationRoute(op);
      await page.evaluate((r) => {
        window.location.hash = r;
      }, route);
      const section = `[data-item-kind="httpItem"][data-section-id="${route}"]`;
      const { factory } = clientOf(doc.api);
      // The sample's code block: the one that holds the client's factory, with its Copy control.
      const block = page
        .locator(`${section} [data-component-name="CodeBlock/CodeBlock"]`)
        .filter({ hasText: factory })
        .first();
      await block.waitFor({ state: 'visible' });
      await block.scrollIntoViewIfNeeded();
      await settle(page);
      await block.evaluate((node) => node.setAttribute('data-under-test', 'sample'));
      const controls = '[data-under-test="sample"] [data-component-name="CodeBlock/CodeBlockControls"]';
      await expect(page.locator(controls).isVisible()).resolves.toBe(true);
      expect(await coveredText(page, controls, '[data-under-test="sample"]'), 'the Copy button').toEqual([]);
      expect(await coveredText(page, '.site-header'), "the site's header, scrolled to an operation").toEqual(
        [],
      );
      await screenshot(page, `layout-operation-${viewport.name}`);
      expect(problems()).toEqual([]);
    });
  }
});
