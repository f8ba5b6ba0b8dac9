// The answers public clients of the real service read (specs/PUBLIC-CLIENT-EVIDENCE.md), one fixture per followed shape in
// evidence/: each validates against the bundled spec, and the typed client reads from it the fields those clients
// read. The reads below compile only while the generated types have the evidence's names and nesting.
import { readdirSync, readFileSync } from 'node:fs';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createResponseValidator } from '@assoc-feed/mock';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import { describe, expect, it } from 'vitest';
import { loadDocumentSpec } from './cases.js';

interface Fixture {
  row: string;
  clients: string;
  method: 'get' | 'post';
  path: string;
  status: number;
  body: unknown;
}

const dir = new URL('./evidence/', import.meta.url);
const fixtures = new Map(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Fixture] as const),
);
const validate = createResponseValidator(loadDocumentSpec('feed'));
const TOKEN = fixtures.get('row-09-token.json') as Fixture;

/** A fetch that answers the token call with row 9's answer (at `tokenStatus`) and every feed call with `fixture`. */
function serving(fixture: Fixture, tokenStatus = TOKEN.status) {
  return async (request: Request) => {
    const token = new URL(request.url).pathname === '/oauth/access-token';
    const { status, body } = token ? { status: tokenStatus, body: TOKEN.body } : fixture;
    return Response.json(body, { status });
  };
}
const options = (fixture: Fixture, tokenStatus?: number) => ({
  clientId: 'evidence',
  clientSecret: 'evidence-secret',
  baseUrl: 'https://api.test.example',
  retry: false as const,
  fetch: serving(fixture, tokenStatus),
});
const v2 = (name: string, tokenStatus?: number) =>
  createFundosV2Client(options(fixtures.get(name) as Fixture, tokenStatus));
const prices = (name: string) => createPrecosIndicesClient(options(fixtures.get(name) as Fixture));

describe('every evidence fixture is valid against the bundled spec', () => {
  it('there is one for each followed item with a shape (1, 2, 5, 6, 8, 9, 11–19, 21, 23)', () => {
    const rows = new Set([...fixtures.values()].flatMap((f) => f.row.split(/,\s*/)));
    expect([...rows].sort((a, b) => Number(a) - Number(b))).toEqual([
      '1',
      '2',
      '5',
      '6',
      '8',
      '9',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '21',
      '23',
    ]);
  });
  it.each([...fixtures.entries()])('%s', (_, f) => {
    expect(validate(f.method, f.path, f.status, f.body)).toEqual([]);
  });
});

