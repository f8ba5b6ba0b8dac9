// --latency and --fail-rate: injected delay, and 429 (with Retry-After) or 5xx answers carrying the error body.
import { describe, expect, it } from 'vitest';
import { sandboxFetch } from './client.js';
import { startSandbox } from './index.js';

describe('fault injection', () => {
  it('failRate 1 answers only 429 (with Retry-After) and 5xx, each with the error body', async () => {
    const sandbox = await startSandbox({ failRate: 1, seed: 3 });
    try {
      const seen = new Set<number>();
      for (let i = 0; i < 60; i++) {
        const res = await fetch(`${sandbox.url}/feed/fundos/v2/fundos`);
        const body = (await res.json()) as { status: number };
        seen.add(res.status);
        expect([429, 500, 502, 503]).toContain(res.status);
        expect(body.status).toBe(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(seen.has(429)).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });

  it('failRate 0.3 fails about a third; a client that retries gets through; latency delays every answer', async () => {
    const sandbox = await startSandbox({ failRate: 0.3, latencyMs: [20, 30] });
    try {
      const call = sandboxFetch(sandbox);
      let failures = 0;
      const started = performance.now();
      for (let i = 0; i < 40; i++) {
        let res = await call('/feed/fundos/v2/fundos?size=1').catch(() => undefined);
        for (let attempt = 0; attempt < 10 && (!res || res.status >= 429); attempt++) {
          failures++;
          res = await call('/feed/fundos/v2/fundos?size=1').catch(() => undefined);
        }
        expect(res?.status).toBe(200);
      }
      expect(failures).toBeGreaterThan(5);
      expect(performance.now() - started).toBeGreaterThan(40 * 20);
    } finally {
      await sandbox.stop();
    }
  });
});
