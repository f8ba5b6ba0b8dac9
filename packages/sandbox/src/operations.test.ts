// Every operation of the three documents, read from the spec, answers the sandbox with a body valid against the
// spec — the success and each documented error — checked with createResponseValidator.

import { createResponseValidator } from '@assoc-feed/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFetch, sandboxFetch } from './client.js';
import { type RunningSandbox, startSandbox } from './index.js';
import {
  collectSampleIds,
  type SampleIds,
  sampleUrl as sample,
  pathValue as samplePathValue,
} from './sample-requests.js';
import { loadSpec } from './spec-reader/load.js';
import { type OperationInfo, readOperations } from './spec-reader/operations.js';

const NOW = Date.parse('2026-11-19T21:00:00-03:00');
const spec = loadSpec();
const operations = readOperations(spec);
const validate = createResponseValidator(spec);

let sandbox: RunningSandbox;
let strict: RunningSandbox;
let call: SandboxFetch;
let callStrict: SandboxFetch;
const logged: string[] = [];
let ids: SampleIds;
const sampleUrl = (op: OperationInfo, extra: Record<string, string> = {}) => sample(op, ids, extra);
const pathValue = (op: OperationInfo, name: string) => samplePathValue(op, name, ids);

const feedOps = operations.filter((op) => op.security === 'flowA');

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, entitlements: ['E5'], log: (line) => logged.push(line) });
  strict = await startSandbox({ now: () => NOW, entitlements: ['E5'], strict: true });
  call = sandboxFetch(sandbox);
  callStrict = sandboxFetch(strict);
  ids = await collectSampleIds(call);
});
afterAll(async () => {
  await sandbox.stop();
  await strict.stop();
});

describe('every feed operation answers 200 with a spec-valid body', () => {
  it('covers the three documents', () => {
    expect(feedOps.length).toBeGreaterThanOrEqual(55);
    expect(feedOps.some((op) => op.path.startsWith('/feed/precos-indices/'))).toBe(true);
    expect(feedOps.some((op) => op.path.startsWith('/feed/fundos/v1/'))).toBe(true);
    expect(feedOps.some((op) => op.path.startsWith('/feed/fundos/v2/'))).toBe(true);
  });

  it.each(feedOps.map((op) => [`${op.documentId} ${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s',
    async (_, op) => {
      const res = await call(sampleUrl(op));
      const body = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(op.success.status);
      expect(validate(op.method, op.path, res.status, body)).toEqual([]);
      if (op.success.kind === 'envelope')
        expect((body as { content: unknown[] }).content.length).toBeGreaterThan(0);
      if (op.success.kind === 'array') expect((body as unknown[]).length).toBeGreaterThan(0);
    },
  );
});

describe('documented errors answer the Error body of the spec', () => {
  it.each(feedOps.map((op) => [op.documentId, op] as const))(
    '%s: 401 without a token, and with an unknown one',
    async (_, op) => {
      const headerSets: Record<string, string>[] = [
        {},
        { client_id: sandbox.clientId, access_token: 'not-a-token' },
      ];
      for (const headers of headerSets) {
        const res = await fetch(`${sandbox.url}${sampleUrl(op)}`, { headers });
        expect(res.status).toBe(401);
        expect(validate(op.method, op.path, 401, await res.json())).toEqual([]);
      }
    },
  );

  it.each(
    feedOps.filter((op) => op.params.some((p) => p.in === 'query')).map((op) => [op.documentId, op] as const),
  )('%s: with --strict, 400 naming an unknown parameter and the rule', async (_, op) => {
    const res = await callStrict(sampleUrl(op, { 'no-such-param': '1' }));
    const body = (await res.json()) as { details: { parameter: string; in: string; rule: string }[] };
    expect(res.status).toBe(400);
    expect(validate(op.method, op.path, 400, body)).toEqual([]);
    expect(body.details).toContainEqual({
      parameter: 'no-such-param',
      in: 'query',
      rule: 'unknown parameter',
    });
  });

  it.each(feedOps.map((op) => [`${op.documentId} ${op.path}`, op] as const))(
    '%s: by default an unknown parameter is ignored, named in x-ignored-parameters and logged',
    async (_, op) => {
      const plain = await call(sampleUrl(op));
      const res = await call(sampleUrl(op, { 'no-such-param': '1', other: 'x' }));
      expect(res.status).toBe(plain.status);
      expect(await res.json()).toEqual(await plain.json());
      expect(res.headers.get('x-ignored-parameters')).toBe('no-such-param, other');
      expect(plain.headers.get('x-ignored-parameters')).toBeNull();
      expect(
        logged.some((l) => l.includes(`no-such-param, other on ${op.method.toUpperCase()} ${op.path}`)),
      ).toBe(true);
    },
  );

  it.each(
    feedOps
      .filter((op) => op.paging && op.params.some((p) => p.name === 'page'))
      .map((op) => [op.documentId, op] as const),
  )('%s: 404 past the last page', async (_, op) => {
    const res = await call(sampleUrl(op, { page: '2000000000' }));
    expect(res.status).toBe(404);
    expect(validate(op.method, op.path, 404, await res.json())).toEqual([]);
  });

  it.each(
    feedOps.filter((op) => op.params.some((p) => p.in === 'path')).map((op) => [op.documentId, op] as const),
  )('%s: 400 for a path parameter that breaks its pattern, 404 for an unknown code', async (_, op) => {
    const param = op.params.find((p) => p.in === 'path');
    const bad = op.path.replace(/\{[^}]+\}/, 'x%20y');
    const res = await call(bad);
    const body = (await res.json()) as { details: { parameter: string; in: string }[] };
    expect(res.status).toBe(400);
    expect(validate(op.method, op.path, 400, body)).toEqual([]);
    expect(body.details[0]).toMatchObject({ parameter: param?.name, in: 'path' });
    const unknown = sampleUrl(op).replace(
      encodeURIComponent(pathValue(op, param?.name as string)),
      unknownCode(param?.schema.pattern),
    );
    const missing = await call(unknown);
    expect(missing.status).toBe(404);
    expect(validate(op.method, op.path, 404, await missing.json())).toEqual([]);
  });
});

/** A code of the parameter's own form that no record of the universe carries. */
function unknownCode(pattern: string | undefined): string {
  const candidates = ['F9999999999', 'C9999999999', 'S9999999999', '11111111000111', '999999'];
  return (pattern && candidates.find((code) => new RegExp(pattern).test(code))) || 'nothing-here';
}

describe('restricted product (E5)', () => {
  it('answers 403 with the Error body unless the client is entitled', async () => {
    const op = operations.find((o) => o.documentId === 'E5') as OperationInfo;
    const plain = await startSandbox({ now: () => NOW });
    try {
      const res = await sandboxFetch(plain)(sampleUrl(op));
      expect(res.status).toBe(403);
      expect(validate('get', op.path, 403, await res.json())).toEqual([]);
    } finally {
      await plain.stop();
    }
    expect((await call(sampleUrl(op))).status).toBe(200);
  });
});
