// Request-handler benchmarks:
// - per-call CPU of a client call answered by a generated MSW handler (@assoc-feed/mock/msw), against the same
//   client over an in-memory fetch, in the same run; twice: through MSW's Node interception of the global fetch
//   (setupServer, what a test suite does) and through MSW's getResponse() given to the client as its fetch;
// - the sandbox as handlers (@assoc-feed/sandbox/msw) ready to answer, against Prism's start (startMock()).
// Time per call is this process's CPU time (process.cpuUsage), medians of alternating batches, as client-overhead.

import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { loadFundosV2 } from './client-modules.ts';
import { loadMock } from './load-mock.ts';
import { median, type Row } from './measure.ts';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const params = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000254851' } };
const BASE_URL = 'https://bench.handlers.test';

interface MswModule {
  getResponse: (handlers: unknown[], request: Request) => Promise<Response | undefined>;
}
interface MswNodeModule {
  setupServer: (...handlers: unknown[]) => { listen: (o?: object) => void; close: () => void };
}
interface FeedHandlersModule {
  createFeedHandlers: (o: { baseUrl: string }) => { all: unknown[] };
}
interface SandboxHandlersModule {
  createSandboxHandlers: (o?: object) => { handlers: unknown[] };
}

const load = async <T>(path: string) => (await import(`${repoRoot}${path}`)) as T;

export async function handlersBench(options: { calls?: number; rounds?: number } = {}): Promise<Row[]> {
  const calls = options.calls ?? 500;
  const rounds = options.rounds ?? 11;
  const { createFundosV2Client } = await loadFundosV2();
  const { createFeedHandlers } = await load<FeedHandlersModule>('packages/mock/dist/msw.js');
  const { getResponse } = (await import('msw')) as unknown as MswModule;
  const { setupServer } = (await import('msw/node')) as unknown as MswNodeModule;
  const feed = createFeedHandlers({ baseUrl: BASE_URL });

  // The reference answers what the handler answers (the spec's example), so both clients parse the same body.
  const example = await (
    await getResponse(
      feed.all,
      new Request(`${BASE_URL}/feed/fundos/v2/fundos/F0000254851`, {
        headers: { client_id: 'c', access_token: 't' },
      }),
    )
  )?.text();
  const token = JSON.stringify({
    access_token: 'tok-bench-0123456789',
    token_type: 'Bearer',
    expires_in: 3600,
  });
  const inMemory = async (request: Request) =>
    new Response(new URL(request.url).pathname === '/oauth/access-token' ? token : example, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const viaGetResponse = async (request: Request) =>
    (await getResponse(feed.all, request)) ?? new Response('unhandled', { status: 599 });
  const credentials = { clientId: 'bench-client', clientSecret: 'bench-secret', baseUrl: BASE_URL };
  const reference = createFundosV2Client({ ...credentials, fetch: inMemory });
  const direct = createFundosV2Client({ ...credentials, fetch: viaGetResponse });
  const intercepted = createFundosV2Client(credentials); // the global fetch, which setupServer intercepts

  const loop = (client: typeof reference) => async () => {
    for (let i = 0; i < calls; i++) {
      const { data } = await client.GET(DETAIL, { params });
      if (!data) throw new Error('no data');
    }
  };
  const time = async (run: () => Promise<void>) => {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls;
  };
  const server = setupServer(...feed.all);
  server.listen({ onUnhandledRequest: 'error' });
  const runs = { reference: loop(reference), direct: loop(direct), intercepted: loop(intercepted) };
  const us: Record<keyof typeof runs, number[]> = { reference: [], direct: [], intercepted: [] };
  try {
    for (const run of Object.values(runs)) await run(); // warm-up: JIT, the token
    for (let r = 0; r < rounds; r++)
      for (const [name, run] of Object.entries(runs)) us[name as keyof typeof runs].push(await time(run));
  } finally {
    server.close();
  }
  const ref = median(us.reference);
  const row = (label: string, values: number[]): Row => {
    const figure = median(values);
    return {
      benchmark: `handlers: per-call CPU, ${label}, median of ${rounds} batches of ${calls}`,
      figure: `${figure.toFixed(1)} µs`,
      reference: `client over an in-memory fetch ${ref.toFixed(1)} µs`,
      ratio: `${(figure / ref).toFixed(2)}×`,
      target: '≤ 2×',
    };
  };

  // Ready: the sandbox as handlers (module loaded, then created: seeded world, tokens, pipeline) vs Prism.
  const importStart = performance.now();
  const { createSandboxHandlers } = await load<SandboxHandlersModule>('packages/sandbox/dist/msw.js');
  const importMs = performance.now() - importStart;
  const readyMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const sandbox = createSandboxHandlers();
    readyMs.push(performance.now() - start);
    if (sandbox.handlers.length === 0) throw new Error('no sandbox handlers');
  }
  const { startMock } = await loadMock();
  const prismStart = performance.now();
  const mock = await startMock();
  const prismMs = performance.now() - prismStart;
  await mock.stop();
  const [first = 0, ...again] = readyMs;
  const ready = median(again);
  return [
    row('client → MSW handler via getResponse() as its fetch', us.direct),
    row('client → global fetch intercepted by setupServer → handler', us.intercepted),
    {
      benchmark: 'sandbox as handlers: createSandboxHandlers() ready (7,231 funds), median of the 2nd to 5th',
      figure: `${ready.toFixed(1)} ms`,
      reference: `Prism's start (startMock) ${prismMs.toFixed(0)} ms`,
      ratio: `${(ready / prismMs).toFixed(3)}×`,
      target: '≤ 50 ms',
    },
    {
      benchmark: "sandbox as handlers: the first in a process (the spec read once) and the module's load",
      figure: `${first.toFixed(1)} ms + ${importMs.toFixed(0)} ms load`,
      reference: `Prism's start (startMock) ${prismMs.toFixed(0)} ms`,
      ratio: `${((first + importMs) / prismMs).toFixed(3)}×`,
    },
  ];
}
