// list_operations and describe_operation as an assistant sees them, through the official MCP client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntries } from './catalog.js';
import { type Connected, connectServer, textOf } from './test-support/connect.js';

let server: Connected;
beforeAll(async () => {
  server = await connectServer();
});
afterAll(() => server.close());

describe('the tools', () => {
  it('are the four, read-only and open-world; call_operation has no output schema', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'call_operation',
      'describe_operation',
      'find_fund',
      'list_operations',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description?.length).toBeGreaterThan(80);
    }
    const call = tools.find((t) => t.name === 'call_operation');
    expect(call?.annotations?.openWorldHint).toBe(true);
    expect(call?.outputSchema).toBeUndefined();
    expect(Object.keys(call?.inputSchema.properties ?? {})).toEqual([
      'operation',
      'path',
      'query',
      'max_records',
      'fields',
      'skip',
    ]);
    expect(call?.inputSchema.required).toEqual(['operation']);
  });

  it('come with instructions saying when to use which, and that sandbox figures are not real', () => {
    const instructions = server.client.getInstructions() ?? '';
    expect(instructions).toMatch(/list_operations[\s\S]*describe_operation[\s\S]*call_operation/);
    expect(instructions).toMatch(/not real/);
  });
});

describe('list_operations', () => {
  it('names all 64 operationIds, marking the deprecated and the ones not callable here', async () => {
    const text = textOf(await server.call('list_operations', {}));
    const ids = allEntries().map((e) => e.id);
    expect(ids).toHaveLength(64);
    for (const id of ids) expect(text).toContain(`${id}  `);
    const lineOf = (id: string) => text.split('\n').find((l) => l.startsWith(`${id}  `)) ?? '';
    expect(lineOf('fundosV1ListFunds')).toContain('DEPRECATED');
    expect(lineOf('fundosV2BetaGetFund')).toContain('DEPRECATED');
    expect(lineOf('fundosV2ListFunds')).not.toMatch(/DEPRECATED|not callable/);
    for (const id of [
      'feedRequestAccessToken',
      'inputRequestAccessToken',
      'inputPostPrivateSecurities',
      'inputPostFidc3040',
    ])
      expect(lineOf(id)).toContain('not callable here');
    expect(text.match(/not callable here/g)).toHaveLength(4);
  });

  it.each([
    ['government bonds', 'precosIndicesTitulosPublicosMercadoSecundarioTpf', 'fundosV2ListFunds'],
    ['serie-historica', 'fundosV2GetSeries', 'precosIndicesTitulosPublicosVna'],
    ['Índices ima', 'precosIndicesIndicesCarteiraTeoricaIma', 'fundosV2GetSeries'],
  ])('filters by words in the summary, tag or path (%s)', async (search, found, notFound) => {
    const text = textOf(await server.call('list_operations', { search }));
    expect(text).toContain(found);
    expect(text).not.toContain(notFound);
  });

  it('filters by document', async () => {
    const text = textOf(await server.call('list_operations', { document: 'fundos-v1' }));
    expect(text).toMatch(/^7 operations in fundos-v1/m);
    expect(text).not.toContain('fundosV2ListFunds');
  });

  it('says how to search again when nothing matches', async () => {
    const result = await server.call('list_operations', { search: 'bitcoin' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(
      /No operation matches "bitcoin": try other words, in English or the documents' Portuguese/,
    );
  });
});

describe('describe_operation', () => {
  it('gives the parameters and the fields of the answer with their meanings and units', async () => {
    const text = textOf(
      await server.call('describe_operation', {
        operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
      }),
    );
    expect(text).toMatch(
      /^- data \(query; optional; string, format date.*example "2026-11-19"\): Reference date/m,
    );
    expect(text).toMatch(
      /^- taxa_indicativa \(number, decimal\(19,4\); unit: percent a year, inferred\): Indicative rate/m,
    );
    expect(text).toMatch(/Release of its data: daily from 20:00 \(America\/Sao_Paulo\)/);
    expect(text).toMatch(/a list of records, all at once/);
  });

  it('gives limits, defaults, the rules between parameters and how the list pages', async () => {
    const series = textOf(await server.call('describe_operation', { operation: 'fundosV2GetSeries' }));
    expect(series).toMatch(/^- codigo_classe_ou_subclasse \(path; required; string, pattern/m);
    expect(series).toMatch(/^- size \(query; optional; integer; minimum 1; maximum 1000; default 1000/m);
    expect(series).toMatch(/data-inicio to data-fim; covers at most 12 months/);
    expect(series).toMatch(/^- valor_cota \(number, decimal\(33,17\)\): Quota value/m);
    expect(series).toMatch(/Paging: by page number/);
    const portfolio = textOf(
      await server.call('describe_operation', { operation: 'precosIndicesIndicesCarteiraTeoricaIma' }),
    );
    expect(portfolio).toMatch(/mes and ano must be sent together/);
    const batch = textOf(await server.call('describe_operation', { operation: 'fundosV2ListSeriesBatch' }));
    expect(batch).toMatch(/Paging: by cursor/);
  });

  it('marks inferred choices and deprecation', async () => {
    const text = textOf(await server.call('describe_operation', { operation: 'fundosV2BetaListFunds' }));
    expect(text).toMatch(/^DEPRECATED \(discontinued since 2024-10-01\)/m);
    expect(text).toMatch(/Inferred choice \(the documents are silent here/);
    const tokenCall = textOf(
      await server.call('describe_operation', { operation: 'feedRequestAccessToken' }),
    );
    expect(tokenCall).toMatch(/not callable here/);
  });

  it('answers an unknown operation with isError and the closest names', async () => {
    const result = await server.call('describe_operation', { operation: 'fundosV2ListFund' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/is not an operation of the Feed API\. Closest: fundosV2ListFunds/);
  });
});

describe('--only', () => {
  it('offers only the operations named', async () => {
    const limited = await connectServer({ settings: { only: ['E1', '/titulos-publicos'] } });
    try {
      const text = textOf(await limited.call('list_operations', {}));
      expect(text).toMatch(/^9 operations/m);
      expect(text).toContain('fundosV2ListFunds');
      expect(text).toContain('precosIndicesTitulosPublicosVna');
      const refused = await limited.call('call_operation', { operation: 'fundosV2GetSeries' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(
        /not offered by this server \(it was started with --only E1,\/titulos-publicos\)/,
      );
    } finally {
      await limited.close();
    }
  });
});
