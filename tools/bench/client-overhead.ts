// Client benchmark (b): what the core adds to one call, with an in-memory fetch so nothing but client code runs.
// Reference: openapi-fetch alone, same path, same parameters, same headers, same answer, in the same run. The
// two loops alternate in short batches and each figure is the median batch. Time is this process's CPU time
// (process.cpuUsage), not wall time: on a shared machine the wall clock also counts the time other processes
// held the CPU, which has nothing to do with the client.
import createClient from 'openapi-fetch';
import { type LooseClient, loadFundosV2 } from './client-modules.ts';
import { median, type Row } from './measure.ts';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const params = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000254851' } };
const BODY = JSON.stringify({ content: { codigo_fundo: 'F0000254851', razao_social_fundo: 'AURORA FIF' } });
const TOKEN = { access_token: 'tok-bench-0123456789', token_type: 'Bearer', expires_in: 3600 };

/** The same answer every time, built fresh (a Response body is read once), as a real fetch would. */
async function inMemoryFetch(request: Request): Promise<Response> {
  const body = new URL(request.url).pathname === '/oauth/access-token' ? JSON.stringify(TOKEN) : BODY;
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

export interface OverheadOptions {
  /** Calls per batch (default 1000). */
  calls?: number;
  /** Batches per client, alternating (default 21). */
  rounds?: number;
}

export async function clientOverheadBench(options: OverheadOptions = {}): Promise<Row[]> {
  const calls = options.calls ?? 1000;
  const rounds = options.rounds ?? 21;
  const baseUrl = 'http://127.0.0.1:1';

  const { createFundosV2Client } = await loadFundosV2();
  // Untyped here (tools cannot see the generated paths); the same call as the client makes.
  const plain = createClient({ baseUrl, fetch: inMemoryFetch }) as unknown as LooseClient;
  const headers = { client_id: 'bench-client', access_token: TOKEN.access_token };
  const ours = createFundosV2Client({
    clientId: 'bench-client',
    clientSecret: 'bench-secret',
    baseUrl,
    fetch: inMemoryFetch,
  });

  const runPlain = async () => {
    for (let i = 0; i < calls; i++) {
      const { data } = await plain.GET(DETAIL, { params, headers });
      if (!data) throw new Error('openapi-fetch alone: no data');
    }
  };
  const runOurs = async () => {
    for (let i = 0; i < calls; i++) {
      const { data } = await ours.GET(DETAIL, { params });
      if (!data) throw new Error('createFundosV2Client: no data');
    }
  };
  const time = async (run: () => Promise<void>) => {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls; // µs of CPU per call
  };

  for (let i = 0; i < 3; i++) {
    await runPlain(); // warm-up (JIT, the token)
    await runOurs();
  }
  const plainUs: number[] = [];
  const oursUs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    plainUs.push(await time(runPlain));
    oursUs.push(await time(runOurs));
  }
  const reference = median(plainUs);
  const figure = median(oursUs);
  return [
    {
      benchmark: `client (b): per-call CPU, in-memory fetch, median of ${rounds} batches of ${calls}`,
      figure: `${figure.toFixed(1)} µs (+${(figure - reference).toFixed(1)} µs)`,
      reference: `openapi-fetch alone ${reference.toFixed(1)} µs`,
      ratio: `${(figure / reference).toFixed(2)}×`,
      target: '≤ +10 µs',
    },
  ];
}
