import { describe, expect, it } from 'vitest';
import { toFeedError } from '../calls/result.js';
import { createDocumentClient } from '../client/create-document-client.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  errorBody,
  meta,
  type paths,
} from '../test-support/fixtures.js';
import { type FeedError, NotFoundError, UnauthorizedError } from './errors.js';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const GATEWAY = 'Client Id in the request, identified by HEADER client_id, is invalid. Check docs.';

/** A client whose feed calls (not the token call) all get `answer`. */
function answering(answer: () => Response, throwOnError = false) {
  const feed = createFakeFeed({
    handler: (request) => (request.url.pathname === '/oauth/access-token' ? undefined : answer()),
  });
  const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL, fetch: feed.fetch };
  return throwOnError
    ? createDocumentClient<paths>({ ...options, throwOnError: true }, meta)
    : createDocumentClient<paths>(options, meta);
}
const getFund = (client: ReturnType<typeof answering>) =>
  client.GET(DETAIL, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000000001' } } });

const text = (status: number, body: string, type = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': type } });

describe("a non-throwing call's error is always an object, so `if (error)` catches every failure", () => {
  it.each([
    {
      what: "the gateway's bare JSON string",
      answer: () => text(401, JSON.stringify(GATEWAY)),
      message: GATEWAY,
    },
    { what: 'an empty body', answer: () => text(404, ''), message: '' },
    { what: 'an empty JSON string', answer: () => text(404, '""'), message: '' },
    {
      what: 'text that is not JSON',
      answer: () => text(404, '<h1>Not Found</h1>', 'text/html'),
      message: '<h1>Not Found</h1>',
    },
    { what: 'JSON null', answer: () => text(404, 'null'), message: 'null' },
    { what: 'a JSON array', answer: () => text(404, '[1,2]'), message: '[1,2]' },
  ])('$what becomes a TextErrorBody holding its text', async ({ answer, message }) => {
    const result = await getFund(answering(answer));
    const status = result.response.status;
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status, error: 'text body', message });
  });

  it.each([
    [
      'a spoof of the text form with an object message',
      500,
      '{"error":"text body","message":{"toString":"x"}}',
    ],
    ['an object with a number for its message', 404, '{"status":404,"error":"not found","message":42}'],
    ['an object with a string for its status', 404, '{"status":"404","error":"not found","message":"m"}'],
    ['an object with malformed details', 400, '{"status":400,"error":"bad","message":"m","details":"size"}'],
    ['an object of other fields', 502, '{"fault":"gateway"}'],
  ])('%s is not the error object: a TextErrorBody whose message is the text', async (_, status, sent) => {
    const result = await getFund(answering(() => text(status, sent)));
    expect(result.error).toEqual({ status, error: 'text body', message: sent });
  });

  it.each([
    ['without details', errorBody(404, 'not found', 'No record found for the given code.')],
    [
      'with details',
      {
        ...errorBody(400, 'bad request', 'size'),
        details: [{ parameter: 'size', in: 'query', rule: 'at most 1000' }],
      },
    ],
  ])('the documented error object (%s) is handed on as it is', async (_, body) => {
    const result = await getFund(answering(() => text(body.status, JSON.stringify(body))));
    expect(result.error).toEqual(body);
  });

  it.each([false, true])(
    'an error body with __proto__, constructor and prototype keys keeps them all, and its prototype (throwing: %s)',
    async (throwOnError) => {
      const sent =
        '{"status":500,"error":"x","message":"m","__proto__":{"polluted":true},"constructor":{"prototype":{}},"prototype":1}';
      const client = answering(() => text(500, sent), throwOnError);
      const outcome = await getFund(client).catch((error: unknown) => error);
      const body = (
        throwOnError
          ? (outcome as FeedError).body
          : toFeedError(outcome as Awaited<ReturnType<typeof getFund>>)?.body
      ) as object;
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
      expect(Object.keys(body)).toEqual([
        'status',
        'error',
        'message',
        '__proto__',
        'constructor',
        'prototype',
      ]);
      expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ polluted: true });
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    },
  );

  it('toFeedError reads the body as sent: the same error throwing mode throws', async () => {
    const answer = () => text(401, JSON.stringify(GATEWAY));
    const fromResult = toFeedError(await getFund(answering(answer)));
    const thrown = await getFund(answering(answer, true)).catch((error: unknown) => error);
    expect(fromResult).toBeInstanceOf(UnauthorizedError);
    expect(thrown).toBeInstanceOf(UnauthorizedError);
    expect(fromResult?.body).toBe(GATEWAY);
    expect(fromResult?.message).toBe((thrown as UnauthorizedError).message);
  });

  it('an empty 404 is still a NotFoundError through toFeedError', async () => {
    expect(toFeedError(await getFund(answering(() => text(404, ''))))).toBeInstanceOf(NotFoundError);
  });
});
