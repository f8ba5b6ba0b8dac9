// Test fixture (excluded from any build): the page in-the-browser.test.ts bundles with esbuild for
// `platform: 'browser'` and runs in headless Chromium. It starts MSW's service worker with the static handlers
// of @assoc-feed/mock/msw on one base URL and the sandbox handlers of @assoc-feed/sandbox/msw on another, and
// calls every operation it is given through the typed clients against both, with the browser's own fetch.
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createFeedHandlers } from '@assoc-feed/mock/msw';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import { createSandboxHandlers } from '@assoc-feed/sandbox/msw';
import { setupWorker } from 'msw/browser';

export interface BrowserCall {
  document: 'fundos-v2' | 'fundos-v1' | 'precos-indices';
  path: string;
  params: { path: Record<string, string>; query: Record<string, string | number> };
}

export interface BrowserInput {
  calls: BrowserCall[];
  funds: number;
  now: number;
  staticBaseUrl: string;
}

export interface BrowserAnswer {
  target: 'static' | 'sandbox';
  document: BrowserCall['document'];
  path: string;
  status: number;
  data: unknown;
}

export interface BrowserResult {
  answers: BrowserAnswer[];
  /** Status of a feed call without the flow A headers, on each. */
  unauthorized: { static: number; sandbox: number };
  runtime: { hasProcess: boolean; hasBuffer: boolean; userAgent: string; controlled: boolean };
}

type LooseGet = (path: string, init: unknown) => Promise<{ data?: unknown; response: Response }>;

async function run(input: BrowserInput): Promise<BrowserResult> {
  const feed = createFeedHandlers({ baseUrl: input.staticBaseUrl });
  const sandbox = createSandboxHandlers({ funds: input.funds, now: () => input.now, entitlements: ['E5'] });
  const worker = setupWorker(...feed.all, ...sandbox.handlers);
  await worker.start({
    quiet: true,
    onUnhandledRequest: 'error',
    serviceWorker: { url: '/mockServiceWorker.js' },
  });

  const answers: BrowserAnswer[] = [];
  for (const [target, baseUrl, clientId, clientSecret] of [
    ['static', input.staticBaseUrl, 'browser-client', 'browser-secret'],
    ['sandbox', sandbox.url, sandbox.clientId, sandbox.clientSecret],
  ] as const) {
    const options = { clientId, clientSecret, baseUrl, retry: false } as const;
    const clients = {
      'fundos-v2': createFundosV2Client(options),
      'fundos-v1': createFundosV1Client(options),
      'precos-indices': createPrecosIndicesClient(options),
    };
    for (const call of input.calls) {
      const get = clients[call.document].GET as unknown as LooseGet;
      const { data, response } = await get(call.path, { params: call.params });
      answers.push({ target, document: call.document, path: call.path, status: response.status, data });
    }
  }
  const unauthorized = {
    static: (await fetch(`${input.staticBaseUrl}/feed/fundos/v2/fundos`)).status,
    sandbox: (await fetch(`${sandbox.url}/feed/fundos/v2/fundos`)).status,
  };
  worker.stop();
  return {
    answers,
    unauthorized,
    runtime: {
      hasProcess: 'process' in globalThis,
      hasBuffer: 'Buffer' in globalThis,
      userAgent: navigator.userAgent,
      controlled: navigator.serviceWorker.controller !== null,
    },
  };
}

// The test calls this through page.evaluate once the bundle has loaded.
(globalThis as { feedHandlersScenario?: typeof run }).feedHandlersScenario = run;
