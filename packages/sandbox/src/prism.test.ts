// With validateWithPrism, Prism's validating proxy (`prism proxy --errors`) sits in front of the sandbox: every
// answer of every operation passes Prism's own contract check on the way out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFetch, sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';
import { collectSampleIds, type SampleIds, sampleUrl } from './sample-requests.js';
import { loadSpec } from './spec-reader/load.js';
import { readOperations } from './spec-reader/operations.js';

const feedOps = readOperations(loadSpec()).filter((op) => op.security === 'flowA');
let sandbox: RunningSandbox;
let call: SandboxFetch;
let ids: SampleIds;

beforeAll(async () => {
  sandbox = await startSandbox({
    validateWithPrism: true,
    now: () => Date.parse('2026-11-19T21:00:00-03:00'),
    entitlements: ['E5'],
  });
  call = sandboxFetch(sandbox);
  ids = await collectSampleIds(call);
}, 60_000);
afterAll(() => sandbox?.stop());

describe('behind Prism (prism proxy --errors)', () => {
  it('answers on its own port, in front of the sandbox', () => {
    expect(sandbox.url).not.toBe(sandbox.sandboxUrl);
  });

  it.each(feedOps.map((op) => [`${op.documentId} ${op.path}`, op] as const))(
    '%s passes Prism unchanged',
    async (_, op) => {
      const res = await call(sampleUrl(op, ids));
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(op.success.status);
      expect(res.headers.get('sl-violations')).toBeNull();
    },
  );

  it('documented errors of the sandbox pass too (404 past the last page, 400 for x-required-together)', async () => {
    const past = await call('/feed/fundos/v2/fundos?page=9&size=1000');
    expect(past.status).toBe(404);
    expect(past.headers.get('sl-violations')).toBeNull();
    const together = await call('/feed/precos-indices/v1/titulos-publicos/projecoes?mes=10');
    expect(together.status).toBe(400);
    expect(((await together.json()) as { details: { rule: string }[] }).details[0]?.rule).toBe(
      'mes requires ano',
    );
  });
});
