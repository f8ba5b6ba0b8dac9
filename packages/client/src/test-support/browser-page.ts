// Test fixture (excluded from the build): the code of the page that in-the-browser.test.ts bundles with esbuild
// for `platform: 'browser'` and runs in headless Chromium. It uses the client as an application would, with
// the browser's own fetch (none injected), and reports what it saw as plain data for the test to assert on.
// It holds the sandbox's test credentials only because it is a test: real credentials belong on a server.

import { createFeedClient, FeedError, InvalidRequestError } from '../index.js';

export interface BrowserScenarioInput {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  pageSize: number;
}

export interface BrowserScenarioResult {
  /** Codes of every fund paginate() yielded, in order. */
  paginated: string[];
  fund: { status: number; codigo_fundo: string | undefined };
  vna: { status: number; records: number };
  badInput: {
    name: string;
    isInvalidRequest: boolean;
    isFeedError: boolean;
    parameter: string | undefined;
    message: string;
  };
  /** What the page's globals say about where it runs (no Node in a browser). */
  runtime: { hasProcess: boolean; hasBuffer: boolean; userAgent: string };
}

const BAD_CODE = 'F12'; // fails ^[FCS][0-9]{10}$: refused before anything is sent

async function run(input: BrowserScenarioInput): Promise<BrowserScenarioResult> {
  const feed = createFeedClient({
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    baseUrl: input.baseUrl,
    retry: false,
  });

  const paginated: string[] = [];
  for await (const record of feed.fundosV2.paginate('/feed/fundos/v2/fundos', {
    params: { query: { size: input.pageSize } },
  })) {
    paginated.push(record.codigo_fundo);
  }

  const first = paginated[0] ?? 'F0000000001';
  const [fund, vna] = await Promise.all([
    feed.fundosV2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: first } },
    }),
    feed.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/vna'),
  ]);

  let badInput: BrowserScenarioResult['badInput'] = {
    name: 'none',
    isInvalidRequest: false,
    isFeedError: false,
    parameter: undefined,
    message: 'nothing was thrown',
  };
  try {
    await feed.fundosV2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: BAD_CODE } },
    });
  } catch (error) {
    badInput = {
      name: (error as Error).name,
      isInvalidRequest: error instanceof InvalidRequestError,
      isFeedError: error instanceof FeedError,
      parameter: error instanceof InvalidRequestError ? error.parameter : undefined,
      message: String((error as Error).message),
    };
  }

  return {
    paginated,
    fund: { status: fund.response.status, codigo_fundo: fund.data?.codigo_fundo },
    vna: { status: vna.response.status, records: vna.data?.length ?? 0 },
    badInput,
    runtime: {
      hasProcess: 'process' in globalThis,
      hasBuffer: 'Buffer' in globalThis,
      userAgent: navigator.userAgent,
    },
  };
}

// The test calls this through page.evaluate once the bundle has loaded.
(globalThis as { feedScenario?: typeof run }).feedScenario = run;
