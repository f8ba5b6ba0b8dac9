// Document 3: `mes` and `ano` are used together. The client refuses one without the other before any request,
// on every operation whose spec says so (x-required-together, carried into the generated meta).
import { InvalidRequestError, type OperationMeta } from '@assoc-feed/core';
import { describe, expect, it } from 'vitest';
import { createPrecosIndicesClient, precosIndicesMeta } from './generated/index.js';

const operations: readonly OperationMeta[] = Object.values(precosIndicesMeta.operations);
const together = operations.filter((op) => (op.requiredTogether?.length ?? 0) > 0);

function recordingClient() {
  const sent: string[] = [];
  const client = createPrecosIndicesClient({
    clientId: 'id',
    clientSecret: 'secret',
    baseUrl: 'http://127.0.0.1:1',
    retry: false,
    fetch: async (request) => {
      sent.push(new URL(request.url).pathname);
      if (request.url.endsWith('/oauth/access-token')) {
        return Response.json({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
      }
      return Response.json([]);
    },
  });
  // Runtime paths come from the meta, so the compile-time path type is widened here on purpose.
  const get = client.GET as unknown as (path: string, init: unknown) => Promise<{ response: Response }>;
  return { get, sent };
}

describe('mes and ano travel together', () => {
  it('applies to the monthly endpoints of the spec', () => {
    expect(together.length).toBeGreaterThan(0);
    for (const op of together) expect(op.requiredTogether).toContainEqual(['mes', 'ano']);
  });

  describe.each(together.map((op) => [op.path, op] as const))('%s', (path) => {
    it.each([
      ['mes without ano', { mes: '10' }, 'ano'],
      ['ano without mes', { ano: '2026' }, 'mes'],
    ])('%s: a typed error naming the missing one, and no request', async (_, query, missing) => {
      const { get, sent } = recordingClient();
      const error = await get(path, { params: { query } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).rule).toBe('requiredTogether');
      expect((error as InvalidRequestError).message).toMatch(new RegExp(`\\b${missing}\\b`));
      expect(sent).toEqual([]);
    });

    it('both, or neither: the request goes out', async () => {
      for (const query of [{ mes: '10', ano: '2026' }, {}]) {
        const { get, sent } = recordingClient();
        const { response } = await get(path, { params: { query } });
        expect(response.status).toBe(200);
        expect(sent.at(-1)).toBe(path);
      }
    });
  });
});
