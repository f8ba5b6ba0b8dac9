// What every test here shares: the three typed clients pointed at a sandbox, sample codes found through the
// clients' own list calls, the request parameters of any operation, and a validator built from the joined spec.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DocumentClientOptions, DocumentMeta, OperationMeta } from '@assoc-feed/core';
import { createFundosV1Client, fundosV1Meta } from '@assoc-feed/fundos-v1';
import { createFundosV2Client, fundosV2Meta } from '@assoc-feed/fundos-v2';
import { createResponseValidator } from '@assoc-feed/mock';
import { createPrecosIndicesClient, precosIndicesMeta } from '@assoc-feed/precos-indices';
import type { RunningSandbox } from '@assoc-feed/sandbox';

const require = createRequire(import.meta.url);

/** The joined spec of the three documents, as the sandbox reads it. */
export const spec = JSON.parse(readFileSync(require.resolve('@assoc-feed/specs/feed.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

/** Body errors against the schema the spec declares for (method, path template, status); [] when valid (the
 * validator follows the shared responses' `$ref`s itself). */
export const validateBody = createResponseValidator(spec);

/** The moment the sandboxes of these tests live in (a Thursday evening, everything of the day published). */
export const NOW = Date.parse('2026-11-19T21:00:00-03:00');

export const documents = [
  { name: 'fundos-v2', meta: fundosV2Meta as DocumentMeta },
  { name: 'fundos-v1', meta: fundosV1Meta as DocumentMeta },
  { name: 'precos-indices', meta: precosIndicesMeta as DocumentMeta },
] as const;

export function clientsFor(
  sandbox: Pick<RunningSandbox, 'url' | 'clientId' | 'clientSecret'>,
  extra: Partial<DocumentClientOptions> = {},
) {
  const options: DocumentClientOptions = {
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    baseUrl: sandbox.url,
    retry: false,
    // The client's 30 s deadline is not under test here: pages of thousands of records can take longer than that
    // on a busy machine.
    timeoutMs: 600_000,
    ...extra,
  };
  return {
    'fundos-v2': createFundosV2Client(options),
    'fundos-v1': createFundosV1Client(options),
    'precos-indices': createPrecosIndicesClient(options),
  };
}
export type Clients = ReturnType<typeof clientsFor>;

export interface SampleCodes {
  fund: string;
  class: string;
  subclass: string;
  institution: string;
  v1: string;
  offshore: string;
  structured: string;
}

/** Codes that exist in the sandbox, read through the typed list calls (so the types are exercised too). */
export async function sampleCodes(clients: Clients): Promise<SampleCodes> {
  const v2 = clients['fundos-v2'];
  const v1 = clients['fundos-v1'];
  const funds = (await v2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 100 } } })).data?.content;
  const withSubclass = funds?.find((f) => (f.subclases ?? []).length > 0);
  const institutions = await v2.GET('/feed/fundos/v2/fundos/instituicoes', {
    params: { query: { size: 1 } },
  });
  const legacy = await v1.GET('/feed/fundos/v1/fundos', { params: { query: { size: 1 } } });
  const offshore = await v1.GET('/feed/fundos/v1/fundos-offshore', { params: { query: { size: 1 } } });
  const structured = await v1.GET('/feed/fundos/v1/fundos-estruturados', { params: { query: { size: 1 } } });
  const codes = {
    fund: funds?.[0]?.codigo_fundo,
    class: funds?.[0]?.classes?.[0]?.codigo_classe,
    subclass: withSubclass?.subclases?.[0]?.codigo,
    institution: institutions.data?.content?.[0]?.identificador,
    v1: legacy.data?.content?.[0]?.codigo_fundo,
    offshore: offshore.data?.content?.[0]?.codigo_fundo,
    structured: structured.data?.content?.[0]?.cnpj_fundo,
  };
  for (const [name, value] of Object.entries(codes))
    if (typeof value !== 'string') throw new Error(`no sample ${name} code in the sandbox's lists`);
  return codes as SampleCodes;
}

/** A valid value for each path parameter, by its name in the spec. */
function pathValue(op: OperationMeta, name: string, codes: SampleCodes): string {
  switch (name) {
    case 'codigo_fundo_ou_classe_ou_subclasse':
      return codes.fund;
    case 'codigoFundo':
      return op.path.startsWith('/beta/') ? codes.fund : codes.offshore;
    case 'codigo_fundo':
      return codes.fund;
    case 'codigo_classe_ou_subclasse':
      return op.path.includes('/segmento-investidor/') ? codes.subclass : codes.class;
    case 'cnpj':
      return codes.institution;
    case 'ANBIMAcode':
      return codes.v1;
    case 'CNPJ':
      return codes.structured;
    default:
      throw new Error(`no sample value for path parameter ${name} of ${op.path}: add one to harness.ts`);
  }
}

/** openapi-fetch `params` of a valid request: path codes, required query parameters, a small page. */
export function paramsFor(op: OperationMeta, codes: SampleCodes) {
  const path: Record<string, string> = {};
  const query: Record<string, string | number> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') path[p.name] = pathValue(op, p.name, codes);
    else if (p.in === 'query' && p.required) {
      if (p.name !== 'data-atualizacao') throw new Error(`no sample value for ${p.name} of ${op.path}`);
      query[p.name] = '2026-11-18T00:00:00.000';
    }
  }
  if (op.pagination) query[op.pagination.sizeParam] = 25;
  return { path, query };
}

/** Every operation (method and path template) of the joined spec. */
export function specOperations(): string[] {
  const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => methods.has(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}
