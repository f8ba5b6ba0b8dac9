// Sustained load at 50 connections over a mix of operations: zero errors, memory flat.
import type { Row } from '../measure.ts';
import { mb } from './format.ts';
import { autocannon } from './mix.ts';
import { rssMb, type SandboxProcess, token } from './processes.ts';

export async function soakRows(sandbox: SandboxProcess, soakSeconds: number): Promise<Row[]> {
  const headers = { client_id: 'sandbox-client', access_token: await token(sandbox.url) };
  const mix = [
    '/feed/fundos/v2/fundos?page=3&size=100',
    '/feed/fundos/v2/fundos?tipo-fundo=FII&size=50',
    '/feed/fundos/v2/fundos/F0000100007',
    '/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=2026-11-12T00:00:00.000&size=20',
    '/feed/fundos/v1/fundos-estruturados?size=50&classe-assoc=FII&classe-assoc=FIDC',
    '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
    '/feed/precos-indices/v1/titulos-publicos/curvas-juros?data=2026-10-29',
    '/feed/precos-indices/v2/ima-etf/composicao-diaria?etf=IMA_B5_MAIS',
    '/feed/fundos/v2/fundos?page=99999',
  ];
  const samples: number[] = [];
  const rss0 = rssMb(sandbox.child.pid);
  const timer = setInterval(() => {
    const v = rssMb(sandbox.child.pid);
    if (v !== undefined) samples.push(v);
  }, 5000);
  const load = await autocannon({
    url: sandbox.url,
    connections: 50,
    duration: soakSeconds,
    requests: mix.map((path) => ({ method: 'GET', path, headers })),
  });
  clearInterval(timer);
  const rss1 = rssMb(sandbox.child.pid);
  // The last request of the mix answers 404 by design (a page past the last): every answer must be that
  // 404 or a 200, and the 404s no more than that request's share.
  const byStatus = Object.fromEntries(
    Object.entries(load.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  ) as Record<string, number>;
  const ok = byStatus['200'] ?? 0;
  const notFound = byStatus['404'] ?? 0;
  const share404 = Math.ceil(load.requests.total / mix.length) + 50;
  const unexpected =
    load.errors + load.timeouts + (load.requests.total - ok - notFound) + Math.max(0, notFound - share404);
  const statuses = Object.entries(byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return [
    {
      benchmark: `sandbox: ${soakSeconds} s load, 50 connections, mix of ${mix.length} operations`,
      figure: `${load.requests.total} requests, ${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms`,
      reference: `errors ${load.errors}, timeouts ${load.timeouts}; ${statuses} (404 by design: 1 in ${mix.length})`,
      target: 'zero errors',
      ratio: unexpected === 0 ? 'ok' : `${unexpected} unexpected`,
    },
    {
      // The heap grows to its working size in the first seconds; "flat" is judged from there to the end.
      benchmark: `sandbox: RSS over the ${soakSeconds} s load (start → after 10 s → end)`,
      figure: `${mb(rss0)} → ${mb(samples[1])} → ${mb(rss1)} (max ${mb(samples.length ? Math.max(...samples) : undefined)})`,
      target: 'flat after warm-up',
      ratio: samples[1] && rss1 ? `${(rss1 / samples[1]).toFixed(2)}× of the 10 s figure` : '',
    },
  ];
}