// What each client reads, read through the typed client from the fixture.
describe('the typed clients read what the public clients read', () => {
  it('rows 1 and 2: E1 records in content, the fund at the top level, totalSize and pageable.size', async () => {
    const { data } = await v2('row-01-02-e1-page.json').GET('/feed/fundos/v2/fundos');
    expect(data?.totalSize).toBe(7231);
    expect(data?.pageable.size).toBe(1000);
    const item = data?.content[0];
    expect([item?.identificador_fundo, item?.codigo_fundo]).toEqual(['28516301000191', 'F0000254851']);
    expect(item?.classes[0]?.codigo_classe).toBe('C0000254851');
  });

  it("rows 5 and 23: E2, the fund's fields at the top level beside documentos, prestadores and classes", async () => {
    const { data } = await v2('row-05-23-e2-detail.json').GET(
      '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}',
      { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000254851' } } },
    );
    expect([data?.identificador_fundo, data?.codigo_fundo]).toEqual(['28516301000191', 'F0000254851']);
    expect(data?.documentos[0]?.tipo_documento).toBe('Regulamento');
    expect(data?.classes).toEqual([]);
  });

  it('row 1: E3 in the same envelope', async () => {
    const { data } = await v2('row-01-e3-page.json').GET('/feed/fundos/v2/fundos/instituicoes');
    expect([data?.totalSize, data?.content[0]?.identificador]).toEqual([1874, '34712345000190']);
  });

  it('row 6: the single-fund series, content[0].valor_patrimonio_liquido', async () => {
    const { data } = await v2('row-06-serie-historica.json').GET(
      '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/serie-historica',
      { params: { path: { codigo_classe_ou_subclasse: 'C0000254851' } } },
    );
    expect(data?.content[0]?.valor_patrimonio_liquido).toBe(512384761.5321);
    expect(data?.content[0]?.data_competencia).toBe('2026-11-19');
  });

  it('row 8: E8 takes size and cursor, and the answer names the next cursor', async () => {
    const { data } = await v2('row-08-e8-cursor.json').GET('/feed/fundos/v2/fundos/serie-historica/lote', {
      params: {
        query: {
          'data-atualizacao': '2026-11-20T00:00:00.000',
          'tipo-fundo': 'FIF',
          size: 1000,
          cursor: 'abc',
        },
      },
    });
    expect(data?.nextCursor).toBe('eyJvIjoxMDAwfQ');
    expect(data?.content[0]?.valor_cota).toBe(1.8452376123);
  });

  it.each([200, 201])(
    'rows 9 and 11: a token answer of %i is taken, in the older token_type form',
    async (status) => {
      const { response } = await v2('row-01-02-e1-page.json', status).GET('/feed/fundos/v2/fundos');
      expect(response.status).toBe(200);
    },
  );

  it("row 12: the gateway's bare string is the 401's message", async () => {
    const { error, response } = await v2('row-12-error-string.json').GET('/feed/fundos/v2/fundos');
    expect(response.status).toBe(401);
    // An object (so `if (error)` narrows), holding the bare string as sent.
    const body = (fixtures.get('row-12-error-string.json') as Fixture).body;
    expect(error).toEqual({ status: 401, error: 'text body', message: body });
  });

  it('row 21: mercado-secundario-TPF with codigo_isin and desvio_padrao, each optional', async () => {
    const { data } = await prices('row-21-mercado-secundario-tpf.json').GET(
      '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF',
    );
    expect(data?.map((r) => [r.codigo_isin, r.desvio_padrao])).toEqual([
      ['BRSTNCLTN7W3', 0.0123],
      [undefined, undefined],
    ]);
  });

  it('row 13: a bare JSON array', async () => {
    const { data } = await prices('row-13-bare-array.json').GET(
      '/feed/precos-indices/v1/titulos-publicos/estimativa-selic',
    );
    expect(data?.[0]?.estimativa_taxa_selic).toBe(14.9);
  });

  it('row 14: vna grouped per date, the bond name in titulos[].tipo_titulo', async () => {
    const { data } = await prices('row-14-vna.json').GET('/feed/precos-indices/v1/titulos-publicos/vna');
    expect(data?.[0]?.titulos.map((t) => [t.tipo_titulo, t.vna])).toEqual([
      ['NTN-B', 4761.238914],
      ['LFT', 18642.117305],
    ]);
  });

  it('row 15: curvas-juros, one object per date with its four blocks, bloco3361 among them', async () => {
    const { data } = await prices('row-15-curvas-juros.json').GET(
      '/feed/precos-indices/v1/titulos-publicos/curvas-juros',
    );
    const day = data?.[0];
    expect([
      day?.parametros[0]?.b1,
      day?.erros[0]?.valor_erro,
      day?.ettj[0]?.taxa_ipca,
      day?.bloco3361[0]?.taxa,
    ]).toEqual([0.1318730425, 0.0012, 7.7812, 13.812]);
  });

  it('row 16: curva-intradiaria, grupo_parametros[].parametros[]', async () => {
    const { data } = await prices('row-16-curva-intradiaria.json').GET(
      '/feed/precos-indices/v1/titulos-publicos/curva-intradiaria',
    );
    expect(data?.[0]?.grupo_parametros.map((g) => [g.grupo_indexador, g.parametros.length])).toEqual([
      ['PREFIXADOS', 2],
      ['IPCA', 1],
    ]);
    expect(data?.[0]?.grupo_parametros[0]?.parametros[0]).toEqual({ taxa: 13.798, vertice: 252 });
  });

  it('row 17: the IDA and IMA portfolios, one object per index with referencias[]', async () => {
    const ida = await prices('row-17-carteira-teorica-ida.json').GET(
      '/feed/precos-indices/v1/indices/carteira-teorica-ida',
    );
    expect([ida.data?.[0]?.indice, ida.data?.[0]?.referencias[0]?.codigo_titulo]).toEqual([
      'IDA-IPCA',
      'PETR16',
    ]);
    const ima = await prices('row-17-carteira-teorica-ima.json').GET(
      '/feed/precos-indices/v1/indices/carteira-teorica-ima',
    );
    expect([ima.data?.[0]?.indice, ima.data?.[0]?.referencias[0]?.codigo_selic_titulo]).toEqual([
      'IMA-B 5+',
      '760199',
    ]);
  });

  it('rows 18 and 19: resultados-ida with componentes, resultados-idka with its own fields', async () => {
    const ida = await prices('row-18-resultados-ida.json').GET(
      '/feed/precos-indices/v1/indices-mais/resultados-ida',
    );
    expect(ida.data?.[0]?.componentes?.[0]?.codigo).toBe('PETR16');
    const idka = await prices('row-19-resultados-idka.json').GET(
      '/feed/precos-indices/v1/indices/resultados-idka',
    );
    const r = idka.data?.[0];
    expect([r?.nome, r?.tx_compra, r?.tx_venda, r?.volatilidade]).toEqual([
      'IDKA IPCA 2A',
      6.1234,
      6.1122,
      2.3456,
    ]);
  });
});
