// The client in a browser: test-support/browser-page.ts bundled by esbuild for `platform: 'browser'` (no Node built-in
// may be reached, and no polyfill is added), loaded into headless Chromium (Debian's, driven by playwright-core;
// tools/ensure-debian-packages.sh installs it) from a page on one 127.0.0.1 port, calling the sandbox on another with
// the browser's own fetch. Cross-origin on purpose: the sandbox answers CORS (`*`, and the preflight for the
// client_id and access_token headers), as a deployment in front of browsers would have to.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type RunningSandbox, startSandbox } from '@assoc-feed/sandbox';
import { build, type Metafile } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserScenarioInput, BrowserScenarioResult } from './test-support/browser-page.js';

const FUNDS = 250;
const PAGE_SIZE = 100;
const E1 = '/feed/fundos/v2/fundos';
const TOKEN_PATH = '/oauth/access-token';

interface SeenRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

let sandbox: RunningSandbox | undefined;
let site: Server | undefined;
let browser: Browser | undefined;
let metafile: Metafile;
let bundleText: string;
let result: BrowserScenarioResult;
const seen: SeenRequest[] = [];
const problems: string[] = [];

/** Serves the page and its bundle from 127.0.0.1 (another origin than the sandbox's). */
async function serveSite(bundle: string): Promise<string> {
  // An inline empty icon: the browser would otherwise ask for /favicon.ico and log its 404 as an error.
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">' +
    '<script type="module" src="/page.js"></script></head><body></body></html>';
  site = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (req.url === '/page.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./test-support/browser-page.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).catch((error: Error) => {
    throw new Error(
      `the client does not bundle for browsers (esbuild, platform=browser, no polyfills): ${error.message}`,
    );
  });
  metafile = bundled.metafile;
  bundleText = bundled.outputFiles[0]?.text ?? '';

  sandbox = await startSandbox({ funds: FUNDS });
  const url = await serveSite(bundleText);
  browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('request', async (r) => {
    const requestUrl = new URL(r.url());
    if (requestUrl.origin === sandbox?.url) {
      seen.push({ method: r.method(), url: requestUrl, headers: await r.allHeaders() });
    }
  });
  await page.goto(url);
  await page.waitForFunction(() => 'feedScenario' in globalThis);
  const input: BrowserScenarioInput = {
    baseUrl: sandbox.url,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    pageSize: PAGE_SIZE,
  };
  result = await page.evaluate(
    (given) =>
      (
        globalThis as unknown as {
          feedScenario: (i: BrowserScenarioInput) => Promise<BrowserScenarioResult>;
        }
      ).feedScenario(given),
    input,
  );
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await sandbox?.stop();
});

const tokenRequests = () => seen.filter((r) => r.url.pathname === TOKEN_PATH);
const feedRequests = () => seen.filter((r) => r.url.pathname !== TOKEN_PATH && r.method !== 'OPTIONS');

describe('@assoc-feed/client in Chromium', () => {
  it('bundles for platform=browser with no Node built-in, and runs where there is no process or Buffer', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((path) => path.startsWith('node:') || !path.includes('/'))).toEqual([]);
    // What a browser application ships: this package, the core, the three document clients, openapi-fetch.
    for (const part of ['core/dist/', 'fundos-v2/dist/', 'precos-indices/dist/', 'openapi-fetch/']) {
      expect(inputs.some((path) => path.includes(part))).toBe(true);
    }
    expect(bundleText).not.toMatch(/\brequire\(/);
    expect(result.runtime).toMatchObject({ hasProcess: false, hasBuffer: false });
    expect(result.runtime.userAgent).toMatch(/HeadlessChrome|Chrome/);
  });

  it('gets one flow A token from the page and sends it with every call', () => {
    expect(tokenRequests().map((r) => r.method)).toEqual(['POST']);
    expect(tokenRequests()[0]?.headers.authorization).toMatch(/^Basic /);
    const tokens = new Set(feedRequests().map((r) => r.headers.access_token));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).toMatch(/.{16,}/);
    expect(feedRequests().every((r) => r.headers.client_id === sandbox?.clientId)).toBe(true);
  });

  it('returns typed data from a call', () => {
    expect(result.fund).toEqual({ status: 200, codigo_fundo: result.paginated[0] });
    expect(result.vna.status).toBe(200);
    expect(result.vna.records).toBeGreaterThan(0);
  });

  it('paginate() yields every fund once, page by page, and stops at the last page', () => {
    expect(result.paginated).toHaveLength(FUNDS);
    expect(new Set(result.paginated).size).toBe(FUNDS);
    const pages = feedRequests().filter((r) => r.url.pathname === E1);
    expect(pages.map((r) => [r.url.searchParams.get('page'), r.url.searchParams.get('size')])).toEqual(
      Array.from({ length: Math.ceil(FUNDS / PAGE_SIZE) }, (_, page) => [String(page), String(PAGE_SIZE)]),
    );
  });

  it('throws InvalidRequestError for a bad fund code, and sends nothing', () => {
    expect(result.badInput).toMatchObject({
      name: 'InvalidRequestError',
      isInvalidRequest: true,
      isFeedError: true,
      parameter: 'codigo_fundo_ou_classe_ou_subclasse',
    });
    expect(result.badInput.message).toContain('codigo_fundo_ou_classe_ou_subclasse');
    expect(seen.filter((r) => r.url.pathname.includes('F12'))).toEqual([]);
    // The token, the pages, the fund and the VNA: nothing else went out.
    expect(feedRequests()).toHaveLength(Math.ceil(FUNDS / PAGE_SIZE) + 2);
  });

  it('logs no console error, page error or failed request', () => {
    expect(problems).toEqual([]);
  });
});
