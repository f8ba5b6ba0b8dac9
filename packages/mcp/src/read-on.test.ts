// Following the read-on hints to the end gives exactly the records of one uncut read: each hint is call_operation's
// whole argument object (path, query, fields, max_records, and skip when a cut fell inside a page), passed back as
// it is, the way an assistant follows it.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import { afterAll, describe, expect, it } from 'vitest';
import { type Connected, connectServer } from './test-support/connect.js';

type Answer = { records: unknown[]; next?: Record<string, unknown> };

const sandbox = createInProcessSandbox();
const servers = new Map<number, Connected>();
/** A server of that bound, over the one sandbox of this file. */
async function server(maxChars: number): Promise<Connected> {
  const known = servers.get(maxChars);
  if (known) return known;
  const made = await connectServer({ sandbox, settings: { maxChars } });
  servers.set(maxChars, made);
  return made;
}
afterAll(async () => {
  for (const s of servers.values()) await s.close();
});

/** Calls, then follows every hint as given, up to `limit` records; the records and the calls made. */
async function follow(maxChars: number, args: Record<string, unknown>, limit = Number.POSITIVE_INFINITY) {
  const s = await server(maxChars);
  const records: unknown[] = [];
  const hints: Record<string, unknown>[] = [];
  let next: Record<string, unknown> | undefined = args;
  while (next && records.length < limit) {
    const result = await s.call('call_operation', next);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const answer = result.structuredContent as Answer;
    expect(answer.records.length).toBeGreaterThan(0);
    records.push(...answer.records);
    next = answer.next;
    if (next) hints.push(next);
    expect(hints.length).toBeLessThan(500);
  }
  return { records, hints };
}

/** One read of the whole list: nothing cut by the bound or by max_records. */
async function uncut(args: Record<string, unknown>) {
  const result = await (await server(10_000_000)).call('call_operation', { ...args, max_records: 1000 });
  const answer = result.structuredContent as Answer;
  expect(answer.next).toBeUndefined();
  return answer.records;
}

const series = {
  operation: 'fundosV2GetSeries',
  path: { codigo_classe_ou_subclasse: 'C0000100007' },
  query: { 'data-inicio': '2026-07-01', 'data-fim': '2026-10-31' },
};

describe('following every read-on hint to the end equals one uncut read', () => {
  it.each([
    ['a path parameter and a date window, by max_records', series, 7, 40_000],
    ['a cut at the character bound inside a page (skip)', series, 40, 3000],
    [
      'a query filter and fields, cut at the bound',
      {
        operation: 'fundosV2ListFunds',
        query: { 'tipo-fundo': 'FIAGRO' },
        fields: ['codigo_fundo', 'razao_social_fundo'],
      },
      50,
      2000,
    ],
    [
      'an answer sent all at once, with fields',
      {
        operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf',
        fields: ['tipo_titulo', 'data_vencimento', 'taxa_indicativa'],
      },
      4,
      40_000,
    ],
    [
      'pages smaller than max_records, cut inside a page',
      { operation: 'fundosV2ListInstitutions', query: { size: 30 } },
      45,
      40_000,
    ],
  ])('%s', async (_, args, maxRecords, maxChars) => {
    const { size: _size, ...query } = (args as { query?: Record<string, unknown> }).query ?? {};
    const whole = await uncut({ ...args, query });
    expect(whole.length).toBeGreaterThan(maxRecords);
    const { records, hints } = await follow(maxChars, { ...args, max_records: maxRecords });
    expect(records).toEqual(whole);
    for (const hint of hints) {
      expect(hint).toMatchObject({ operation: args.operation, max_records: maxRecords });
      if ('path' in args) expect(hint.path).toEqual(args.path);
      if ('fields' in args) expect(hint.fields).toEqual(args.fields);
    }
    if (maxChars < 40_000) expect(hints.some((h) => typeof h.skip === 'number')).toBe(true);
  });

  it("pages E8 by the service's cursor and a skip inside a page: its first 200 records as one read", async () => {
    const args = {
      operation: 'fundosV2ListSeriesBatch',
      query: { 'data-atualizacao': '2026-12-01T00:00:00.000' },
    };
    const first = (
      (await (await server(10_000_000)).call('call_operation', { ...args, max_records: 200 }))
        .structuredContent as Answer
    ).records;
    const { records, hints } = await follow(8000, { ...args, max_records: 60 }, 200);
    expect(records.slice(0, 200)).toEqual(first);
    expect(hints.some((h) => typeof h.skip === 'number' && (h.query as { cursor?: string }).cursor)).toBe(
      true,
    );
  });
});
