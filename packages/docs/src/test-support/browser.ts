// Test support: Debian's Chromium driven by playwright-core (no browser download), and a page watcher that
// records every console error, page error, failed request and HTTP error answer.
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { artifactsDir } from './artifacts.ts';

export { artifactsDir };

export interface ConnectedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * A connection to the run's Chromium (test-support/global-browser.ts starts one for all the files); close()
 * closes the pages and contexts this file opened and disconnects.
 */
export async function connectChromium(): Promise<ConnectedBrowser> {
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  return {
    browser,
    close: () => browser.close(),
  };
}

export interface PageProblems {
  /** Everything that went wrong on the page since it was watched, one line each. */
  problems: string[];
}

export function watch(page: Page): PageProblems {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { problems };
}

/**
 * How long a page may take to load, hydrate or show something before a wait fails (playwright's default: 30 s).
 * A guard against a hang, sized for a busy machine: a Redoc page is 2.7 MB of script.
 */
export const BROWSER_WAIT_MS = 90_000;

export async function newPage(context: BrowserContext | Browser): Promise<{ page: Page } & PageProblems> {
  const page = await context.newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  return { page, ...watch(page) };
}

/** A PNG under packages/docs/test-artifacts/ (gitignored; turbo keeps it as the test task's output). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage });
}
