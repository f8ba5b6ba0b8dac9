// Only a page past the end ends a list: what a lying service or proxy (a token endpoint that answers 404, a page
// missing inside the total, a proxy that ignores `page`, a total smaller than the list) makes paginate() do.
import { describe, expect, it } from 'vitest';
import { TokenResponseError } from '../errors/errors.js';
import { LIST, setupClient } from '../test-support/client.js';
import { errorBody, type FakeFeedOptions, json } from '../test-support/fixtures.js';

const BATCH = '/feed/fundos/v2/fundos/dados-cadastrais/lote';
const batchQuery = (size: number) => ({
  params: { query: { 'data-atualizacao': '2026-01-02T03:04:05.678', size } },
});
const notFound = () => json(404, errorBody(404, 'not found', 'Nothing here.'));

async function walk(feedOptions: FakeFeedOptions, throwOnError: boolean, size = 10) {
  const { client, feed } = setupClient(feedOptions, { throwOnError });
  const seen: unknown[] = [];
  const error = await (async () => {
    for await (const row of client.paginate(BATCH, batchQuery(size))) seen.push(row);
  })().catch((e: unknown) => e);
  return { error, seen, feed };
}

/** A v2 list of `truth` records that answers each page by `answer` (default: the true page). */
function v2List(
  truth: number,
  answer: (
    page: number,
    size: number,
  ) => { content?: number; totalSize?: number; pageable?: object } | 404 = () => ({}),
): FakeFeedOptions {
  return {
    handler: (r) => {
      if (r.url.pathname !== BATCH) return undefined;
      const page = Number(r.url.searchParams.get('page'));
      const size = Number(r.url.searchParams.get('size'));
      const lie = answer(page, size);
      if (lie === 404) return notFound();
      const count = lie.content ?? Math.max(0, Math.min(size, truth - page * size));
      if (count === 0 && page > 0 && lie.content === undefined && page * size >= truth) return notFound();
      const content = Array.from({ length: count }, (_, k) => ({ codigo: `r${page * size + k}` }));
      return json(200, {
        content,
        totalSize: lie.totalSize ?? truth,
        pageable: lie.pageable ?? { page, size },
      });
    },
  };
}

describe('a failed token request is an authentication error, never the end of a list', () => {
  const tokenNotFound: FakeFeedOptions = {
    handler: (r) => (r.url.pathname === '/oauth/access-token' ? notFound() : undefined),
  };
  const everyRouteNotFound: FakeFeedOptions = { handler: () => notFound() };
  // A 401 on page 2 makes the client renew its token; the renewal answers 404.
  const renewalNotFound = (): FakeFeedOptions => {
    let renewing = false;
    const list = v2List(7231);
    return {
      handler: (r, feed) => {
        if (r.url.pathname === '/oauth/access-token') return renewing ? notFound() : undefined;
        if (r.url.searchParams.get('page') === '2') {
          renewing = true;
          return json(401, errorBody(401, 'invalid credential or token', 'The access_token expired.'));
        }
        return list.handler?.(r, feed);
      },
    };
  };

  it.each([
    ['the token endpoint answers 404', () => tokenNotFound, 0],
    ['every route of the base URL answers 404', () => everyRouteNotFound, 0],
    ['a renewal mid-list answers 404', renewalNotFound, 2000],
  ])('%s: TokenResponseError, without the paging hint', async (_, options, before) => {
    for (const throwOnError of [false, true]) {
      const { error, seen } = await walk(options(), throwOnError, 1000);
      expect(error).toBeInstanceOf(TokenResponseError);
      expect(error).toMatchObject({
        code: 'invalid_token_response',
        status: 404,
        path: '/oauth/access-token',
      });
      expect((error as Error).message).toMatch(/token request\) answered 404, so no token was issued/);
      expect((error as Error).message).not.toMatch(/paginate|page/);
      expect(seen).toHaveLength(before);
    }
  });

  it('a plain GET with a token 404 throws the same error', async () => {
    const { client } = setupClient(tokenNotFound, { throwOnError: true });
    await expect(client.GET(LIST)).rejects.toBeInstanceOf(TokenResponseError);
  });
});

