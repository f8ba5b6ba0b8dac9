// Every operation of the three documents, called through its typed client against the request handlers of
// @assoc-feed/mock/msw (MSW 2 in Node, no process, no port): the documented success with the spec's example, a
// schema-valid body, 401 without the flow A headers, and a documented answer picked per test.
import type { DocumentClientOptions } from '@assoc-feed/core';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client, createFundosV2InputClient } from '@assoc-feed/fundos-v2';
import { createResponseValidator } from '@assoc-feed/mock';
import { createFeedHandlers } from '@assoc-feed/mock/msw';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import { createSpecModel, type Json } from '@assoc-feed/specs/model';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { caseUrl, contractCases, type DocumentName, loadDocumentSpec } from './cases.js';

const BASE_URL = 'https://feed.handlers.test';
const spec = loadDocumentSpec('feed');
const validate = createResponseValidator(spec);
const model = createSpecModel(spec, { name: 'feed' });
const feed = createFeedHandlers({ baseUrl: BASE_URL });
const server = setupServer(...feed.all);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type LooseCall = (
  path: string,
  init: unknown,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const options = {
  clientId: 'msw-client',
  clientSecret: 'msw-secret',
  baseUrl: BASE_URL,
  retry: false,
} as const;

/** The value of the first example the spec gives for (path, method, status). */
function firstExample(path: string, method: string, status: number): unknown {
  const response = model.operation(method, path)?.responses[String(status)];
  if (!response) throw new Error(`the spec documents no ${status} for ${method} ${path}`);
  const media = model.deref<Json>((response.content as Json)['application/json']);
  return model.deref<Json>(Object.values(media.examples as Json)[0]).value;
}

const documents: {
  name: DocumentName;
  // Each create function is overloaded (numbers: 'exact'); the loop needs only their common plain form.
  create: (options: DocumentClientOptions) => { GET: unknown };
}[] = [
  { name: 'fundos-v2', create: createFundosV2Client },
  { name: 'fundos-v1', create: createFundosV1Client },
  { name: 'precos-indices', create: createPrecosIndicesClient },
];

describe.each(documents)('$name through its typed client against the MSW handlers', ({ name, create }) => {
  const feedCases = contractCases(loadDocumentSpec(name)).filter((c) => c.security === 'flowA');
  const call = () => create(options).GET as unknown as LooseCall;

  it.each(feedCases.map((c) => [c.name, c] as const))(
    '%s answers its success example, valid against the spec',
    async (_, c) => {
      const result = await call()(c.path, { params: c.params });
      expect(result.response.status, JSON.stringify(result.error)).toBe(c.successStatus);
      expect(result.data).toEqual(firstExample(c.path, c.method, c.successStatus));
      expect(validate(c.method, c.path, c.successStatus, result.data)).toEqual([]);
    },
  );

  it.each(feedCases.map((c) => [c.name, c] as const))(
    '%s answers the spec 401 without the client_id/access_token headers',
    async (_, c) => {
      const response = await fetch(caseUrl(BASE_URL, c));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(firstExample(c.path, c.method, 401));
    },
  );
});

describe('the input family (flow B) through its typed client', () => {
  const inputCases = contractCases(loadDocumentSpec('fundos-v2')).filter((c) => c.security === 'flowB');
  it.each(inputCases.map((c) => [c.name, c] as const))('%s answers its success', async (_, c) => {
    const input = createFundosV2InputClient({ ...options, inputBaseUrl: BASE_URL });
    const post = input.POST as unknown as LooseCall;
    const result = await post(c.path, { params: c.params, body: c.body ?? {} });
    expect(result.response.status).toBe(c.successStatus);
    expect(validate('post', c.path, c.successStatus, result.data)).toEqual([]);
  });
});

describe('a documented answer per test', () => {
  const v2 = () => createFundosV2Client(options);
  const fundPath = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';

  it('a named example: getFund({ example: "multiclassFund" }) answers that example', async () => {
    server.use(feed.fundosV2.getFund({ example: 'multiclassFund' }));
    const { data } = await v2().GET(fundPath, {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } },
    });
    expect(data?.atributo).toBe('Multiclasses');
    expect(data?.classes?.length).toBeGreaterThan(1);
    expect(data).not.toEqual(firstExample(fundPath, 'get', 200));
  });

  it('a documented status: listFunds({ status: 404 }) answers the 404 past the last page', async () => {
    server.use(feed.fundosV2.listFunds({ status: 404 }));
    const { error, response } = await v2().GET('/feed/fundos/v2/fundos', { params: { query: { page: 9 } } });
    expect(response.status).toBe(404);
    expect(error).toEqual(firstExample('/feed/fundos/v2/fundos', 'get', 404));
  });

  it('an override of one operation leaves the others alone (a literal path is never taken as a code)', async () => {
    server.use(feed.fundosV2.getFund({ status: 403 }));
    const institutions = await v2().GET('/feed/fundos/v2/fundos/instituicoes', {});
    expect(institutions.response.status).toBe(200);
  });

  it('once: the selected answer for one call, then the default again', async () => {
    server.use(feed.fundosV2.listFunds({ status: 403, once: true }));
    const client = v2();
    expect((await client.GET('/feed/fundos/v2/fundos', {})).response.status).toBe(403);
    expect((await client.GET('/feed/fundos/v2/fundos', {})).response.status).toBe(200);
  });

  it('by operationId, the same handlers', async () => {
    server.use(feed.operation('precosIndicesTitulosPublicosVna', { status: 400 }));
    const precos = createPrecosIndicesClient(options);
    const { response } = await precos.GET('/feed/precos-indices/v1/titulos-publicos/vna', {});
    expect(response.status).toBe(400);
  });

  it.each([
    [{ status: 418 }, /documents no 418 answer; pick one of: 200 \(firstPage\); 400/],
    [{ example: 'nope' }, /has no example "nope"; pick one of: 200 \(firstPage\)/],
    [{ status: 200, example: 'pastLastPage' }, /has no example "pastLastPage" under 200/],
  ])('a selection the spec does not document is refused, naming what it does: %j', (selection, message) => {
    expect(() => feed.fundosV2.listFunds(selection as never)).toThrow(message);
  });

  it('selections are type-checked against the spec', () => {
    // @ts-expect-error listFunds documents no 418
    expect(() => feed.fundosV2.listFunds({ status: 418 })).toThrow();
    // @ts-expect-error 'multiclassFund' is an example of getFund, not of listFunds
    expect(() => feed.fundosV2.listFunds({ example: 'multiclassFund' })).toThrow();
    // @ts-expect-error pastLastPage is a 404 example, not a 200 one
    expect(() => feed.fundosV2.listFunds({ status: 200, example: 'pastLastPage' })).toThrow();
  });
});
