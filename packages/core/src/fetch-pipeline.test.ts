import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './errors.js';
import { createPipelineFetch } from './fetch-pipeline.js';
import { resolveRetryOptions } from './retry.js';
import { json } from './test-fixtures.js';
import { createTokenManager } from './token-manager.js';

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
    const pipeline = createPipelineFetch({ fetch, retry, timeoutMs: 1000, tokenManager });
    expect((await pipeline(new Request('https://x.example/a'))).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('sends the same body on every attempt', async () => {
    let n = 0;
    const { seen, fetch } = recorder(() => (n++ < 2 ? json(503, {}) : json(200, {})));
    const pipeline = createPipelineFetch({ fetch, retry, timeoutMs: 1000 });
    const body = JSON.stringify({ grant_type: 'client_credentials', note: 'ç' });
    await pipeline(new Request('https://x.example/t', { method: 'POST', body }));
    expect(seen.map((s) => s.body)).toEqual([body, body, body]);
  });

  it('refuses a bad per-call timeoutMs', async () => {
    const pipeline = createPipelineFetch({ fetch: async () => json(200, {}), retry, timeoutMs: 1000 });
    const request = Object.assign(new Request('https://x.example/a'), { timeoutMs: -1 });
    await expect(pipeline(request)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
