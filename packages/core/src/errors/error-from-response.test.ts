import { describe, expect, it } from 'vitest';
import { errorFromResponse } from './error-from-response.js';
import * as errors from './errors.js';

const ctx = { method: 'GET', path: '/feed/fundos/v2/fundos?page=2' };
const body = (status: number, error: string, message: string) => ({ status, error, message });

describe('errorFromResponse', () => {
  it.each([
    [400, false, errors.BadRequestError, 'bad_request'],
    [401, false, errors.UnauthorizedError, 'unauthorized'],
    [403, false, errors.ForbiddenError, 'forbidden'],
    [404, false, errors.NotFoundError, 'not_found'],
    [429, false, errors.RateLimitedError, 'rate_limited'],
    [500, false, errors.ServerError, 'server_error'],
    [502, false, errors.ServerError, 'server_error'],
    [503, false, errors.ServerError, 'server_error'],
    [504, false, errors.ServerError, 'server_error'],
    [599, false, errors.ServerError, 'server_error'],
    [409, false, errors.FeedError, 'http_error'],
    [400, true, errors.InvalidCredentialsError, 'invalid_credentials'],
    [401, true, errors.InvalidCredentialsError, 'invalid_credentials'],
    [403, true, errors.ForbiddenError, 'forbidden'],
    [500, true, errors.ServerError, 'server_error'],
  ])('%i (token call: %s) -> %o', (status, tokenCall, type, code) => {
    const error = errorFromResponse(new Response(null, { status }), undefined, { ...ctx, tokenCall });
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(errors.FeedError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.method).toBe('GET');
    expect(error.path).toBe(ctx.path);
    expect(error.name).toBe(type.name);
  });

  it('carries the parsed body, the request id, and the server message in its own', () => {
    const error = errorFromResponse(
      new Response(null, { status: 404, headers: { 'x-request-id': 'req-77' } }),
      body(404, 'not found', 'No record found for the given code.'),
      ctx,
    );
    expect(error.requestId).toBe('req-77');
    expect(error.body).toEqual(body(404, 'not found', 'No record found for the given code.'));
    expect(error.message).toContain(
      'GET /feed/fundos/v2/fundos?page=2 answered 404 (not found): No record found',
    );
    expect(error.message).toContain('request id req-77');
  });

  // public-client evidence, item 12: the production gateway answered a 401 whose body was a bare JSON string.
  const gateway =
    'Client Id in the request, identified by HEADER client_id, is invalid. Check docs for the right client_id.';
  it.each([
    [
      'the documented object',
      body(401, 'invalid credential or token', 'The access_token is invalid.'),
      ' (invalid credential or token): The access_token is invalid. The access token',
    ],
    ["the gateway's bare JSON string", gateway, `: ${gateway} The access token`],
  ])('takes the message from %s', (_form, errorBody, expected) => {
    const error = errorFromResponse(new Response(null, { status: 401 }), errorBody, ctx);
    expect(error).toBeInstanceOf(errors.UnauthorizedError);
    expect(error.body).toEqual(errorBody);
    expect(error.message).toContain(`GET ${ctx.path} answered 401${expected}`);
  });

  it.each([
    [
      'No record found for the given code.',
      'answered 404 (not found): No record found for the given code. Nothing',
    ],
    ['No record found', 'answered 404 (not found): No record found. Nothing'],
    [undefined, 'answered 404 (not found). Nothing'],
  ])('ends the first sentence with one full stop (server message %j)', (message, expected) => {
    const error = errorFromResponse(
      new Response(null, { status: 404 }),
      { status: 404, error: 'not found', message },
      ctx,
    );
    expect(error.message).toContain(expected);
  });

  it('teaches the credential fix on a refused token request', () => {
    const error = errorFromResponse(new Response(null, { status: 401 }), undefined, {
      method: 'POST',
      path: '/oauth/access-token',
      tokenCall: true,
    });
    expect(error.message).toMatch(/clientId and clientSecret/);
    expect(error.message).toMatch(/production and sandbox credentials are different/);
  });

  it("carries document 1's 403 rule: permission, revocation or plan; regularise; new token after revocation", () => {
    const error = errorFromResponse(
      new Response(null, { status: 403 }),
      body(403, 'access not authorized', 'x'),
      ctx,
    );
    expect(error.message).toMatch(/lacks permission/);
    expect(error.message).toMatch(/revoked/);
    expect(error.message).toMatch(/contracted plan/);
    expect(error.message).toMatch(/Regularise the access with the operator/);
    expect(error.message).toMatch(/new token/);
  });

  it.each([
    ['seconds', '7', 7000],
    ['an HTTP date', new Date(1_000_000 + 12_000).toUTCString(), 12_000],
    ['a date in the past', new Date(0).toUTCString(), 0],
  ])('reads Retry-After given as %s', (_, header, expected) => {
    const error = errorFromResponse(
      new Response(null, { status: 429, headers: { 'retry-after': header } }),
      undefined,
      {
        ...ctx,
        now: () => 1_000_000,
      },
    );
    expect((error as errors.RateLimitedError).retryAfterMs).toBe(expected);
  });

  it('leaves retryAfterMs out when there is no header', () => {
    const error = errorFromResponse(
      new Response(null, { status: 429 }),
      undefined,
      ctx,
    ) as errors.RateLimitedError;
    expect('retryAfterMs' in error).toBe(false);
  });

  it('redacts secrets from the body, the message and the request id', () => {
    const error = errorFromResponse(
      new Response(null, { status: 401, headers: { 'x-request-id': 'id-with-tok123' } }),
      body(401, 'invalid credential or token', 'token tok123 expired'),
      { ...ctx, secrets: ['tok123'] },
    );
    expect(JSON.stringify(error)).not.toContain('tok123');
    expect(error.message).toContain('token [redacted] expired');
  });

  it('serialises its public fields and no cause', () => {
    const error = errorFromResponse(new Response(null, { status: 500 }), 'Bad gateway page', ctx);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ServerError',
      code: 'server_error',
      message: error.message,
      status: 500,
      method: 'GET',
      path: ctx.path,
      body: 'Bad gateway page',
    });
  });
});

describe('response headers on errors', () => {
  it('an error made from an answer carries its headers, secrets redacted, out of JSON and inspect', async () => {
    const response = new Response('{}', {
      status: 429,
      headers: { 'retry-after': '3', 'x-request-id': 'req-1', 'x-echo': 'token tok-secret-1' },
    });
    const error = errorFromResponse(response, {}, { ...ctx, secrets: ['tok-secret-1'] });
    expect(error).toBeInstanceOf(errors.RateLimitedError);
    expect(error.headers?.get('retry-after')).toBe('3');
    expect(error.headers?.get('x-echo')).toBe('token [redacted]');
    expect(JSON.stringify(error)).not.toContain('x-echo');
    const { inspect } = await import('node:util');
    expect(inspect(error)).not.toContain('x-echo');
  });
});
