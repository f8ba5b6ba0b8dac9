// Every operation of the three documents, called through its typed client against `pnpm mock` (Prism on the
// joined spec): the documented success status with a body that validates against the spec, the flow A headers
// on every feed call, and 401 when they are missing. The requests come from the spec's examples (cases.ts).
import type { DocumentClientOptions } from '@assoc-feed/core';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client, createFundosV2InputClient } from '@assoc-feed/fundos-v2';
import { createResponseValidator } from '@assoc-feed/mock';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContractCase, caseUrl, contractCases, type DocumentName, loadDocumentSpec } from './cases.js';
import { mockUrl } from './test-support/mock-url.js';

const validate = createResponseValidator(loadDocumentSpec('feed'));
const baseUrl = mockUrl();

interface Sent {
  method: string;
  path: string;
  headers: Headers;
}
/** The global fetch, recording what each request carried. */
function recordingFetch(sent: Sent[]) {
  return (request: Request) => {
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      headers: new Headers(request.headers),
    });
    return fetch(request);
  };
}
type LooseCall = (
  path: string,
  init: unknown,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const credentials = { clientId: 'contract-client', clientSecret: 'contract-secret', retry: false } as const;

const documents: {
  name: DocumentName;
  // Each create function is overloaded (numbers: 'exact'); the loop needs only their common plain form.
  create: (options: DocumentClientOptions) => { GET: unknown };
}[] = [
  { name: 'fundos-v2', create: createFundosV2Client },
  { name: 'fundos-v1', create: createFundosV1Client },
  { name: 'precos-indices', create: createPrecosIndicesClient },
];

describe.each(documents)('$name through its typed client against the Prism mock', ({ name, create }) => {
  const cases = contractCases(loadDocumentSpec(name));
  const feed = cases.filter((c) => c.security === 'flowA');
  const sent: Sent[] = [];
  let call: LooseCall;
  beforeAll(() => {
    const client = create({ ...credentials, baseUrl, fetch: recordingFetch(sent) });
    // The cases come from the spec at run time, so the compile-time path type is widened here on purpose;
    // the typed calls further down keep the types honest.
    call = client.GET as unknown as LooseCall;
  });

  it('has feed operations, each with a case', () => {
    expect(feed.length).toBeGreaterThan(0);
  });

  it.each(feed.map((c) => [c.name, c] as const))(
    '%s answers its success with a schema-valid body',
    async (_, c) => {
      const before = sent.length;
      const result = await call(c.path, { params: c.params });
      expect(result.response.status, JSON.stringify(result.error)).toBe(c.successStatus);
      expect(validate(c.method, c.path, c.successStatus, result.data)).toEqual([]);
      const feedCall = sent.slice(before).find((s) => s.path !== '/oauth/access-token');
      expect(feedCall?.headers.get('client_id')).toBe(credentials.clientId);
      expect(feedCall?.headers.get('access_token')).toMatch(/.+/);
    },
  );

  // Plain fetches, not the recording client: these run a few at a time.
  it.concurrent.for(feed.map((c) => [c.name, c] as const))(
    '%s answers 401 without the client_id/access_token headers',
    async ([, c], { expect }) => {
      const response = await fetch(caseUrl(baseUrl, c));
      expect(response.status).toBe(401);
      expect(validate(c.method, c.path, 401, await response.json())).toEqual([]);
    },
  );

  it('asked for one flow A token, with Basic credentials, for all those calls', () => {
    const tokenCalls = sent.filter((s) => s.path === '/oauth/access-token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.method).toBe('POST');
    expect(tokenCalls[0]?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
    );
  });
});

describe('document 1: the token call and the input family', () => {
  const cases = contractCases(loadDocumentSpec('fundos-v2'));
  const byPath = (path: string) => cases.find((c) => c.path === path) as ContractCase;
  const inputCalls = cases.filter((c) => c.security === 'flowB');

  it('every operation of document 1 is a feed call, the flow A token call, or an input-family call', () => {
    const other = cases.filter(
      (c) =>
        c.security !== 'flowA' &&
        c.security !== 'flowB' &&
        c.path !== '/oauth/access-token' &&
        c.path !== '/realms/input-api/protocol/openid-connect/token',
    );
    expect(other.map((c) => c.name)).toEqual([]);
    expect(inputCalls.length).toBe(2);
  });

  it('POST /oauth/access-token: a schema-valid token for Basic credentials, 401 without them', async () => {
    const c = byPath('/oauth/access-token');
    const client = createFundosV2Client({ ...credentials, baseUrl });
    expect(await client.tokenManager.getToken()).toMatch(/.+/);
    const ok = await fetch(`${baseUrl}/oauth/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('a:b')}` },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(ok.status).toBe(c.successStatus);
    expect(validate('post', c.path, c.successStatus, await ok.json())).toEqual([]);
    const missing = await fetch(`${baseUrl}/oauth/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(missing.status).toBe(401);
  });

  it.each(inputCalls.map((c) => [c.name, c] as const))(
    '%s: a flow B token (form body), then the POST with Bearer answers its success',
    async (_, c) => {
      const sent: Sent[] = [];
      const input = createFundosV2InputClient({
        ...credentials,
        inputBaseUrl: baseUrl,
        fetch: recordingFetch(sent),
      });
      const post = input.POST as unknown as LooseCall;
      const result = await post(c.path, { params: c.params, body: c.body ?? {} });
      expect(result.response.status).toBe(c.successStatus);
      expect(validate('post', c.path, c.successStatus, result.data)).toEqual([]);
      expect(sent.map((s) => s.path)).toEqual([
        '/realms/input-api/protocol/openid-connect/token',
        new URL(caseUrl(baseUrl, c)).pathname,
      ]);
      expect(sent[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
      expect(sent[1]?.headers.get('authorization')).toMatch(/^Bearer .+/);
      expect(sent[1]?.headers.get('access_token')).toBeNull();
    },
  );

  it.each(inputCalls.map((c) => [c.name, c] as const))('%s: 401 without a Bearer token', async (_, c) => {
    const response = await fetch(caseUrl(baseUrl, c), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

// The same calls written out with their types: these lines compile only while the generated types, the
// spec's examples and the clients agree, and their answers carry what the types promise.
describe('typed calls', () => {
  it('E1 then E2: the fund of the list page is the fund of the detail', async () => {
    const v2 = createFundosV2Client({ ...credentials, baseUrl });
    const list = await v2.GET('/feed/fundos/v2/fundos', {
      params: { query: { page: 0, size: 1000, 'tipo-fundo': 'FIF' } },
    });
    const first = list.data?.content[0];
    expect(first?.codigo_fundo).toMatch(/^F\d{10}$/);
    expect(list.data?.totalSize).toBeGreaterThanOrEqual(list.data?.content.length ?? 0);
    const detail = await v2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: first?.codigo_fundo as string } },
    });
    expect(detail.data?.codigo_fundo).toBe(first?.codigo_fundo);
  });

  it('V5 with classe-assoc repeated, then V6 of a listed fund', async () => {
    const v1 = createFundosV1Client({ ...credentials, baseUrl });
    const list = await v1.GET('/feed/fundos/v1/fundos-estruturados', {
      params: { query: { size: 300, 'classe-assoc': ['FIDC', 'FII'] } },
    });
    expect(list.response.status).toBe(200);
    const cnpj = list.data?.content[0]?.cnpj_fundo as string;
    expect(cnpj).toMatch(/^\d{14}$/);
    const detail = await v1.GET('/feed/fundos/v1/fundos-estruturados/{CNPJ}', {
      params: { path: { CNPJ: cnpj } },
    });
    expect(detail.response.status).toBe(200);
  });

  it('a monthly document-3 endpoint with mes and ano', async () => {
    const precos = createPrecosIndicesClient({ ...credentials, baseUrl });
    const result = await precos.GET('/feed/precos-indices/v1/titulos-publicos/projecoes', {
      params: { query: { mes: '11', ano: '2026' } },
    });
    expect(result.response.status).toBe(200);
  });
});
