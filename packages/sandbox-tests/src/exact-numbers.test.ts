// The clients' `numbers: 'exact'` and `validateResponses` options, against the sandbox (which sends a seeded
// share of quota values with all 17 decimals of their Decimal(33,17)) and against answers in bad notation.
import { type ResponseIssue, ResponseValidationError } from '@assoc-feed/core';
import { createFundosV2Client, type ExactPaths, fundosV2Meta, type paths } from '@assoc-feed/fundos-v2';
import { responseValidators } from '@assoc-feed/fundos-v2/validators';
import { type RunningSandbox, sandboxFetch, startSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';

let sandbox: RunningSandbox;
const E8 = '/feed/fundos/v2/fundos/serie-historica/lote' as const;
const QUERY = { 'data-atualizacao': '2025-04-15T00:00:00.000' };
const options = () => ({
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  baseUrl: sandbox.url,
});

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

/** Every `valor_cota` in a parsed body, in order. */
function quotas(node: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const item of node) quotas(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'valor_cota') out.push(value);
      else quotas(value, out);
    }
  }
  return out;
}

async function sentQuotas(): Promise<string[]> {
  const text = await (await sandboxFetch(sandbox)(`${E8}?${new URLSearchParams(QUERY)}`)).text();
  return [...text.matchAll(/"valor_cota":(-?[\d.]+)/g)].map((m) => m[1] as string);
}

describe("numbers: 'exact'", () => {
  it('delivers every quota value as a string of the digits sent, 17 decimals included', async () => {
    const sent = await sentQuotas();
    expect(sent.some((q) => /\.\d{17}$/.test(q) && String(Number(q)) !== q)).toBe(true);
    const feed = createFundosV2Client({ ...options(), numbers: 'exact' });
    const { data, error } = await feed.GET(E8, { params: { query: QUERY } });
    expect(error).toBeUndefined();
    expect(quotas(data)).toEqual(sent);
  });

  it('types the exact fields as strings, and leaves them numbers by default', async () => {
    const exact = createFundosV2Client({ ...options(), numbers: 'exact' });
    const exactCall = () => exact.GET(E8, { params: { query: QUERY } });
    type ExactData = NonNullable<Awaited<ReturnType<typeof exactCall>>['data']>;
    expectTypeOf<QuotaOf<ExactData>>().toEqualTypeOf<string>();
    // With throwOnError: true as well, the result narrows to its success branch and the decimals stay strings.
    const thrown = createFundosV2Client({ ...options(), numbers: 'exact', throwOnError: true });
    const thrownCall = () => thrown.GET(E8, { params: { query: QUERY } });
    type ThrownData = Awaited<ReturnType<typeof thrownCall>>['data'];
    expectTypeOf<ThrownData>().toEqualTypeOf<Ok<ExactPaths>>();
    expectTypeOf(thrownCall).returns.resolves.toHaveProperty('error').toEqualTypeOf<undefined>();
    const plain = createFundosV2Client(options());
    type ExactRecord = Ok<ExactPaths>;
    type PlainRecord = Ok<paths>;
    expectTypeOf<QuotaOf<ExactRecord>>().toEqualTypeOf<string>();
    expectTypeOf<QuotaOf<PlainRecord>>().toEqualTypeOf<number>();
    const { data } = await plain.GET(E8, { params: { query: QUERY } });
    const values = quotas(data);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(typeof value).toBe('number');
  });
});

/** The 200 JSON body of E8 in a `paths` type. */
type Ok<P extends { [E8]: { get: { responses: { 200: { content: { 'application/json': unknown } } } } } }> =
  P[typeof E8]['get']['responses'][200]['content']['application/json'];

/** The type of `valor_cota` somewhere in a body type (E8: a page whose `content` lists the records). */
type QuotaOf<Body> = Body extends readonly (infer R)[]
  ? QuotaOf<R>
  : Body extends { content: infer C }
    ? QuotaOf<C>
    : Body extends { valor_cota?: infer V }
      ? NonNullable<V>
      : never;

describe('validateResponses', () => {
  it("'throw' accepts what the sandbox sends (the fund list, the series batch)", async () => {
    const feed = createFundosV2Client({ ...options(), validateResponses: 'throw', responseValidators });
    const list = await feed.GET('/feed/fundos/v2/fundos', { params: { query: { size: 50 } } });
    expect(list.error).toBeUndefined();
    const series = await feed.GET(E8, { params: { query: QUERY } });
    expect(series.error).toBeUndefined();
  });

  // One E8 record, as a fake service answers it: quota values in forms JSON allows but the notation does not.
  const answer = (quota: string) =>
    `{"content":[{"codigo_fundo":"F0000254851","codigo_classe":"C0000254851","codigo_subclasse":null,` +
    `"valor_patrimonio_liquido":1000.5,"valor_cota":${quota},"valor_volume_total_aplicacoes":0,` +
    `"valor_volume_total_resgates":0,"valor_volume_total_resgate_ir":0,"numero_cotistas":3,` +
    `"codigo_moeda":"BRL","data_competencia":"2025-04-14","data_atualizacao":"2025-04-15 08:00:00.000"}],` +
    `"totalSize":1,"nextCursor":null}`;
  const fakeFetch = (body: string) => async (request: Request) =>
    request.url.endsWith('/oauth/access-token')
      ? Response.json({ access_token: 't', token_type: 'Bearer', expires_in: 3600 })
      : new Response(body, { headers: { 'content-type': 'application/json' } });

  it.each([
    ['an exponent', '1.5e3', 'an exponent'],
    ['a huge exponent', '1e400', 'an exponent'],
    ['more decimals than the scale', '1.123456789012345678', '18 decimals (scale 17)'],
  ])('%s: kept exactly as text and reported with its pointer', async (_name, quota, problem) => {
    const reported: ResponseIssue[] = [];
    const feed = createFundosV2Client({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'http://127.0.0.1:1',
      retry: false,
      fetch: fakeFetch(answer(quota)),
      numbers: 'exact',
      validateResponses: 'warn',
      responseValidators,
      onResponseIssues: (issues) => reported.push(...issues),
    });
    const { data } = await feed.GET(E8, { params: { query: QUERY } });
    expect(quotas(data)).toEqual([quota]);
    expect(reported).toContainEqual({
      operation: `GET ${E8} 200`,
      pointer: '/content/0/valor_cota',
      expected: 'decimal notation (precision 33, scale 17)',
      found: `${quota} (${problem})`,
    });
    expect(JSON.stringify(reported)).not.toMatch(/Infinity|NaN/);
  });

  it("'throw' throws a ResponseValidationError naming the operation, pointer, expected and found", async () => {
    const feed = createFundosV2Client({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'http://127.0.0.1:1',
      retry: false,
      fetch: fakeFetch(answer('"12,5"')),
      validateResponses: 'throw',
      responseValidators,
    });
    const error = await feed.GET(E8, { params: { query: QUERY } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toContainEqual({
      operation: `GET ${E8} 200`,
      pointer: '/content/0/valor_cota',
      expected: 'type number',
      found: '"12,5"',
    });
    expect(fundosV2Meta.operations[`GET ${E8}`]).toBeDefined();
  });
});
