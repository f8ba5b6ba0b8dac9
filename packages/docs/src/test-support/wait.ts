import type { Page } from 'playwright-core';

/** A Redoc page is ready when the operation (or tag) behind its hash is rendered. */
export async function waitForRedoc(page: Page): Promise<void> {
  await page.waitForSelector('[data-section-id]', { state: 'attached' });
  await page.waitForLoadState('load');
}

/** The landing page is ready when its search has loaded its index. */
export async function waitForSearch(page: Page): Promise<void> {
  await page.waitForSelector('#search:not([disabled])');
}

/** Lets late errors (after load) surface before a page is judged clean. */
export function settle(page: Page, ms = 400): Promise<void> {
  return page.waitForTimeout(ms);
}