describe('an answer that contradicts the list is an error naming the page, not a shorter list', () => {
  it.each([
    [
      'a 404 inside the total',
      v2List(55, (page) => (page === 3 ? 404 : {})),
      30,
      /page 3 answered 404 although/,
    ],
    [
      'a short page inside the total',
      v2List(55, (page) => (page === 1 ? { content: 4 } : {})),
      10,
      /page 1 answered 4 records of 10 .*55 records in 6 pages/,
    ],
    [
      'a last page shorter than the total says',
      v2List(55, (page) => (page === 5 ? { content: 2 } : {})),
      50,
      /page 5 answered 2 records .*last page holds 5/,
    ],
    [
      'a proxy that ignores page (every answer says page 0)',
      v2List(55, () => ({ pageable: { page: 0, size: 10 } })),
      10,
      /page 1 was asked, but the answer says it is page 0/,
    ],
    [
      'a total smaller than the list, the last page full',
      v2List(55, () => ({ totalSize: 30 })),
      30,
      /page 3 answered 10 records past the list's total \(30 records in 3 pages\)/,
    ],
    [
      'a total smaller than the list, the last page fuller than the total says',
      v2List(55, () => ({ totalSize: 25 })),
      20,
      /page 2 answered 10 records .*last page holds 5: the total is smaller than the list/,
    ],
  ])('%s', async (_, options, before, message) => {
    for (const throwOnError of [false, true]) {
      const { error, seen } = await walk(options, throwOnError);
      expect(error).toMatchObject({ code: 'pagination_inconsistent', method: 'GET', path: BATCH });
      expect((error as Error).message).toMatch(message);
      expect(seen).toHaveLength(before);
    }
  });

  it.each([
    ['a total that is a multiple of the size, then a 404', v2List(50), 50, 6],
    [
      'a total that is a multiple of the size, then an empty page',
      v2List(50, (p) => (p === 5 ? { content: 0 } : {})),
      50,
      6,
    ],
    ['a short last page', v2List(55), 55, 6],
  ])('(control) %s: the whole list, no error', async (_, options, truth, requests) => {
    const { error, seen, feed } = await walk(options, false);
    expect(error).toBeUndefined();
    expect(seen).toHaveLength(truth);
    expect(feed.feedRequests).toHaveLength(requests);
  });
});

describe('a page read apart, with the totals page 0 announced', () => {
  it.each([
    [{ totalPages: 6, totalElements: 55 }, 'pagination_inconsistent'],
    [undefined, undefined],
  ])('a 404 for page 3 with announced %j: %s', async (announced, code) => {
    const { client } = setupClient(v2List(55, (page) => (page === 3 ? 404 : {})));
    const query = { params: { query: { ...batchQuery(10).params.query, page: 3 } }, announced };
    const error = await (async () => {
      for await (const _ of client.pages(BATCH, query)) break;
    })().catch((e: unknown) => e);
    if (code) expect(error).toMatchObject({ code, message: expect.stringContaining('page 3 answered 404') });
    else expect(error).toBeUndefined();
  });

  it('the announced last page, full, is followed by the page after it: records there are an error', async () => {
    const { client, feed } = setupClient(v2List(60, () => ({ totalSize: 50 })));
    const query = {
      params: { query: { ...batchQuery(10).params.query, page: 4 } },
      announced: { totalPages: 5 },
    };
    const read = async () => {
      for await (const _ of client.pages(BATCH, query));
    };
    await expect(read()).rejects.toMatchObject({ code: 'pagination_inconsistent' });
    expect(feed.feedRequests.map((r) => r.url.searchParams.get('page'))).toEqual(['4', '5']);
  });
});
