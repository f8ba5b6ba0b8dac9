// The request handlers in a browser: test-support/browser-page.ts bundled by esbuild for `platform: 'browser'`
// (the build fails on any Node built-in: nothing is polyfilled or marked external), served with MSW's service
// worker from 127.0.0.1, and run in headless Chromium (Debian's, through playwright-core;
// tools/ensure-debian-packages.sh installs it). Every feed operation goes through its typed client against the
// static handlers of @assoc-feed/mock/msw and against the sandbox as handlers (@assoc-feed/sandbox/msw).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { build, type Metafile, type Plugin } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsFor, documents, NOW, paramsFor, sampleCodes, validateBody } from './harness.js';
import type { BrowserCall, BrowserInput, BrowserResult } from './test-support/browser-page.js';

const require = createRequire(import.meta.url);
const FUNDS = 300;
const STATIC_BASE_URL = 'https://feed.handlers.test';

/** Fails the build on any Node built-in, instead of letting esbuild mark it external. */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(b) {
    b.onResolve(
      {
        filter:
          /^node:|^(fs|path|crypto|http|https|net|os|stream|url|util|module|child_process|zlib|buffer|events|timers)(\/.*)?$/,
      },
      (args) => ({
        errors: [
          {
            text: `${args.path} is a Node built-in, imported by ${args.importer}: the browser entry must not reach it`,
          },
        ],
      }),
    );
  },
};

let site: Server | undefined;
let browser: Browser | undefined;
let metafile: Metafile;
let calls: BrowserCall[];
let result: BrowserResult;
const problems: string[] = [];

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
    plugins: [noNodeBuiltins],
  });
  metafile = bundled.metafile;
  const bundle = bundled.outputFiles[0]?.text ?? '';
  const serviceWorker = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');

  // The operations and valid parameters, from sample codes of the same seeded universe the page builds.
  const inProcess = createInProcessSandbox({ funds: FUNDS, now: () => NOW, entitlements: ['E5'] });
  const codes = await sampleCodes(
    clientsFor({ ...inProcess, url: inProcess.url }, { fetch: inProcess.fetch }),
  );
  calls = documents.flatMap(({ name, meta }) =>
    Object.values(meta.operations)
      .filter((op) => op.method === 'get' && op.auth === 'flowA')
      .map((op) => ({ document: name, path: op.path, params: paramsFor(op, codes) })),
  );

  const html =
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">' +
    '<script type="module" src="/page.js"></script></head><body></body></html>';
  site = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (req.url === '/page.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    else if (req.url === '/mockServiceWorker.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(serviceWorker);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

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
  await page.goto(url);
  await page.waitForFunction(() => 'feedHandlersScenario' in globalThis);
  const input: BrowserInput = { calls, funds: FUNDS, now: NOW, staticBaseUrl: STATIC_BASE_URL };
  result = await page.evaluate(
    (given) =>
      (
        globalThis as unknown as { feedHandlersScenario: (i: BrowserInput) => Promise<BrowserResult> }
      ).feedHandlersScenario(given),
    input,
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
});

describe('the request handlers in Chromium', () => {
  it('bundle for platform=browser with no Node built-in, and run where there is no process or Buffer', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((path) => path.startsWith('node:'))).toEqual([]);
    for (const part of ['mock/dist/msw', 'sandbox/dist/msw', 'specs/dist/feed.json', 'msw/lib/']) {
      expect(inputs.some((path) => path.includes(part))).toBe(true);
    }
    expect(result.runtime).toMatchObject({ hasProcess: false, hasBuffer: false, controlled: true });
    expect(result.runtime.userAgent).toMatch(/HeadlessChrome|Chrome/);
  });

  it('every feed operation of the three documents, on both', () => {
    expect(calls.length).toBeGreaterThanOrEqual(55);
    expect(result.answers).toHaveLength(calls.length * 2);
  });

  it.each(['static', 'sandbox'] as const)('%s: every answer is 200 and valid against the spec', (target) => {
    const failures = result.answers
      .filter((a) => a.target === target)
      .map((a) => ({
        path: a.path,
        status: a.status,
        problems: a.status === 200 ? validateBody('get', a.path, 200, a.data) : [],
      }))
      .filter((f) => f.status !== 200 || f.problems.length > 0);
    expect(failures).toEqual([]);
  });

  it('401 without the flow A headers, on both', () => {
    expect(result.unauthorized).toEqual({ static: 401, sandbox: 401 });
  });

  it('logs no console error or page error but the two 401s it asked for', () => {
    // Chromium logs every non-2xx answer as "Failed to load resource"; the two 401 calls above are on purpose.
    const asked = problems.filter((p) => /Failed to load resource: .* 401 /.test(p));
    expect(asked).toHaveLength(2);
    expect(problems.filter((p) => !asked.includes(p))).toEqual([]);
  });
});
