// The spec's parameter examples name records of the sandbox's default universe (seed 1): every GET tried with
// its documented examples answers 2xx from the sandbox, as it does from the Prism mock (prism.contract.test.ts
// sends the same requests), so a user or a tool that tries an operation with its examples never gets
// "not found". The restricted product E5 answers 403 until the client is entitled to it. The sandbox answers in
// this process (the same world and pipeline as on a port): what is under test is its records, not its server.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { beforeAll, describe, expect, it } from 'vitest';
import { caseUrl, contractCases, loadDocumentSpec } from './cases.js';

type InProcessSandbox = ReturnType<typeof createInProcessSandbox>;

const cases = contractCases(loadDocumentSpec('feed')).filter(
  (c) => c.method === 'get' && c.security === 'flowA',
);

async function tokenFor(sandbox: InProcessSandbox): Promise<string> {
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
  const answer = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe.each([
  { name: 'the default sandbox', entitlements: [] as string[] },
  { name: 'a sandbox entitled to E5', entitlements: ['E5'] },
])('every GET with its examples in $name', ({ entitlements }) => {
  let sandbox: InProcessSandbox;
  let headers: Record<string, string>;
  beforeAll(async () => {
    sandbox = createInProcessSandbox({ entitlements });
    headers = { client_id: sandbox.clientId, access_token: await tokenFor(sandbox) };
  }, 120_000);

  it('covers every GET of the three documents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  // Generous: a batch page of 250 funds on a busy two-core machine.
  it.each(cases)(
    '$name',
    async (c) => {
      const answer = await sandbox.fetch(caseUrl(sandbox.url, c), { headers });
      const body = await answer.text();
      const restricted = c.name.startsWith('E5 ') && !entitlements.includes('E5');
      expect({ status: answer.status, body: answer.ok ? '' : body }).toEqual({
        status: restricted ? 403 : c.successStatus,
        body: restricted ? body : '',
      });
    },
    60_000,
  );
});
