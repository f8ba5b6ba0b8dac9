// Where the bundled spec says what the documents do not: each such reading is marked with an x-inferred (with
// its basis), and where a document does say it, the spec says the same. Reads @assoc-feed/specs/feed.json (its
// dist): run the specs build first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const spec = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json'), 'utf8'),
) as Json;

/** Follows local `$ref`s. */
function resolve(node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((acc, part) => acc[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, spec);
  }
  return current;
}

const schemas = (spec.components as Json).schemas as Record<string, Json>;
const property = (schema: string, name: string) =>
  ((schemas[schema] as Json).properties as Record<string, Json>)[name] as Json;
const BASES = ['document', 'guess'];
function expectMarked(node: Json, where: string) {
  const mark = node['x-inferred'] as Json | undefined;
  expect(mark, `${where} carries an x-inferred`).toBeDefined();
  const basis = String(mark?.basis);
  expect(BASES.includes(basis) || /^public clients \(\d+\)$/.test(basis), `${where}: basis ${basis}`).toBe(
    true,
  );
}

interface Op {
  path: string;
  method: string;
  op: Json;
}
const operations: Op[] = Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post'].includes(method))
    .map(([method, op]) => ({ path, method, op: op as Json })),
);
const byDocumentId = (id: string) => operations.find((o) => o.op['x-document-id'] === id) as Op;

describe('unmarked inferences are marked (item 5)', () => {
  it('CNPJ: 14 digits where document 2 writes AN-var(14), marked', () => {
    const cnpj = schemas.Cnpj as Json;
    expect(cnpj.pattern).toBe('^[0-9]{14}$');
    expectMarked(cnpj, 'Cnpj');
    expect(String((cnpj['x-inferred'] as Json).choice)).toMatch(/AN-var\(14\)/);
  });

  it('Num(p, up to d): the bound, the words and the mark agree (p−d integer digits)', () => {
    const upTo = Object.entries(schemas).filter(
      ([, s]) => (s['x-decimal'] as Json | undefined)?.scaleIsMaximum,
    );
    expect(upTo.length).toBeGreaterThanOrEqual(6);
    for (const [name, s] of upTo) {
      const { precision, scale } = s['x-decimal'] as { precision: number; scale: number };
      expect(s.exclusiveMaximum, name).toBe(10 ** (precision - scale));
      expect(String(s.description), name).toContain(`at most ${precision - scale} digits before the point`);
      expectMarked(s, name);
    }
  });

  it("E5's mes_referencia: 1-12, marked", () => {
    const month = property('FundosV2SegmentHistory', 'mes_referencia');
    expect([month.minimum, month.maximum]).toEqual([1, 12]);
    expectMarked(month, 'mes_referencia');
  });

  it('page defaults to 0 only where document 1 says so (E1), marked elsewhere', () => {
    const withPage = operations.flatMap(({ op }) =>
      ((op.parameters as unknown[]) ?? [])
        .map(resolve)
        .filter((p) => p.name === 'page')
        .map((p) => ({ op, p })),
    );
    expect(withPage.length).toBeGreaterThanOrEqual(8);
    for (const { op, p } of withPage) {
      const schema = resolve(p.schema);
      if (schema.default === undefined) continue;
      if (['E1', 'E1 beta'].includes(String(op['x-document-id']))) continue;
      expectMarked(schema, `page of ${op['x-document-id']}`);
    }
  });

  it("the beta's end date (not given by document 1) is marked where the beta operations carry it", () => {
    const beta = operations.filter(({ op }) => String(op['x-document-id']).endsWith(' beta'));
    expect(beta).toHaveLength(2);
    for (const { op } of beta) expect((op['x-discontinued'] as Json).since).toBe('2024-10-01');
    const marks = beta
      .map(({ op }) => op['x-inferred'] as Json | undefined)
      .filter((m) => m && /2024-10-01/.test(String(m.choice)));
    expect(marks).toHaveLength(1);
    expectMarked(byDocumentId('E1 beta').op, 'E1 beta');
  });

  it('infraestrutura is AN-var(2) as document 1 types it, not a borrowed AN-fixed(2) reading', () => {
    const field = property('FundosV2Classe', 'infraestrutura');
    const resolved = { ...resolve(field), ...field };
    expect(resolved).toMatchObject({ type: 'string', 'x-max-length': 2, enum: ['S', 'N', 'NA', 'ND'] });
    expect(resolved.minLength).toBeUndefined();
    expect(JSON.stringify(resolve(field)['x-inferred'] ?? '')).not.toMatch(/AN-fixed/);
  });

  it('the v2 Timestamp is described as document 1 writes it (document 3 has no Timestamp)', () => {
    const ts = schemas.TimestampV2 as Json;
    const text = `${ts.description} ${JSON.stringify(ts['x-inferred'])}`;
    expect(text).not.toMatch(/documents 1 and 3/i);
    expect(String(ts.description)).toMatch(/document 1/);
    expectMarked(ts, 'TimestampV2');
  });
});

