// A service that redirects elsewhere: the command line neither sends the token there nor prints what the other
// host answers, and it exits 1 with a message naming where the redirect pointed.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { expectExit } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

async function serve(handle: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const seen: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('a redirect to another host', () => {
  it('exits 1 naming the target origin; the other host gets nothing, and nothing of it is printed', async () => {
    const other = await serve((_, res) => res.end('{"content":{"from":"the other host"}}'));
    const feed = await serve((req, res) => {
      if (req.url === '/oauth/access-token') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ access_token: 'cli-token', token_type: 'Bearer', expires_in: 3600 }));
      } else res.writeHead(301, { location: `${other.url}${req.url}` }).end();
    });
    const result = await runMain(['get', '/feed/fundos/v2/fundos/F0000254851'], {
      PATH: process.env.PATH,
      XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
      FEED_CLIENT_ID: 'id',
      FEED_CLIENT_SECRET: 'secret',
      FEED_BASE_URL: feed.url,
    });
    expectExit(result, 1);
    expect(result.stderr).toContain(other.url);
    expect(result.stdout).not.toContain('the other host');
    expect(other.seen).toEqual([]);
  });
});
