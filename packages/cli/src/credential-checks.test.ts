// The CLI refuses credentials with stray characters as the clients do: before anything is sent, exit 2 (usage),
// naming the variable to fix and never the secret. Run as users run it: the built bin, as a process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './errors.js';
import { expectExit, runCli } from './test-support/cli.js';

const CLIENT_ID = 'app-client-id';
const CLIENT_SECRET = 'cli-secret-Value-42';

// Any request reaching this server is a failure: nothing may be sent with such credentials.
let server: Server;
let url: string;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function env(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
    FEED_CLIENT_ID: CLIENT_ID,
    FEED_CLIENT_SECRET: CLIENT_SECRET,
    FEED_BASE_URL: url,
    ...overrides,
  };
}

describe('credentials with stray characters', () => {
  it.each([
    [
      'FEED_CLIENT_SECRET',
      'a trailing line break',
      { FEED_CLIENT_SECRET: `${CLIENT_SECRET}\n` },
      /ends with/,
    ],
    ['FEED_CLIENT_SECRET', 'a trailing space', { FEED_CLIENT_SECRET: `${CLIENT_SECRET} ` }, /ends with/],
    ['FEED_CLIENT_SECRET', 'a leading tab', { FEED_CLIENT_SECRET: `\t${CLIENT_SECRET}` }, /starts with/],
    ['FEED_CLIENT_ID', 'a ":" (id:x)', { FEED_CLIENT_ID: 'id:x' }, /holds a ":"/],
    ['FEED_CLIENT_ID', 'a trailing line break', { FEED_CLIENT_ID: `${CLIENT_ID}\n` }, /ends with/],
  ])(
    '%s with %s: exit 2 naming the variable, the secret quoted nowhere, nothing sent',
    async (variable, _, overrides, rule) => {
      received.length = 0;
      const result = expectExit(await runCli(['auth', 'check'], env(overrides)), EXIT.usage);
      expect(result.stderr).toMatch(rule);
      expect(result.stderr).toContain(variable);
      expect(result.stdout + result.stderr).not.toContain(CLIENT_SECRET);
      expect(received).toEqual([]);
    },
  );
});
