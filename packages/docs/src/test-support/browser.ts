// Test support: Debian's Chromium driven by playwright-core (no browser download), and a page watcher that
// records every console error, page error, failed request and HTTP error answer, and knows which requests are
// still in flight (wait.ts settles a page on it).
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { artifactsDir } from './artifacts.ts';

export { artifactsDir };

/**
 * How long a page may take to load, hydrate or show something before a wait fails (playwright's default: 30 s).
 * A guard against a hang, sized for a busy machine: a Redoc page is 2.7 MB of script.
 */
export const BROWSER_WAIT_MS = 90_000;

export interface ConnectedBrowser {
  browser: Browser;
  /**
   * The file's one browser context. Its pages are navigated from page to page rather than opened anew where a
   * test allows: a page keeps its renderer, which has already compiled Redoc's script, so the next Redoc page
   * hydrates at a fraction of the cost of a fresh one.
   */
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A connection to the run's Chromium (test-support/global-browser.ts starts one for all the files) and a context
 * of this file's own; close() closes the pages and contexts this file opened and disconnects.
 */
export async function connectChromium(): Promise<ConnectedBrowser> {
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  const context = await browser.newContext();
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  return {
    browser,
    context,
    close: () => browser.close(),
  };
}

export interface PageProblems {
  /** Everything that went wrong on the page since it was watched, one line each. */
  problems: string[];
}

interface InFlight {
  requests: Set<Request>;
  /** Called once no request is in flight. */
  waiters: (() => void)[];
}
const inFlight = new WeakMap<Page, InFlight>();

/** Follows the page's requests until they finish or fail (once per page, however often it is watched). */
function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const state: InFlight = { requests: new Set(), waiters: [] };
  inFlight.set(page, state);
  const done = (request: Request) => {
    state.requests.delete(request);
    if (state.requests.size === 0) for (const wake of state.waiters.splice(0)) wake();
  };
  page.on('request', (request) => state.requests.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Resolves once none of the page's requests is in flight; fails (naming them) after BROWSER_WAIT_MS. */
export function requestsDone(page: Page): Promise<void> {
  const state = inFlight.get(page);
  if (!state || state.requests.size === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`requests still in flight: ${[...state.requests].map((r) => r.url()).join(', ')}`)),
      BROWSER_WAIT_MS,
    );
    state.waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function watch(page: Page): PageProblems {
  trackRequests(page);
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

/** A new page in the context, watched. */
export async function newPage(context: BrowserContext): Promise<{ page: Page } & PageProblems> {
  const page = await context.newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  return { page, ...watch(page) };
}

/**
 * What went wrong on a page from now on: for a page that is navigated on to the next page of a test, so that
 * each load is judged on its own (the one before it was settled, so nothing of it is still in flight).
 */
export function problemsFrom(watched: PageProblems): () => string[] {
  const start = watched.problems.length;
  return () => watched.problems.slice(start);
}

/** A PNG under packages/docs/test-artifacts/ (gitignored; turbo keeps it as the test task's output). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage });
}
