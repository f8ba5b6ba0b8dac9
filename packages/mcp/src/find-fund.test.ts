// find_fund: a fund by words of its name or by its CNPJ, in one call, over the sandbox's whole fund list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectServer, textOf } from './test-support/connect.js';

type Fund = { codigo_fundo: string; identificador_fundo: string; classes: { codigo_classe: string }[] };

let server: Connected;
/** A fund on the list's second page of 1,000: found only by reading past the first. */
let known: { codigo_fundo: string; nome_comercial_fundo: string; identificador_fundo: string };
beforeAll(async () => {
  server = await connectServer();
  const page = await server.call('call_operation', {
    operation: 'fundosV2ListFunds',
    query: { page: 1, size: 1000 },
    fields: ['codigo_fundo', 'nome_comercial_fundo', 'identificador_fundo'],
    max_records: 1,
  });
  known = (page.structuredContent as { records: (typeof known)[] }).records[0] as typeof known;
});
afterAll(() => server.close());

const funds = (result: { content: unknown }) =>
  textOf(result as never)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Fund);

describe('find_fund', () => {
  it('finds a fund by words of its name, in any case and without accents, with its class codes', async () => {
    const words = known.nome_comercial_fundo
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const result = await server.call('find_fund', { name: words, max_records: 1 });
    expect(result.isError).toBeFalsy();
    const [found] = funds(result);
    expect(found?.codigo_fundo).toBe(known.codigo_fundo);
    expect(found?.classes[0]?.codigo_classe).toMatch(/^C\d{10}$/);
  });

  it('finds a fund by its CNPJ, punctuation allowed', async () => {
    const d = known.identificador_fundo;
    const cnpj = `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
    const found = funds(await server.call('find_fund', { cnpj, max_records: 1 }));
    expect(found.map((f) => f.codigo_fundo)).toEqual([known.codigo_fundo]);
    expect(JSON.stringify(found[0])).toContain(d);
  });

  it.each([
    [{}, /find_fund needs name .* or cnpj/],
    [{ cnpj: '123' }, /cnpj must have 14 digits/],
    [{ name: '—' }, /has no letters or digits/],
  ])('%j is refused with the fix', async (args, message) => {
    const result = await server.call('find_fund', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });

  it('says when nothing matches, and when more funds match than it shows', async () => {
    expect(
      textOf(await server.call('find_fund', { name: 'zzyzx qwv', cnpj: known.identificador_fundo })),
    ).toMatch(/No fund with name "zzyzx qwv" and CNPJ/);
    const many = await server.call('find_fund', { name: 'fundo', max_records: 2 });
    expect(funds(many)).toHaveLength(2);
    expect(textOf(many)).toMatch(/More funds may match: the first 2 are shown/);
  });
});