describe('regulation-555 detail: the contexts document 2 does not show are open and marked alike (item 4)', () => {
  it.each([
    ['movimentacao', 'movimentacao'],
    ['serie_historica', 'serie_historica'],
    ['taxas', 'taxas (the fee record, the first field shown)'],
  ])('%s', (context) => {
    const detail = schemas.FundosV1Fund555Detail as Json;
    const node = (detail.properties as Record<string, Json>)[context] as Json;
    const schema = resolve(node);
    expect(schema.additionalProperties, context).toBe(true);
    // Nothing beyond what document 2 shows is required: the fee record's first field, `unidade`, at most.
    expect(
      ((schema.required as string[]) ?? []).filter((f) => f !== 'unidade'),
      context,
    ).toEqual([]);
    expect(schema['x-inferred'] ?? node['x-inferred'], context).toBeDefined();
    // Not the offshore contexts' records, which declare (and require) fields document 2 gives for offshore only.
    expect(schema).not.toBe(schemas.FundosV1Movimentacao);
    expect(schema).not.toBe(schemas.FundosV1SerieHistorica);
  });

  it('the two new open contexts carry a basis', () => {
    expectMarked(schemas.FundosV1Fund555Movimentacao as Json, 'FundosV1Fund555Movimentacao');
    expectMarked(schemas.FundosV1Fund555SerieHistorica as Json, 'FundosV1Fund555SerieHistorica');
  });
});

describe("the beta database's size quotes document 1 and says how it is read (item 6)", () => {
  it('the beta list answer carries the marked reading; its example says it too', () => {
    const ok = (byDocumentId('E1 beta').op.responses as Json)['200'] as Json;
    expectMarked(ok, 'E1 beta 200');
    const mark = ok['x-inferred'] as Json;
    expect(String(mark.choice)).toContain('"about 7,231 thousand example FIF funds"');
    expect(String(mark.choice)).toMatch(/read as about 7,231/);
    // The beta has every type but FIAGRO (document 1), so the sandbox's beta list answers 7,087 of its 7,231.
    expect(String(mark.choice)).toContain('7,087');
    expect(mark.basis).toBe('guess');
    const example = Object.values(
      ((ok.content as Json)['application/json'] as Json).examples as Json,
    )[0] as Json;
    expect(String(example.summary)).toContain('about 7,231 thousand example FIF funds');
  });
});

describe('the month of a two-release IMA portfolio is marked (item 3)', () => {
  it.each(['A/indices/carteira-teorica-ima', 'A/indices-mais/carteira-teorica-ima'])('%s', (id) => {
    const ok = resolve((byDocumentId(id).op.responses as Json)['200']);
    expectMarked(ok, `${id} 200`);
    expect(String((ok['x-inferred'] as Json).choice)).toMatch(/mes.*ano.*both releases/s);
  });
});

describe('the input calls declare the 400 the sandbox sends for a body that is not a JSON object (item 7)', () => {
  it.each(['Input/titulos-privados', 'Input/fidc-3040'])('%s', (id) => {
    const { op } = byDocumentId(id);
    const bad = resolve((op.responses as Json)['400']);
    expectMarked(bad, `${id} 400`);
    expect(String(bad.description)).toMatch(/not a JSON object/);
    expect(String((op['x-inferred'] as Json).choice)).toMatch(/400/);
  });
});

