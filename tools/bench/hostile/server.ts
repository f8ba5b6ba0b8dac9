// The hostile service for the client cases: a child process on loopback with two ports, the service and "another
// origin" that counts what reaches it. The service answers the token request and, per fund code, one hostile
// behaviour. A child process, so that the client's peak memory is measured apart from the server's.
import { type ChildProcess, spawn } from 'node:child_process';
import { BIG } from './support.ts';

const SERVER = `
const http = require('node:http');
const hits = { other: 0, otherWithToken: 0, feed: 0, f503: 0 };
const token = JSON.stringify({ access_token: 'tok-hostile-0123456789', token_type: 'Bearer', expires_in: 3600 });
const BIG = ${BIG};
const chunk = Buffer.alloc(1024 * 1024, 0x20);
function stream(res, status, withLength) {
  const headers = { 'content-type': 'application/json' };
  if (withLength) headers['content-length'] = String(BIG + 2);
  res.writeHead(status, headers);
  res.write('[');
  let sent = 0;
  const pump = () => {
    while (sent < BIG) {
      sent += chunk.length;
      if (!res.write(chunk)) return res.once('drain', pump);
    }
    res.end(']');
  };
  res.on('close', () => { sent = BIG + 1; });
  pump();
}
const other = http.createServer((req, res) => {
  req.resume();
  if (req.url === '/hits') return res.end(JSON.stringify(hits));
  hits.other++;
  if (req.headers.access_token || req.headers.authorization) hits.otherWithToken++;
  res.setHeader('content-type', 'application/json');
  res.end(req.url.endsWith('/token') ? JSON.stringify({ access_token: 'planted', token_type: 'Bearer', expires_in: 3600 }) : '{"content":{"from":"other"}}');
});
other.listen(0, '127.0.0.1', () => {
  const otherUrl = 'http://127.0.0.1:' + other.address().port;
  const feed = http.createServer({ keepAlive: true }, (req, res) => {
    req.resume();
    if (req.url === '/hits') return res.end(JSON.stringify(hits));
    if (req.url === '/oauth/access-token') {
      if (req.headers['x-hostile'] === 'token-redirect') return res.writeHead(302, { location: otherUrl + '/token' }).end();
      res.setHeader('content-type', 'application/json');
      return res.end(token);
    }
    hits.feed++;
    const code = /F(\\d{10})/.exec(req.url || '');
    const n = code ? Number(code[1]) : 0;
    if (n >= 301 && n <= 308) return res.writeHead(n, { location: otherUrl + req.url }).end();
    if (n === 10) return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
    if (n === 11) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"content":{"codig');
      return setTimeout(() => res.socket.destroy(), 2);
    }
    if (n === 12) return stream(res, 200, false);
    if (n === 13) return stream(res, 200, true);
    if (n === 14) { hits.f503++; return res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":503,"error":"down","message":"Down."}'); }
    if (n === 15) return res.writeHead(503, { 'retry-after': '-5' }).end();
    if (n === 16) return stream(res, 503, false);
    res.setHeader('content-type', 'application/json');
    res.end('{"content":{"codigo_fundo":"F' + String(n).padStart(10, '0') + '"}}');
  });
  feed.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + feed.address().port + ' ' + otherUrl + '\\n'));
});
`;

export async function startHostile(): Promise<{ url: string; other: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`hostile server exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(String(chunk).trim()));
  });
  const [url, other] = line.split(' ') as [string, string];
  return { url, other, child };
}

export type Hits = { other: number; otherWithToken: number; feed: number; f503: number };
export const hitsOf = async (url: string) => (await (await fetch(`${url}/hits`)).json()) as Hits;
