// The spec's response examples name records of the sandbox's default universe (seed 1) as the sandbox answers
// them: for every fund, class, subclass and institution code an example uses (v2 codes, v1 codes, CNPJs), the
// names, identifiers and kinds it gives with the code are those the sandbox gives for that code, and the providers
// it gives a fund are the fund's own. A user who reads an example and then asks the sandbox for the same code sees
// the same record.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { createSpecModel, type Json } from '@assoc-feed/specs/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { caseUrl, contractCases, loadDocumentSpec } from './cases.js';
import { disagreements, lookupPaths, type NamedRecord, namedRecords } from './example-records.js';

const model = createSpecModel(loadDocumentSpec('feed'));

interface ResponseExample {
  name: string;
  path: string;
  records: NamedRecord[];
}

function responseExamples(): ResponseExample[] {
  const found: ResponseExample[] = [];
  for (const op of model.operations()) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!status.startsWith('2')) continue;
      const content = (model.deref(response).content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) {
        const named = Object.entries((media.examples ?? {}) as Record<string, Json>).map(
          ([id, ex]) => [id, model.deref(ex).value] as const,
        );
        const all = media.example === undefined ? named : [...named, ['example', media.example] as const];
        for (const [id, value] of all) {
          const records = namedRecords(value);
          if (records.length > 0) {
            found.push({
              name: `${op.documentId ?? op.operationId} ${op.label} ${status} ${id}`,
              path: op.path,
              records,
            });
          }
        }
      }
    }
  }
  return found;
}

const examples = responseExamples();

describe('the funds, classes, subclasses and institutions the response examples name, as the default sandbox answers them', () => {
  const sandboxRecords: NamedRecord[] = [];
  beforeAll(async () => {
    const sandbox = createInProcessSandbox({ entitlements: ['E5'] });
    const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
    const token = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const headers = {
      client_id: sandbox.clientId,
      access_token: ((await token.json()) as { access_token: string }).access_token,
    };
    // Each code's own record, and each operation's answer to its documented request (a portfolio names its
    // funds by CNPJ only there).
    const codes = new Set(examples.flatMap((e) => e.records.map((r) => r.code)));
    const paths = new Set(examples.map((e) => e.path));
    const urls = [
      ...[...codes].flatMap(lookupPaths).map((path) => `${sandbox.url}${path}`),
      ...contractCases(loadDocumentSpec('feed'))
        .filter((c) => c.method === 'get' && c.security === 'flowA' && paths.has(c.path))
        .map((c) => caseUrl(sandbox.url, c)),
    ];
    for (const url of urls) {
      const answer = await sandbox.fetch(url, { headers });
      if (answer.ok) sandboxRecords.push(...namedRecords(await answer.json()));
    }
  }, 120_000);

  it('covers the examples of funds, classes, subclasses and institutions of both fund documents', () => {
    const keys = new Set(examples.flatMap((e) => e.records.map((r) => r.key)));
    expect([...keys].sort()).toEqual(
      [
        'cnpj',
        'cnpj_fundo',
        'codigo_assoc',
        'codigo_classe',
        'codigo_fundo',
        'codigo_subclasse',
        'identificador',
      ].sort(),
    );
  });

  it.each(examples)('$name', ({ records }) => {
    expect(records.flatMap((r) => disagreements(r, sandboxRecords))).toEqual([]);
  });
});
