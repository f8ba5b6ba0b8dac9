// Every operation of the three documents, called through its typed client (createFundosV2Client,
// createFundosV1Client, createPrecosIndicesClient with baseUrl = the sandbox): flow A and flow B tokens obtained
// by the clients' own token managers, every feed operation answered 200 with a body valid against the spec, and
// the documented errors surfacing as the clients' typed errors.
import {
  bearerAuthMiddleware,
  createInputTokenManager,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  type OperationMeta,
  UnauthorizedError,
} from '@assoc-feed/core';
import { operationKey } from '@assoc-feed/core/internal';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { type RunningSandbox, startSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Clients,
  clientsFor,
  documents,
  NOW,
  paramsFor,
  type SampleCodes,
  sampleCodes,
  specOperations,
  validateBody,
} from './harness.js';

let sandbox: RunningSandbox;
let clients: Clients;
let codes: SampleCodes;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, entitlements: ['E5'] });
  clients = clientsFor(sandbox);
  codes = await sampleCodes(clients);
});
afterAll(() => sandbox.stop());

type LooseGet = (
  path: string,
  init: { params: ReturnType<typeof paramsFor> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

const feedGets = documents.flatMap(({ name, meta }) =>
  Object.values(meta.operations)
    .filter((op) => op.method === 'get' && op.auth === 'flowA')
    .map((op) => [`${op.documentId ?? op.operationId} ${op.path}`, name, op] as const),
);

describe('the three clients cover the spec', () => {
  it('every operation of the joined spec belongs to exactly one document client', () => {
    const inMeta = documents.flatMap(({ meta }) => Object.keys(meta.operations));
    const tokenCalls = ['POST /oauth/access-token', 'POST /realms/input-api/protocol/openid-connect/token'];
    // The token operations are declared by each document; every other operation by one document only.
    const owned = inMeta.filter((key) => !tokenCalls.includes(key));
    expect(new Set(owned).size).toBe(owned.length);
    expect(new Set(inMeta)).toEqual(new Set(specOperations()));
    expect(feedGets.length).toBeGreaterThanOrEqual(55);
  });
});

describe('every feed operation through its typed client: 200 and a body valid against the spec', () => {
  it.each(feedGets)('%s', async (_, document, op) => {
    const get = clients[document].GET as unknown as LooseGet;
    const { data, error, response } = await get(op.path, { params: paramsFor(op, codes) });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(200);
    expect(validateBody('get', op.path, 200, data)).toEqual([]);
    const records = Array.isArray(data)
      ? data
      : op.pagination
        ? (data as { content: unknown[] }).content
        : [data];
    expect(records.length).toBeGreaterThan(0);
  });
});

describe('typed answers', () => {
  it('a fund read by any of its codes (E2) is the fund of the list (E1), with typed fields', async () => {
    const v2 = clients['fundos-v2'];
    const byCode = (code: string) =>
      v2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: code } },
      });
    const fund = await byCode(codes.fund);
    // The fund's fields at the top level, beside its contexts (no nested `content`).
    expect(fund.data?.codigo_fundo).toBe(codes.fund);
    expect(fund.data?.tipo_identificador_fundo).toBe('CNPJ');
    expect(Array.isArray(fund.data?.documentos) && Array.isArray(fund.data?.classes)).toBe(true);
    expect(fund.data).not.toHaveProperty('content');
    expect((await byCode(codes.class)).data?.codigo_fundo).toBe(codes.fund);
  });

  it('mercado-secundario-TPF records carry the optional codigo_isin and desvio_padrao', async () => {
    const { data } = await clients['precos-indices'].GET(
      '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
    );
    expect(data?.length).toBeGreaterThan(0);
    for (const r of data ?? []) {
      expect(r.codigo_isin).toMatch(/^BR[A-Z0-9]{10}$/);
      expect(typeof r.desvio_padrao).toBe('number');
    }
  });

  it('document 3 answers the latest published day when data is absent, and the day asked otherwise', async () => {
    const p3 = clients['precos-indices'];
    const latest = await p3.GET('/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF');
    expect(latest.data?.[0]?.data_referencia).toBe('2026-11-19');
    const day = await p3.GET('/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF', {
      params: { query: { data: '2026-11-13' } },
    });
    expect(day.data?.every((r) => r.data_referencia === '2026-11-13')).toBe(true);
  });

  it('a weekend or holiday is a NotFoundError; mes without ano is refused before any request', async () => {
    const p3 = clients['precos-indices'];
    const holiday = await p3.GET('/feed/precos-indices/v1/indices/resultados-ima', {
      params: { query: { data: '2026-11-20' } },
    });
    expect(holiday.response.status).toBe(404);
    const before = await fetchCount(() =>
      p3.GET('/feed/precos-indices/v1/titulos-publicos/projecoes', { params: { query: { mes: '10' } } }),
    );
    expect(before.error).toMatch(/mes|ano/);
    expect(before.requests).toBe(0);
  });
});

