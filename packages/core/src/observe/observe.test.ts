// What a user can see of the client's work: hooks get each request and answer (token requests included), each
// retry and why, each token renewal and why; a logger gets the same as lines at their levels, FEED_LOG switches a
// stderr logger on. Nothing seen ever holds a secret or a token.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentClientOptions } from '../client/create-document-client.js';
import { ConfigurationError } from '../errors/errors.js';
import { LIST, setupClient } from '../test-support/client.js';
import { CLIENT_ID, CLIENT_SECRET, errorBody, json } from '../test-support/fixtures.js';
import type { Logger, RequestEvent, ResponseEvent, RetryEvent, TokenEvent } from './observe.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Answers 503 to the first feed call, then lets the fake feed answer. */
const onceUnavailable = () => {
  let failed = false;
  return (request: { url: URL }) => {
    if (request.url.pathname !== LIST || failed) return undefined;
    failed = true;
    return json(503, errorBody(503, 'unavailable', 'Try later.'));
  };
};

function recordingLogger() {
  const lines: { level: string; message: string; fields?: object }[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: object): void => {
      lines.push(fields ? { level, message, fields } : { level, message });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

describe('hooks', () => {
  it('see each attempt, the retry and why, and the token request, in order', async () => {
    const seen: string[] = [];
    const retries: RetryEvent[] = [];
    const tokens: TokenEvent[] = [];
    const { client } = setupClient(
      { handler: onceUnavailable() },
      {
        hooks: {
          onRequest: (e: RequestEvent) => seen.push(`→ ${e.method} ${e.path}${e.token ? ' token' : ''}`),
          onResponse: (e: ResponseEvent) => seen.push(`← ${e.status} ${e.path}`),
          onRetry: (e) => retries.push(e),
          onToken: (e) => tokens.push(e),
        },
      },
    );
    await client.GET(LIST, { params: { query: { size: 10 } } });
    expect(seen).toEqual([
      '→ POST /oauth/access-token token',
      '← 200 /oauth/access-token',
      `→ GET ${LIST}?size=10`,
      `← 503 ${LIST}?size=10`,
      `→ GET ${LIST}?size=10`,
      `← 200 ${LIST}?size=10`,
    ]);
    expect(retries).toEqual([
      { method: 'GET', path: `${LIST}?size=10`, retry: 1, maxRetries: 2, delayMs: 250, status: 503 },
    ]);
    expect(tokens).toMatchObject([{ reason: 'first' }]);
  });

  it('see a token renewed after a 401, with that reason', async () => {
    const tokens: TokenEvent[] = [];
    const { client, feed } = setupClient({}, { hooks: { onToken: (e) => tokens.push(e) } });
    await client.GET(LIST);
    feed.rejected.add(feed.issued[0] as string);
    await client.GET(LIST);
    expect(tokens.map((e) => e.reason)).toEqual(['first', 'refused']);
  });

  it('that throw do not fail the call', async () => {
    const { client } = setupClient(
      {},
      {
        hooks: {
          onRequest: () => {
            throw new Error('broken hook');
          },
        },
      },
    );
    expect((await client.GET(LIST)).response.status).toBe(200);
  });
});

describe('logger', () => {
  it.each([
    ['debug', ['debug', 'info', 'debug', 'warn', 'debug']],
    ['info', ['info', 'warn']],
    ['warn', ['warn']],
    ['error', []],
  ] as const)('at %s gets the lines of that level and above', async (logLevel, levels) => {
    const { logger, lines } = recordingLogger();
    const { client } = setupClient({ handler: onceUnavailable() }, { logger, logLevel });
    await client.GET(LIST);
    expect(lines.map((l) => l.level)).toEqual(levels);
  });

  it('writes the request line, status and time, the retry and the token renewal; never a secret or token', async () => {
    const { logger, lines } = recordingLogger();
    const { client, feed } = setupClient({ handler: onceUnavailable() }, { logger, logLevel: 'debug' });
    await client.GET(LIST, { params: { query: { size: 10 } } });
    const text = lines.map((l) => `${l.message} ${JSON.stringify(l.fields)}`).join('\n');
    expect(lines.map((l) => l.message)).toEqual([
      expect.stringMatching(/^assoc-feed POST \/oauth\/access-token \(token\) 200 in \d+ ms$/),
      expect.stringMatching(/^assoc-feed token issued \(first use\), expires \d{4}-\d\d-\d\dT/),
      expect.stringMatching(/^assoc-feed GET \/feed\/fundos\/v2\/fundos\?size=10 503 in \d+ ms$/),
      'assoc-feed retry 1/2 of GET /feed/fundos/v2/fundos?size=10 in 250 ms (after 503)',
      expect.stringMatching(/^assoc-feed GET \/feed\/fundos\/v2\/fundos\?size=10 200 in \d+ ms$/),
    ]);
    for (const secret of [
      CLIENT_SECRET,
      ...feed.issued,
      Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logger: console prints one line per event, with no event object after it', async () => {
    const calls: unknown[][] = [];
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        calls.push(args);
      });
    }
    const { client } = setupClient({ handler: onceUnavailable() }, { logger: console, logLevel: 'debug' });
    await client.GET(LIST);
    expect(calls).toHaveLength(5);
    for (const args of calls) {
      expect(args).toHaveLength(1);
      expect(args[0]).toMatch(/^assoc-feed [^\n]+$/);
    }
  });

  it('FEED_LOG=debug logs to stderr without any option', async () => {
    vi.stubEnv('FEED_LOG', 'debug');
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = setupClient();
    await client.GET(LIST);
    expect(stderr.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('POST /oauth/access-token (token) 200'),
      expect.stringContaining('token issued (first use)'),
      expect.stringContaining(`GET ${LIST} 200`),
    ]);
  });

  it.each([
    ['FEED_LOG=verbose', { env: 'verbose' }, 'FEED_LOG', /debug, info, warn, error or off/],
    ['logLevel: trace', { logLevel: 'trace' }, 'logLevel', /debug, info, warn, error/],
    [
      'a logger without warn',
      { logger: { debug() {}, info() {}, error() {} } },
      'logger',
      /debug, info, warn and error/,
    ],
  ])('refuses %s when the client is made', (_, patch, option, message) => {
    const { env, ...options } = patch as { env?: string } & Partial<DocumentClientOptions>;
    if (env) vi.stubEnv('FEED_LOG', env);
    expect(() => setupClient({}, options)).toThrow(
      expect.objectContaining({ option, message: expect.stringMatching(message) }),
    );
    expect(() => setupClient({}, options)).toThrow(ConfigurationError);
  });
});