describe('marks claim what the evidence shows, one basis per claim', () => {
  const pathOp = (path: string, method = 'get') =>
    (spec.paths as Record<string, Json>)[path]?.[method] as Json;
  const basisOf = (node: Json) => String((node['x-inferred'] as Json | undefined)?.basis);
  const responses = (spec.components as Json).responses as Record<string, Json>;
  const arraySchema = (name: string) =>
    resolve((((responses[name] as Json).content as Json)['application/json'] as Json).schema);

  it('the flow A token call declares 201 (two clients), apart from the token URL (document)', () => {
    const op = pathOp('/oauth/access-token', 'post');
    const declared = op.responses as Json;
    expect(Object.keys(declared).filter((s) => s.startsWith('2'))).toEqual(['201']);
    expect(basisOf(resolve(declared['201']))).toBe('public clients (2)');
    expect(basisOf(op)).toBe('document');
    expect(JSON.stringify(op['x-inferred'])).not.toMatch(/20[01]/);
    const flowB = pathOp('/realms/input-api/protocol/openid-connect/token', 'post');
    expect(Object.keys(flowB.responses as Json)).toContain('200');
  });

  it("VNA: two public clients, and the mark says how the document's `titulos Alnum(50)` is read", () => {
    const mark = arraySchema('VnaResponse')['x-inferred'] as Json;
    expect(mark.basis).toBe('public clients (2)');
    expect(String(mark.choice)).toMatch(/`titulos Alnum\(50\)`.*`tipo_titulo`/);
    expect(basisOf(property('VnaTitulo', 'tipo_titulo'))).toBe('public clients (2)');
  });

  it("the single-fund series' data-atualizacao: its existence at most two clients, its meaning a guess", () => {
    const series = byDocumentId('E2-serie-historica');
    const param = (series.op.parameters as unknown[]).map(resolve).find((p) => p.name === 'data-atualizacao');
    expect(param).toBeDefined();
    expect(basisOf(param as Json)).toMatch(/^public clients \([12]\)$/);
    expect(basisOf(param?.schema as Json)).toBe('guess');
  });

  it('DifusaoTaxas is a guess, its conditional fields optional when the condition holds', () => {
    const schema = schemas.DifusaoTaxas as Json;
    expect(basisOf(schema)).toBe('guess');
    expect((schema.then as Json).required).toBeUndefined();
    expect((schema.else as Json).required).toBeUndefined();
  });

  it("/ida-liq/resultados (an example's spelling, not a listed endpoint) is a guess", () => {
    expect(basisOf(pathOp('/feed/precos-indices/v1/ida-liq/resultados'))).toBe('guess');
  });

  it('no document-3 answer counts clients that are not known to read it', () => {
    const counted = Object.entries(responses)
      .filter(([, r]) => (r.content as Json | undefined)?.['application/json'])
      .map(([name]) => [name, basisOf(arraySchema(name))] as const)
      .filter(([, basis]) => basis.startsWith('public clients'));
    expect(Object.fromEntries(counted)).toEqual({
      VnaResponse: 'public clients (2)',
      CarteiraTeoricaIdaResponse: 'public clients (2)',
      CarteiraTeoricaImaResponse: 'public clients (2)',
      MercadoSecundarioTpfResponse: 'public clients (1)',
      CurvaIntradiariaResponse: 'public clients (1)',
      ResultadosIdaComComponentesResponse: 'public clients (1)',
      ResultadosIdkaResponse: 'public clients (1)',
    });
  });

  it('the v2 list envelope counts the clients on the funds list only; the other lists are by analogy', () => {
    const envelope = schemas.PageEnvelopeV2 as Json;
    expect(String((envelope['x-inferred'] as Json).evidence)).toMatch(/funds list \(E1\)/);
    for (const id of ['E3', 'E6', 'E7']) {
      const ok = resolve((byDocumentId(id).op.responses as Json)['200']);
      const schema = ((ok.content as Json)['application/json'] as Json).schema as Json;
      expect(basisOf(schema), id).toBe('guess');
    }
  });

  it("E2's top-level fields say plainly that they override the reading of document 1's context `content`", () => {
    expect(String(((schemas.FundosV2Detail as Json)['x-inferred'] as Json).choice)).toMatch(
      /overrides the reading/,
    );
  });

  it('the beta list marks the paging it borrows from E1; no unit the documents do not give', () => {
    for (const p of (byDocumentId('E1 beta').op.parameters as unknown[]).map(resolve)) {
      if (p.name === 'page' || p.name === 'size') expect(basisOf(p), String(p.name)).toBe('guess');
    }
    expect(String(property('CurvasJurosResolucaoBc', 'taxa').description)).not.toMatch(/%/);
    expect(String(property('CurvaIntradiariaParametro', 'taxa').description)).not.toMatch(/%/);
  });

  it("E5's mark does not rest on the sandbox's own behaviour", () => {
    const text = JSON.stringify(byDocumentId('E5').op['x-inferred']);
    expect(text).not.toMatch(/8th business day|as the sandbox answers/);
  });
});