/** Runs a call and counts the requests that reached the sandbox (via the throwing client's error). */
async function fetchCount(run: () => Promise<unknown>): Promise<{ error: string; requests: number }> {
  let requests = 0;
  const original = globalThis.fetch;
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
    requests++;
    return original(...args);
  }) as typeof fetch;
  try {
    await run();
    return { error: '', requests };
  } catch (error) {
    return { error: (error as Error).message, requests };
  } finally {
    globalThis.fetch = original;
  }
}

describe('the documented errors, as the clients report them', () => {
  it('wrong credentials: InvalidCredentialsError from the token call, never echoing the secret', async () => {
    const wrong = createFundosV2Client({
      clientId: sandbox.clientId,
      clientSecret: 'not-the-secret-123',
      baseUrl: sandbox.url,
      retry: false,
      throwOnError: true,
    });
    const error = await wrong.GET('/feed/fundos/v2/fundos').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect(JSON.stringify(error)).not.toContain('not-the-secret-123');
    expect(String((error as Error).message)).not.toContain('not-the-secret-123');
  });

  it('the restricted product (E5) is a ForbiddenError unless the client is entitled', async () => {
    const plain = await startSandbox({ now: () => NOW });
    try {
      const v2 = clientsFor(plain, { throwOnError: true })['fundos-v2'];
      const error = await v2
        .GET('/feed/fundos/v2/fundos/segmento-investidor/{codigo_classe_ou_subclasse}/patrimonio-liquido', {
          params: { path: { codigo_classe_ou_subclasse: codes.subclass } },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ForbiddenError);
    } finally {
      await plain.stop();
    }
  });

  it('a revoked token is a ForbiddenError and the next call gets a new token; an unknown code is a NotFoundError', async () => {
    const v2 = clientsFor(sandbox, { throwOnError: true })['fundos-v2'];
    await v2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 1 } } });
    sandbox.revokeTokens();
    const refused = await v2
      .GET('/feed/fundos/v2/fundos', { params: { query: { size: 1 } } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ForbiddenError);
    const again = await v2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 1 } } });
    expect(again.response.status).toBe(200);
    const missing = await v2
      .GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } },
      })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).not.toBeInstanceOf(UnauthorizedError);
  });
});

describe('the input family (flow B) through a typed client with the flow B middleware', () => {
  const inputPosts = documents.flatMap(({ meta }) =>
    Object.values(meta.operations).filter((op) => op.auth === 'flowB'),
  );

  it.each(inputPosts.map((op) => [op.path, op] as const))(
    '%s answers {} for a JSON object',
    async (_, op) => {
      const input = createFundosV2Client({
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        baseUrl: sandbox.url,
        retry: false,
      });
      input.use(
        bearerAuthMiddleware(
          createInputTokenManager({
            clientId: sandbox.clientId,
            clientSecret: sandbox.clientSecret,
            inputBaseUrl: sandbox.url,
          }),
        ),
      );
      const post = input.POST as unknown as (
        path: string,
        init: { params: { path: Record<string, string> }; body: unknown },
      ) => Promise<{ data?: unknown; response: Response }>;
      const resource = (op as OperationMeta).parameters.find((p) => p.in === 'path')?.name ?? 'resource';
      const { data, response } = await post(op.path, {
        params: { path: { [resource]: 'envio' } },
        body: { registros: [] },
      });
      expect(response.status).toBe(200);
      expect(data).toEqual({});
      expect(validateBody('post', op.path, 200, data)).toEqual([]);
    },
  );

  it('covers both input operations', () => {
    expect(inputPosts.map((op) => operationKey(op.method, op.path)).sort()).toEqual([
      'POST /external-gateway-service/api/v1/fidc/3040/{resource}',
      'POST /input/titulos-privados/v1/{resource}',
    ]);
  });
});
