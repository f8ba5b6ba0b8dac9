// Every documented answer of every operation is reachable through Prism's `Prefer` header, as the mock's README
// lists them (@assoc-feed/mock's readme.test.ts keeps that list equal to the spec): `Prefer: code=404,
// example=pastLastPage` gives that status and exactly that example.
import { feedExamples, feedOperations } from '@assoc-feed/mock/operations';
import { describe, expect, it } from 'vitest';
import { caseUrl, contractCases, loadDocumentSpec } from './cases.js';
import { mockUrl } from './test-support/mock-url.js';

const baseUrl = mockUrl();

const cases = new Map(contractCases(loadDocumentSpec('feed')).map((c) => [`${c.method} ${c.path}`, c]));
const credentials: Record<string, Record<string, string>> = {
  flowA: { client_id: 'prefer-client', access_token: 'prefer-token' },
  flowB: { authorization: 'Bearer prefer-token' },
  basic: { authorization: `Basic ${btoa('prefer-client:prefer-secret')}` },
  none: {},
};

const answers = Object.values(feedOperations).flatMap((op) =>
  Object.entries(op.responses as Record<string, Record<string, number>>).flatMap(([status, named]) =>
    Object.entries(named).map(
      ([example, index]) =>
        [`${op.group}.${op.name} ${status} ${example}`, op, Number(status), example, index] as const,
    ),
  ),
);

// One request per answer, a few at a time (Vitest's maxConcurrency): they share nothing but the mock.
describe('Prefer: code=STATUS, example=NAME through Prism', () => {
  it('lists every documented answer of the three documents', () => {
    expect(Object.keys(feedOperations)).toHaveLength(cases.size);
    expect(answers.length).toBeGreaterThan(cases.size * 2);
  });

  it.concurrent.for(answers)('%s', async ([, op, status, example, index], { expect }) => {
    const c = cases.get(`${op.method} ${op.path}`);
    if (!c) throw new Error(`no contract case for ${op.method} ${op.path}`);
    const form = op.path.endsWith('/token');
    const response = await fetch(caseUrl(baseUrl, c), {
      method: op.method.toUpperCase(),
      headers: {
        ...credentials[op.security],
        prefer: `code=${status}, example=${example}`,
        ...(op.method === 'post'
          ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
          : {}),
      },
      ...(op.method === 'post'
        ? {
            body: form
              ? 'grant_type=client_credentials&client_id=a&client_secret=b'
              : JSON.stringify(
                  op.security === 'basic' ? { grant_type: 'client_credentials' } : (c.body ?? {}),
                ),
          }
        : {}),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(feedExamples[index]);
  });
});
