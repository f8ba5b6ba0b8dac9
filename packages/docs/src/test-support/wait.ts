import type { Page } from 'playwright-core';
import { requestsDone } from './browser.ts';

/** A Redoc page is ready when the operation (or tag) behind its hash is rendered. */
export async function waitForRedoc(page: Page): Promise<void> {
  await page.waitForSelector('[data-section-id]', { state: 'attached' });
  await page.waitForLoadState('load');
}

/** The landing page is ready when its search has loaded its index. */
export async function waitForSearch(page: Page): Promise<void> {
  await page.waitForSelector('#search:not([disabled])');
}

/**
 * The longest a page waits for its main thread to go idle when settling: a page that never goes idle (a filtered
 * table, an open search overlay; Chromium then runs no idle callback) is judged after this window, the fixed
 * pause settle used to be.
 */
const IDLE_WAIT_MS = 400;

/**
 * Lets late errors (after load) surface before a page is judged clean: waits until none of its requests is in
 * flight (one that fails is then recorded) and its main thread has gone idle, so the work the load queued ran
 * (bounded by IDLE_WAIT_MS), then for the requests that work started. A quiet page is judged as soon as it is
 * idle. The page must have been watched (browser.ts) for its requests to be followed.
 */
export async function settle(page: Page): Promise<void> {
  await requestsDone(page);
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => resolve(), { timeout });
      }),
    IDLE_WAIT_MS,
  );
  await requestsDone(page);
}
