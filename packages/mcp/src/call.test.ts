// call_operation as an assistant sees it, against an in-process sandbox: records, counts, reading on, fields, and
// numbers with exactly the digits the service sent.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectServer, textOf } from './test-support/connect.js';
import { numbersOf, rawText } from './test-support/raw.js';
import { SANDBOX_NOTICE } from './tools.js';

type Structured = {
  records: Record<string, unknown>[];
  total?: number;
  /** call_operation's whole argument object that reads on. */
  next?: { operation: string; query: Record<string, unknown>; max_records: number; skip?: number };
  cut?: boolean;
};
const structured = (r: { structuredContent?: unknown }) => r.structuredContent as Structured;

let server: Connected;
beforeAll(async () => {
  server = await connectServer();
});
afterAll(() => server.close());

describe('call_operation', () => {
  it('returns fund codes, how many funds there are, and the query that reads on', async () => {
    const result = await server.call('call_operation', {
      operation: 'fundosV2ListFunds',
      query: { size: 3 },
      max_records: 3,
    });
    expect(result.isError).toBeFalsy();
    const { records, total, next } = structured(result);
    expect(records.map((r) => r.codigo_fundo)).toEqual([
      expect.stringMatching(/^F\d{10}$/),
      expect.any(String),
      expect.any(String),
    ]);
    expect(total).toBe(7231);
    expect(next).toEqual({ operation: 'fundosV2ListFunds', query: { page: 1, size: 3 }, max_records: 3 });
    const text = textOf(result);
    expect(text).toContain('3 records of 7231 in all');
    expect(text).toContain(
      'To read on, call call_operation with exactly these arguments: {"operation":"fundosV2ListFunds","query":{"page":1,"size":3},"max_records":3}',
    );
    for (const r of records) expect(text).toContain(`"codigo_fundo":"${r.codigo_fundo}"`);
  });

  it('reads on exactly where it said: the next page gives the records that follow', async () => {
    const ten = structured(
      await server.call('call_operation', { operation: 'fundosV2ListInstitutions', max_records: 10 }),
    );
    const first = structured(
      await server.call('call_operation', { operation: 'fundosV2ListInstitutions', max_records: 4 }),
    );
    const then = structured(await server.call('call_operation', { ...first.next }));
    expect([...first.records, ...then.records]).toEqual(ten.records.slice(0, 8));
    expect(then.next).toEqual({
      operation: 'fundosV2ListInstitutions',
      query: { page: 2, size: 4 },
      max_records: 4,
    });
  });

  it('reads across pages up to max_records, and says which records of the last page were shown', async () => {
    const result = structured(
      await server.call('call_operation', {
        operation: 'fundosV2ListInstitutions',
        query: { size: 4 },
        max_records: 10,
      }),
    );
    expect(result.records).toHaveLength(10);
    expect(result.next).toEqual({
      operation: 'fundosV2ListInstitutions',
      query: { page: 2, size: 4 },
      max_records: 10,
      skip: 2,
    });
  });

  it('reads only the page named in the query', async () => {
    const result = await server.call('call_operation', {
      operation: 'fundosV2ListInstitutions',
      query: { page: 3, size: 5 },
    });
    const { records, next } = structured(result);
    expect(records).toHaveLength(5);
    expect(next).toEqual({
      operation: 'fundosV2ListInstitutions',
      query: { page: 4, size: 5 },
      max_records: 20,
    });
  });

  it("pages E8 by its cursor, and reads on with the service's next cursor", async () => {
    const query = { 'data-atualizacao': '2026-11-20T00:00:00.000' };
    const six = structured(
      await server.call('call_operation', { operation: 'fundosV2ListSeriesBatch', query, max_records: 6 }),
    );
    const first = structured(
      await server.call('call_operation', { operation: 'fundosV2ListSeriesBatch', query, max_records: 3 }),
    );
    expect(first.next?.query).toEqual({ ...query, cursor: expect.any(String), size: 3 });
    const then = structured(await server.call('call_operation', { ...first.next }));
    expect([...first.records, ...then.records]).toEqual(six.records);
  });

  it('cuts a bare-array answer to max_records, says the service gives them all at once, and reads on by skip', async () => {
    const result = await server.call('call_operation', {
      operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
      max_records: 2,
    });
    const { records, total, next } = structured(result);
    expect(records).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect(next).toEqual({
      operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
      query: {},
      max_records: 2,
      skip: 2,
    });
    expect(textOf(result)).toMatch(
      new RegExp(`The service answers all ${total} records at once; 2 of them are shown here`),
    );
  });

  it('keeps only the fields asked for, and refuses a field the records do not have', async () => {
    const result = await server.call('call_operation', {
      operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
      fields: ['tipo_titulo', 'taxa_indicativa'],
      max_records: 3,
    });
    for (const r of structured(result).records)
      expect(Object.keys(r)).toEqual(['tipo_titulo', 'taxa_indicativa']);
    const wrong = await server.call('call_operation', {
      operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
      fields: ['taxa'],
    });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/"taxa" is not a field of .*Its fields: tipo_titulo, .*taxa_indicativa/);
  });

  it('answers an object as its one record', async () => {
    const result = await server.call('call_operation', {
      operation: 'fundosV2GetFund',
      path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000100007' },
    });
    expect(structured(result).records).toEqual([expect.objectContaining({ codigo_fundo: 'F0000100007' })]);
  });

  it('carries valor_cota exactly as the sandbox sends it: verbatim in the text, as strings in structuredContent', async () => {
    const result = await server.call('call_operation', {
      operation: 'fundosV2GetSeries',
      path: { codigo_classe_ou_subclasse: 'C0000100007' },
    });
    const sent = numbersOf(
      await rawText(
        createInProcessSandbox(),
        '/feed/fundos/v2/fundos/C0000100007/serie-historica?page=0&size=20',
      ),
      'valor_cota',
    );
    // Some of them carry more digits than a double holds: the comparison would catch a rounding.
    expect(sent.filter((v) => String(Number(v)) !== v).length).toBeGreaterThan(0);
    expect(structured(result).records.map((r) => r.valor_cota)).toEqual(sent);
    expect(numbersOf(textOf(result), 'valor_cota')).toEqual(sent);
  });

  it('begins every answer in the sandbox by saying its figures are generated', async () => {
    const answers = [
      await server.call('list_operations', {}),
      await server.call('describe_operation', { operation: 'fundosV2ListFunds' }),
      await server.call('call_operation', { operation: 'fundosV2ListFunds', max_records: 1 }),
      await server.call('call_operation', { operation: 'noSuchOperation' }),
    ];
    for (const answer of answers) expect(textOf(answer).startsWith(SANDBOX_NOTICE)).toBe(true);
  });
});
