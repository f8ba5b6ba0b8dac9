// A valid request for every operation of the spec, with path parameters taken from the sandbox's own lists:
// used by the contract tests (directly and through Prism) and the benchmarks.
import type { SandboxFetch } from './client.js';
import type { OperationInfo } from './spec-reader/operations.js';

export interface SampleIds {
  fund: string;
  class: string;
  subclass: string;
  institution: string;
  v1: string;
  offshore: string;
  structured: string;
}

export async function collectSampleIds(call: SandboxFetch): Promise<SampleIds> {
  type Funds = {
    content: {
      codigo_fundo: string;
      classes: { codigo_classe: string }[];
      subclases: { codigo: string }[];
    }[];
  };
  const funds = (await call.json<Funds>('/feed/fundos/v2/fundos?size=100')).body.content;
  const first = async <T>(path: string, pick: (record: T) => string) =>
    pick((await call.json<{ content: T[] }>(path)).body.content[0] as T);
  return {
    fund: funds[0]?.codigo_fundo as string,
    class: funds[0]?.classes[0]?.codigo_classe as string,
    subclass: funds.find((f) => f.subclases.length > 0)?.subclases[0]?.codigo as string,
    institution: await first<{ identificador: string }>(
      '/feed/fundos/v2/fundos/instituicoes?size=1',
      (r) => r.identificador,
    ),
    v1: await first<{ codigo_fundo: string }>('/feed/fundos/v1/fundos?size=1', (r) => r.codigo_fundo),
    offshore: await first<{ codigo_fundo: string }>(
      '/feed/fundos/v1/fundos-offshore?size=1',
      (r) => r.codigo_fundo,
    ),
    structured: await first<{ cnpj_fundo: string }>(
      '/feed/fundos/v1/fundos-estruturados?size=1',
      (r) => r.cnpj_fundo,
    ),
  };
}

export function pathValue(op: OperationInfo, name: string, ids: SampleIds): string {
  if (
    name === 'codigo_fundo_ou_classe_ou_subclasse' ||
    (name === 'codigoFundo' && op.path.startsWith('/beta'))
  )
    return ids.fund;
  if (name === 'codigoFundo') return ids.offshore;
  if (name === 'codigo_fundo') return ids.fund;
  if (name === 'codigo_classe_ou_subclasse') return op.path.includes('segmento') ? ids.subclass : ids.class;
  if (name === 'cnpj') return ids.institution;
  if (name === 'ANBIMAcode') return ids.v1;
  if (name === 'CNPJ') return ids.structured;
  return 'envio';
}

/** Path and query of a valid request (required query parameters filled, page size `size` when paged). */
export function sampleUrl(
  op: OperationInfo,
  ids: SampleIds,
  extra: Record<string, string> = {},
  size = 25,
): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValue(op, name, ids)),
  );
  const query = new URLSearchParams();
  for (const p of op.params) if (p.in === 'query' && p.required) query.set(p.name, '2026-11-18T00:00:00.000');
  if (op.params.some((p) => p.name === 'size')) query.set('size', String(size));
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
