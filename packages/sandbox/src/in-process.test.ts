// The in-process sandbox's fetch at its edges: it answers its own URL only (another is a network failure, as
// against the service), routes the path as sent, and a request body that never ends meets the request timeout.
import { describe, expect, it } from 'vitest';
import { createInProcessSandbox } from './in-process.js';
import { loadSpec } from './spec-reader/load.js';

const spec = loadSpec();

describe('createInProcessSandbox().fetch', () => {
  it.each([
    ['another origin', {}, 'https://evil.example/feed/fundos/v2/fundos', 'https://evil.example'],
    ['another port', {}, 'https://sandbox.assoc-feed.test:8443/feed/fundos/v2/fundos', ':8443'],
    [
      'its origin outside its base path',
      { baseUrl: 'https://api.test/feed-sandbox' },
      'https://api.test/feed/fundos/v2/fundos',
      'outside /feed-sandbox/',
    ],
  ])('refuses %s with a TypeError naming the URL it serves', async (_, options, asked, named) => {
    const sandbox = createInProcessSandbox(spec, options);
    const answer = sandbox.fetch(asked);
    await expect(answer).rejects.toThrow(TypeError);
    await expect(answer).rejects.toThrow(`answers only ${sandbox.url}, not`);
    await expect(answer).rejects.toThrow(named);
  });

  it('answers its own URL, under a base path too', async () => {
    const sandbox = createInProcessSandbox(spec, { baseUrl: 'https://api.test/feed-sandbox' });
    const res = await sandbox.fetch(`${sandbox.url}/feed/fundos/v2/fundos`);
    expect(res.status).toBe(401);
  });

  it('routes the path as sent: //feed/… is a 404 naming //feed/…, not a call of /fundos/…', async () => {
    const sandbox = createInProcessSandbox(spec);
    const res = await sandbox.fetch(`${sandbox.url}//feed/fundos/v2/fundos`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      'No operation has the path //feed/fundos/v2/fundos: see the spec for the paths.',
    );
  });

  it('answers 408 to a body that never ends, after the request timeout', async () => {
    const sandbox = createInProcessSandbox(spec, { requestTimeoutMs: 50 });
    const neverEnds = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"grant_type":'));
      },
    });
    const res = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Basic c2FuZGJveC1jbGllbnQ6c2FuZGJveC1zZWNyZXQ=',
      },
      body: neverEnds,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(408);
    expect(await res.json()).toMatchObject({ status: 408, error: 'request timeout' });
  });

  it('refuses a request timeout that is not a whole number of ms', () => {
    expect(() => createInProcessSandbox(spec, { requestTimeoutMs: 0 })).toThrow(
      'requestTimeoutMs must be a whole number of ms from 1, got 0',
    );
  });
});
