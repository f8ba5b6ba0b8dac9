// A service (or a proxy) that answers 200 with no body where the spec promises JSON: that is no answer, so the
// command exits 1 with the client's ResponseParseError, and prints nothing on stdout (it printed `undefined`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { expectExit } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

async function emptyFeed(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    if (req.url === '/oauth/access-token') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ access_token: 'cli-token', token_type: 'Bearer', expires_in: 3600 }));
    } else res.writeHead(200, { 'content-type': 'application/json' }).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('an empty 200 body', () => {
  it('get: exits 1 with the parse error, nothing on stdout', async () => {
    const result = await runMain(['get', '/feed/fundos/v2/fundos/F0000254851'], {
      PATH: process.env.PATH,
      XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
      FEED_CLIENT_ID: 'id',
      FEED_CLIENT_SECRET: 'secret',
      FEED_BASE_URL: await emptyFeed(),
    });
    expectExit(result, 1);
    expect(result.stderr).toContain('empty body');
    expect(result.stdout).toBe('');
  });
});
