import { describe, expect, it } from 'vitest';
import { createTokenManager } from '../auth/flow-a.js';
import { json } from '../test-support/fixtures.js';
import { resolveRetryOptions } from '../transport/retry.js';
import { CallAbort } from '../transport/signals.js';
import { createPipelineFetch } from './fetch-pipeline.js';

function recorder(answers: (request: Request) => Response) {
  const seen: { token: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ token: request.headers.get('access_token'), body: await request.text() });
    return answers(request);
  };
  return { seen, fetch };
}
const retry = resolveRetryOptions({ sleep: async () => {} });

describe('pipeline fetch', () => {
  it('replays nothing on a 401 without an access_token header (token calls, foreign calls)', async () => {
    const { seen, fetch } = recorder(() => json(401, {}));
    const tokenManager = createTokenManager({
      clientId: 'a',
      clientSecret: 'b',
      tokenUrl: 'https://x.example/t',
      fetch: async () => json(200, { access_token: 'n', token_type: 'Bearer', expires_in: 60 }),
    });
    const pipeline = createPipelineFetch({ fetch, retry, tokenManager });
    expect((await pipeline(new Request('https://x.example/a'), undefined)).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('sends the same body on every attempt', async () => {
    let n = 0;
    const { seen, fetch } = recorder(() => (n++ < 2 ? json(503, {}) : json(200, {})));
    const pipeline = createPipelineFetch({ fetch, retry });
    const body = JSON.stringify({ grant_type: 'client_credentials', note: 'ç' });
    await pipeline(new Request('https://x.example/t', { method: 'POST', body }), undefined);
    expect(seen.map((s) => s.body)).toEqual([body, body, body]);
  });

  it('hands the signal to fetch as init.signal, on every attempt, and stops retrying once it aborts', async () => {
    const controller = new CallAbort();
    const signals: (AbortSignal | undefined)[] = [];
    const pipeline = createPipelineFetch({
      fetch: async (_request, init) => {
        signals.push(init?.signal);
        if (signals.length === 2) controller.abort('stop');
        return json(503, {});
      },
      retry: resolveRetryOptions({ sleep: async (_ms, signal) => signal?.throwIfAborted(), maxRetries: 5 }),
    });
    await expect(pipeline(new Request('https://x.example/a'), controller)).rejects.toBe('stop');
    expect(signals).toEqual([controller.signal, controller.signal]);
  });

  it.each([
    ['a 401 renewed and replayed', 401],
    ['a 503 retried', 503],
  ])(
    '%s does not wait for the discarded body to cancel (a mocked body may never settle it)',
    async (_, status) => {
      let n = 0;
      const neverCancels = () =>
        new Response(new ReadableStream({ cancel: () => new Promise<void>(() => {}) }), { status });
      const fetch = async () => (n++ === 0 ? neverCancels() : json(200, { ok: true }));
      const tokenManager = createTokenManager({
        clientId: 'a',
        clientSecret: 'b',
        tokenUrl: 'https://x.example/t',
        fetch: async () => json(200, { access_token: `t${n}`, token_type: 'Bearer', expires_in: 60 }),
      });
      const pipeline = createPipelineFetch({ fetch, retry, tokenManager });
      const request = new Request('https://x.example/a', { headers: { access_token: 'old' } });
      expect((await pipeline(request, undefined)).status).toBe(200);
      expect(n).toBe(2);
    },
  );
});
