// Vitest global setup: one Chromium for the whole run, shared by every test file through its WebSocket endpoint
// (browser.ts connects; each file opens its own pages and contexts). A Chromium start costs about as much CPU as
// hydrating a Redoc page, and the files run one after another anyway.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/**
 * Chromium's headless shell as this machine runs it: PLAYWRIGHT_CHROMIUM_PATH or /usr/bin/chromium-headless-shell
 * (Debian's build of the shell Playwright itself runs for headless: the same Blink and V8 as the full browser, without
 * its window, tabs and GPU process, so a page costs less to load), no background traffic. playwright-core gives the browser a new empty profile (--user-data-dir in a fresh temp folder,
 * removed on close; it refuses the flag from us), and every page a test opens a context of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
