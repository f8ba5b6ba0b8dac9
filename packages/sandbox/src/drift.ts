// `--drift`: answers that deliberately differ from the spec, one of each kind a real service might show (a field
// renamed, one missing, one retyped, another page envelope), so `assoc-feed conform` can be shown to find each.
// Off by default: the sandbox behaves as the documents say unless asked.
import { parseLossless } from '@assoc-feed/core/internal';
import { encodeJson } from './cache/raw-json.js';

export type DriftKind = 'renamed' | 'missing' | 'retyped' | 'envelope';

export interface DriftRule {
  /** `GET <path template>`. */
  operation: string;
  kind: DriftKind;
  /** What changes, in words (for the README and the test). */
  what: string;
  apply: (body: unknown) => unknown;
}

/** Applies `change` to every object of the answer (records sit at different depths in each operation). */
function everyObject(body: unknown, change: (o: Record<string, unknown>) => void): unknown {
  if (Array.isArray(body)) for (const item of body) everyObject(item, change);
  else if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    change(o);
    for (const value of Object.values(o)) everyObject(value, change);
  }
  return body;
}

export const DRIFTS: readonly DriftRule[] = [
  {
    operation: 'GET /feed/fundos/v2/fundos/instituicoes',
    kind: 'envelope',
    what: 'the page is { items, total } instead of { content, totalSize, pageable }',
    apply: (body) => {
      const page = body as Record<string, unknown>;
      return { items: page.content, total: page.totalSize };
    },
  },
  {
    operation: 'GET /feed/fundos/v2/fundos/instituicoes/{cnpj}',
    kind: 'renamed',
    what: 'razao_social is sent as nome_razao_social',
    apply: (body) =>
      everyObject(body, (o) => {
        if (!('razao_social' in o)) return;
        o.nome_razao_social = o.razao_social;
        delete o.razao_social;
      }),
  },
  {
    operation: 'GET /feed/precos-indices/v1/titulos-publicos/vna',
    kind: 'missing',
    what: 'codigo_selic is left out of every record',
    apply: (body) =>
      everyObject(body, (o) => {
        delete o.codigo_selic;
      }),
  },
  {
    operation: 'GET /feed/precos-indices/v1/titulos-publicos/vna',
    kind: 'retyped',
    what: 'vna is a string with a decimal comma ("1870,533818")',
    apply: (body) =>
      everyObject(body, (o) => {
        if (typeof o.vna === 'number') o.vna = String(o.vna).replace('.', ',');
      }),
  },
];

/** The answer of `operation` with every drift rule of that operation applied (a fresh copy). */
export function driftAnswer(operation: string, body: unknown): unknown {
  const rules = DRIFTS.filter((r) => r.operation === operation);
  if (rules.length === 0) return body;
  // Through its JSON text rather than structuredClone: a body may hold cached RawJson records (cache/), and
  // parseLossless keeps the full-scale decimals as raw digits.
  return rules.reduce((b, rule) => rule.apply(b), parseLossless(encodeJson(body)));
}
