// `pnpm bench client-memory`: the client's peak memory on an answer far past its size limit, the one figure of the
// former hostile suite that is a measurement (every hostile case is now a test next to the code it targets). A
// service in a child process streams 200 MB to each call; each call is made by a child process of its own (the
// built client, or plain fetch + text() for reference), whose max RSS is read from process.resourceUsage().
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import type { Row } from './measure.ts';

const BIG = 200 * 1024 * 1024;
const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';

// `/F…0001`: a small answer; `/F…0012`: 200 MB of 200; `/F…0016`: 200 MB of 503 (an error body).
const SERVER = `
const http = require('node:http');
const chunk = Buffer.alloc(1024 * 1024, 0x20);
function stream(res, status) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.write('[');
  let sent = 0;
  const pump = () => {
    while (sent < ${BIG}) {
      sent += chunk.length;
      if (!res.write(chunk)) return res.once('drain', pump);
    }
    res.end(']');
  };
  res.on('close', () => { sent = ${BIG} + 1; });
  pump();
}
const server = http.createServer((req, res) => {
  req.resume();
  res.setHeader('content-type', 'application/json');
  if (req.url === '/oauth/access-token')
    return res.end(JSON.stringify({ access_token: 'tok-memory-0123456789', token_type: 'Bearer', expires_in: 3600 }));
  if (req.url.endsWith('0012')) return stream(res, 200);
  if (req.url.endsWith('0016')) return stream(res, 503);
  res.end('{"content":{"codigo_fundo":"F0000000001"}}');
});
server.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + server.address().port + '\\n'));
`;

async function startService(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the service exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(String(chunk).trim()));
  });
  return { url, child };
}

const code = (n: number) => `F${String(n).padStart(10, '0')}`;

/** Max RSS (MB) of a child process that makes one call for fund `n` with the built client (or plain fetch). */
function peakRss(url: string, n: number, rawFetch = false): { rss: number; outcome: string } {
  const entry = `${repoRoot}packages/client/dist/index.js`;
  const script = rawFetch
    ? `const r = await fetch('${url}/feed/fundos/v2/fundos/${code(n)}'); const t = await r.text(); console.log(JSON.stringify({ outcome: 'read ' + t.length + ' chars', rss: process.resourceUsage().maxRSS }));`
    : `const { createFeedClient } = await import(${JSON.stringify(entry)});
       const c = createFeedClient({ clientId: 'x', clientSecret: 'y', baseUrl: '${url}', retry: false });
       let outcome;
       try { const r = await c.fundosV2.GET('${DETAIL}', { params: { path: { codigo_fundo_ou_classe_ou_subclasse: '${code(n)}' } } }); outcome = String(r.response.status); }
       catch (e) { outcome = e.code ?? e.name; }
       console.log(JSON.stringify({ outcome, rss: process.resourceUsage().maxRSS }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const parsed = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as {
    outcome?: string;
    rss?: number;
  };
  return {
    rss: Math.round((parsed.rss ?? 0) / 1024),
    outcome: parsed.outcome ?? `failed: ${result.stderr.slice(0, 200)}`,
  };
}

export async function clientMemoryBench(): Promise<Row[]> {
  const service = await startService();
  try {
    const idle = peakRss(service.url, 1);
    const big = peakRss(service.url, 12);
    const bigError = peakRss(service.url, 16);
    const raw = peakRss(service.url, 12, true);
    return [
      {
        benchmark: 'client: peak RSS on a 200 MB answer, default maxResponseBytes',
        figure: `${big.rss} MB (${big.outcome})`,
        reference: `${idle.rss} MB for a small answer; fetch + text() alone: ${raw.rss} MB`,
        ratio: (big.rss / raw.rss).toFixed(2),
        target: 'bounded by the limit (64 MiB), not by the answer',
      },
      {
        benchmark: 'client: peak RSS on a 200 MB error body (503)',
        figure: `${bigError.rss} MB (${bigError.outcome})`,
        reference: `${idle.rss} MB for a small answer`,
        ratio: (bigError.rss / idle.rss).toFixed(2),
        target: 'bounded by the limit, no copy',
      },
    ];
  } finally {
    service.child.kill();
  }
}
