// list_operations and describe_operation as an assistant sees them, through the official MCP client.
import { countTokens } from 'gpt-tokenizer';
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

  it('fit in 1,200 tokens, all four definitions as the client receives them', async () => {
    const { tools } = await server.client.listTools();
    // Counted with a real BPE tokenizer (OpenAI's o200k); other models' tokenizers split finer, so 15% is added.
    const tokens = Math.ceil(countTokens(JSON.stringify(tools)) * 1.15);
    expect(tokens).toBeLessThanOrEqual(1200);
  });

  it('come with instructions saying when to use which, and that sandbox figures are not real', () => {
    const instructions = server.client.getInstructions() ?? '';
    expect(instructions).toMatch(/list_operations[\s\S]*describe_operation[\s\S]*call_operation/);
    expect(instructions).toMatch(/not real/);
    // The suggested searches find a current operation first, not a deprecated one.
    expect(instructions).toMatch(
      /"quota value", "net assets", "NTN-B rate", "IMA results", "debenture price"/,
    );
    expect(instructions).toMatch(/find_fund/);
    expect(instructions).toMatch(
      /\/indices\/ \(index level\) and \/indices-mais\/ \(adds the components of IMA, IDA and IHFA\)/,
    );
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
  ])('finds by words in the summary, tag or path (%s)', async (search, found, notFound) => {
    const text = textOf(await server.call('list_operations', { search }));
    expect(text).toContain(found);
    expect(text).not.toContain(notFound);
  });

  it.each(['quota value', 'net assets', 'NTN-B rate', 'IMA results', 'debenture price'])(
    "lists a current operation first for the instructions' example %j",
    async (search) => {
      const text = textOf(await server.call('list_operations', { search }));
      const first = text.split('\n').find((l) => /^[a-z]\w+ {2}GET /.test(l)) ?? '';
      expect(first).not.toMatch(/DEPRECATED|not callable/);
    },
  );

  it('ranks best first, says which of two twins to call, and points to find_fund for a fund by name', async () => {
    const ima = textOf(await server.call('list_operations', { search: 'IMA results' }));
    const lines = ima.split('\n');
    expect(lines[2]).toMatch(/^precosIndicesIndicesResultadosIma {2}GET/);
    expect(ima).toMatch(/best first/);
    expect(ima).toMatch(
      /precosIndicesIndicesMaisResultadosIma \(indices-mais\) answers what precosIndicesIndicesResultadosIma \(indices\) does and adds componentes/,
    );
    const ida = textOf(await server.call('list_operations', { search: 'IDA results' }));
    expect(ida).toMatch(
      /precosIndicesIndicesMaisResultadosIda \(indices-mais\) answers what precosIndicesIndicesResultadosIda \(indices\) does and adds componentes/,
    );
    const byName = textOf(await server.call('list_operations', { search: 'fund by name' }));
    expect(byName).toMatch(/To find one fund by its name or CNPJ, call find_fund\./);
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

  it.each([
    ['precosIndicesTitulosPublicosMercadoSecundarioTpf', 'taxa_indicativa', 'percent a year, inferred'],
    ['precosIndicesIndicesResultadosIma', 'variacao_diaria', 'percent, inferred'],
    ['precosIndicesIndicesResultadosIma', 'duration', 'business days, inferred'],
    ['precosIndicesDebenturesMercadoSecundario', 'duration', 'business days'],
    [
      'precosIndicesTitulosPublicosCurvasJuros',
      'ettj[].taxa_prefixadas',
      'percent a year (252 business days)',
    ],
    [
      'precosIndicesTitulosPublicosEstimativaSelic',
      'estimativa_taxa_selic',
      'percent a year (252 business days)',
    ],
  ])('gives the unit of %s %s: %s', async (operation, field, unit) => {
    const text = textOf(await server.call('describe_operation', { operation }));
    const line = text.split('\n').find((l) => l.startsWith(`- ${field} (`)) ?? '';
    const escaped = unit.replace(/[()]/g, '\\$&');
    expect(line).toMatch(new RegExp(`; unit: ${escaped}[;)]`));
    if (unit.endsWith('inferred')) expect(text).toMatch(/^Units marked inferred: the documents give none/m);
  });

  it('says the release time once, and names the twin under the other path set', async () => {
    const text = textOf(
      await server.call('describe_operation', { operation: 'precosIndicesIndicesResultadosIda' }),
    );
    expect(text.match(/Release/g)).toHaveLength(1);
    expect(text).toMatch(/^Release of its data: daily, from 11:00 \(America\/Sao_Paulo\)\.$/m);
    expect(text).toMatch(
      /^Twin: precosIndicesIndicesMaisResultadosIda \(indices-mais\) answers what .* adds componentes/m,
    );
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

  it('offers find_fund only where the fund list it reads is offered', async () => {
    const limited = await connectServer({ settings: { only: ['C/vna'] } });
    try {
      const { tools } = await limited.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'call_operation',
        'describe_operation',
        'list_operations',
      ]);
      expect(limited.client.getInstructions()).not.toMatch(/find_fund/);
    } finally {
      await limited.close();
    }
  });
});
