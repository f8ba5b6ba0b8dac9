// Every way reading an answer can fail is a FeedError with its own code; a body cut short is retried; the size
// of what is read is bounded while it streams in; and the deadline covers reading and parsing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedError, ResponseParseError, ResponseTooLargeError } from '../errors/errors.js';
import { DETAIL, ONE_FUND, setupClient } from '../test-support/client.js';
import { useFakeClock, useRealClock } from '../test-support/clock.js';
import type { FakeFeedOptions } from '../test-support/fixtures.js';

/** Feed calls get `answer`; the token route stays the fake's own. */
const feedOnly = (answer: () => Response): FakeFeedOptions => ({
  handler: (req) => (req.url.pathname.startsWith('/feed/') ? answer() : undefined),
});

/** A body of `chunks` chunks of `size` bytes of JSON-ish text, counting what was pulled from it. */
function countedStream(chunks: number, size: number) {
  const pulled = { chunks: 0 };
  const chunk = new TextEncoder().encode('x'.repeat(size));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.chunks === chunks) return controller.close();
      pulled.chunks++;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

async function failure(call: Promise<unknown>): Promise<FeedError> {
  const error = await call.then(
    (value) => new Error(`expected a rejection, got ${JSON.stringify(value).slice(0, 200)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof FeedError)) throw error;
  return error;
}

const servers: Server[] = [];
afterEach(async () => {
  useRealClock();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('answers that are not what they claim', () => {
  it('a 200 whose body is not JSON is a FeedError with code invalid_response, not a bare SyntaxError', async () => {
    const { getOne } = setupClient(
      feedOnly(() => new Response('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } })),
    );
    const error = await failure(getOne());
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
    expect(error.message).toContain('not JSON');
  });

  it.each([
    ['a bare word', 'xshorttok123'],
    ['a word inside an object', '{"a": xshorttok123}'],
    ['a word after a whole value', '[1] xshorttok123'],
    ['a control character in a string', '{"a": "xshorttok123\u0001"}'],
  ])(
    'a 2xx body that is not JSON (%s): neither message nor cause quotes it, in any rendering',
    async (_, body) => {
      const { getOne } = setupClient(
        feedOnly(() => new Response(body, { headers: { 'content-type': 'application/json' } })),
      );
      const error = await failure(getOne());
      expect(error.code).toBe('invalid_response');
      expect(error.cause).toBeInstanceOf(SyntaxError);
      for (const text of [
        error.message,
        String(error.stack),
        JSON.stringify(error),
        inspect(error, { depth: 10, showHidden: true }),
      ]) {
        expect(text).not.toContain('shorttok');
      }
    },
  );

  it.each([
    ['throwOnError', true, {}],
    ['the default mode', false, {}],
    ['Content-Length 0', true, { 'content-length': '0' }],
  ])(
    'an empty 200 body where the operation promises JSON is a ResponseParseError (%s)',
    async (_, throwOnError, headers) => {
      const { getOne } = setupClient(
        feedOnly(() => new Response('', { headers: { 'content-type': 'application/json', ...headers } })),
        { throwOnError },
      );
      const error = await failure(getOne());
      expect(error).toBeInstanceOf(ResponseParseError);
      expect(error).toMatchObject({ code: 'invalid_response', status: 200, method: 'GET' });
      expect(error.message).toContain('empty');
    },
  );

  it("an empty 200 body read with parseAs: 'text' is the empty text it is", async () => {
    const { client } = setupClient(feedOnly(() => new Response('')));
    const result = await client.GET(DETAIL, {
      params: ONE_FUND,
      parseAs: 'text',
    });
    expect(result.data).toBe('');
  });

  it('a body cut short is retried like a network error, then fails with code response_truncated', async () => {
    // A real server that promises 1000 bytes, sends 20 and hangs up: what undici calls "terminated".
    let requests = 0;
    const server = createServer((req, res) => {
      req.resume();
      if (req.url === '/oauth/access-token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      requests++;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"content":{"codig');
      setTimeout(() => res.socket?.destroy(), 5);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // The real fetch over a real socket: the fake feed cannot reset a connection mid-body.
    const { getOne } = setupClient(
      {},
      { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fetch: undefined },
    );
    const error = await failure(getOne());
    expect(error.code).toBe('response_truncated');
    expect(requests).toBe(3); // the first attempt and two retries
  });

  it('a body cut short once, then whole, succeeds on the retry', async () => {
    let n = 0;
    const { getOne } = setupClient(
      feedOnly(() => {
        if (n++ > 0) return Response.json({ content: { codigo_fundo: 'F0000000001', nome: 'ok' } });
        const broken = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"content":'));
            controller.error(new TypeError('terminated'));
          },
        });
        return new Response(broken, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const result = await getOne();
    expect(result.data).toEqual({ content: { codigo_fundo: 'F0000000001', nome: 'ok' } });
  });
});

describe('a 2xx body that is not the documented shape at its root', () => {
  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"F0000000001"'],
    ['a boolean', 'true'],
  ])('JSON %s is a ResponseParseError in both modes, never data', async (_, body) => {
    for (const throwOnError of [false, true]) {
      const { getOne } = setupClient(
        feedOnly(() => new Response(body, { headers: { 'content-type': 'application/json' } })),
        { throwOnError },
      );
      const error = await failure(getOne());
      expect(error).toBeInstanceOf(ResponseParseError);
      expect(error.code).toBe('invalid_response');
      expect(error.message).toContain('where the operation documents an object or a list');
      expect(error.message).not.toContain('F0000000001"');
    }
  });

  it('an object or a list at the root is data as before', async () => {
    for (const body of ['{"content":{"codigo_fundo":"F0000000001","nome":"x"}}', '[]']) {
      const { getOne } = setupClient(
        feedOnly(() => new Response(body, { headers: { 'content-type': 'application/json' } })),
      );
      expect((await getOne()).data).toEqual(JSON.parse(body));
    }
  });

  it('a 204 (no body) is not read, and an operation the document does not know is not held to a shape', async () => {
    const { client } = setupClient(feedOnly(() => new Response(null, { status: 204 })));
    expect((await client.GET(DETAIL, { params: ONE_FUND })).data).toBeUndefined();
    const { client: other } = setupClient(
      feedOnly(() => new Response('null', { headers: { 'content-type': 'application/json' } })),
    );
    const unknown = await (other.GET as (url: string) => Promise<{ data?: unknown }>)('/feed/not-documented');
    expect(unknown.data).toBeNull();
  });
});

describe('maxResponseBytes', () => {
  it('stops reading a streamed (chunked) body once it passes the limit: code response_too_large', async () => {
    const big = countedStream(10_000, 1024); // 10 MB on offer
    const { getOne } = setupClient(
      feedOnly(() => new Response(big.stream, { headers: { 'content-type': 'application/json' } })),
      { maxResponseBytes: 64 * 1024 },
    );
    const error = await failure(getOne());
    expect(error.code).toBe('response_too_large');
    expect(error.message).toContain('maxResponseBytes');
    // What was pulled is the limit and a few chunks of read-ahead, not the 10,000 on offer.
    expect(big.pulled.chunks).toBeLessThan(100);
  });

  it('refuses a body whose Content-Length is above the limit without reading it', async () => {
    const big = countedStream(10_000, 1024);
    const { getOne } = setupClient(
      feedOnly(
        () =>
          new Response(big.stream, {
            headers: { 'content-type': 'application/json', 'content-length': String(10_000 * 1024) },
          }),
      ),
      { maxResponseBytes: 64 * 1024 },
    );
    expect((await failure(getOne())).code).toBe('response_too_large');
    expect(big.pulled.chunks).toBeLessThan(5);
  });

  const MiB = 1024 * 1024;
  const largeError = (status: number, length: 'declared' | 'chunked') => {
    const big = countedStream(2600, 1024); // 2.6 MB on offer
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (length === 'declared') headers['content-length'] = String(2600 * 1024);
    return { big, answer: () => new Response(big.stream, { status, headers }) };
  };
  it.each([
    ['declared', false],
    ['declared', true],
    ['chunked', false],
    ['chunked', true],
  ] as const)(
    'an error body past the limit (%s length, throwing: %s) is a ResponseTooLargeError naming it, read no further',
    async (length, throwOnError) => {
      const { big, answer } = largeError(500, length);
      const { getOne } = setupClient(feedOnly(answer), { maxResponseBytes: MiB, retry: false, throwOnError });
      const error = await failure(getOne());
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ status: 500, maxResponseBytes: MiB });
      expect(error.message).toContain(`above maxResponseBytes (${MiB})`);
      // The limit and a little read-ahead, never the 2,600 chunks on offer.
      expect(big.pulled.chunks).toBeLessThan(1100);
    },
  );

  it('a 5xx with a body past the limit is retried as a 5xx; the error once the retries end is ResponseTooLargeError', async () => {
    let answers = 0;
    const { feed, getOne, waits } = setupClient(
      feedOnly(() => {
        answers++;
        return largeError(503, 'chunked').answer();
      }),
      { maxResponseBytes: MiB },
    );
    const error = await failure(getOne());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.status).toBe(503);
    expect(answers).toBe(3); // the first attempt and the two default retries
    expect(feed.feedRequests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("bounds a body read as a stream (parseAs: 'stream') too: reading it past the limit fails with response_too_large", async () => {
    const big = countedStream(10_000, 1024);
    const { client } = setupClient(
      feedOnly(() => new Response(big.stream, { headers: { 'content-type': 'application/json' } })),
      { maxResponseBytes: 64 * 1024 },
    );
    const result = await client.GET(DETAIL, {
      params: ONE_FUND,
      parseAs: 'stream',
    });
    const reader = (result.data as unknown as ReadableStream<Uint8Array>).getReader();
    const error = await failure(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'read to the end';
      })(),
    );
    expect(error.code).toBe('response_too_large');
    expect(big.pulled.chunks).toBeLessThan(100);
  });

  it('rejects a maxResponseBytes that is not a whole number above 0, naming the option', () => {
    for (const value of [0, -1, 1.5, Number.NaN, '1000']) {
      expect(() => setupClient({}, { maxResponseBytes: value as number })).toThrow(/maxResponseBytes/);
    }
  });
});

describe('the deadline', () => {
  it('covers reading and parsing: an answer that comes complete only after the deadline is a TimeoutError', async () => {
    useFakeClock();
    const { getOne } = setupClient(
      feedOnly(() => {
        const body = JSON.stringify({ content: { codigo_fundo: 'F0000000001', nome: 'late' } });
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            // Reading (or a long parse) blocks the loop past the deadline: the clock moves, no timer can fire.
            vi.setSystemTime(Date.now() + 5_000);
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        });
        return new Response(stream, { headers: { 'content-type': 'application/json' } });
      }),
      { timeoutMs: 1_000 },
    );
    const error = await failure(getOne());
    expect(error.code).toBe('timeout');
  });
});
