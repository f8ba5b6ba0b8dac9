// The same seed gives byte-identical answers: for every operation of the three documents, two sandboxes started
// with the same seed and clock answer the same bytes, whatever the order the requests come in (nothing depends
// on what was asked before). Another seed gives other data.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { collectSampleIds, type SampleIds, sampleUrl } from './sample-requests.js';
import { loadSpec } from './spec-reader/load.js';
import { readOperations } from './spec-reader/operations.js';
import { inProcessFetch, startInProcess } from './test-support/in-process.js';

const NOW = () => Date.parse('2026-11-19T21:00:00-03:00');
const feedOps = readOperations(loadSpec()).filter((op) => op.security === 'flowA');

interface Answer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

async function answersOf(call: SandboxFetch, paths: string[]): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const path of paths) {
    const res = await call(path);
    out.set(path, {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()),
    });
  }
  return out;
}

let ids: SampleIds;
let paths: string[];
async function start(seed: number): Promise<SandboxFetch> {
  const sandbox = startInProcess({ seed, now: NOW, entitlements: ['E5'] });
  return inProcessFetch(sandbox);
}

beforeAll(async () => {
  ids = await collectSampleIds(await start(1));
  // Each operation's sample request, plus a second page and a filter where the operation has them.
  paths = feedOps.flatMap((op) => {
    const one = sampleUrl(op, ids);
    const more = op.params.some((p) => p.name === 'page') ? [sampleUrl(op, ids, { page: '1' })] : [];
    return [one, ...more];
  });
});

describe('determinism', () => {
  it('covers every feed operation of the three documents', () => {
    expect(feedOps.length).toBeGreaterThanOrEqual(55);
    expect(paths.length).toBeGreaterThan(feedOps.length);
  });

  it('the same seed answers the same bytes for every operation, in any request order', async () => {
    const a = await answersOf(await start(1), paths);
    const b = await answersOf(await start(1), [...paths].reverse());
    const differing = paths.filter((p) => !a.get(p)?.body.equals(b.get(p)?.body as Buffer));
    expect(differing).toEqual([]);
    for (const p of paths) {
      expect(b.get(p)?.status, p).toBe(a.get(p)?.status);
      expect(b.get(p)?.contentType, p).toBe(a.get(p)?.contentType);
    }
    // Not a vacuous match: the answers are data, not errors.
    expect([...a.values()].filter((x) => x.status === 200).length).toBeGreaterThan(feedOps.length * 0.9);
  });

  it('tokens are reproducible too: the n-th token of a seed is the same', async () => {
    const token = (call: SandboxFetch) => call.token();
    expect(await token(await start(3))).toBe(await token(await start(3)));
    expect(await token(await start(3))).not.toBe(await token(await start(4)));
  });

  it('another seed gives other data', async () => {
    const lists = paths.filter((p) => /\/fundos(-offshore|-estruturados)?\?|instituicoes\?|\/lote\?/.test(p));
    expect(lists.length).toBeGreaterThan(5);
    const a = await answersOf(await start(1), lists);
    const c = await answersOf(await start(2), lists);
    for (const p of lists) expect(a.get(p)?.body.equals(c.get(p)?.body as Buffer), p).toBe(false);
  });
});
