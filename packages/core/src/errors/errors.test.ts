import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../body/response-types.js';
import * as errors from './errors.js';

const details = { status: 404, method: 'GET', path: '/feed/x', requestId: 'req-1', headers: new Headers() };

// Each class with the name users see and the code it fixes, made as the clients make it.
const classes: [string, errors.FeedErrorCode, () => errors.FeedError][] = [
  ['InvalidCredentialsError', 'invalid_credentials', () => new errors.InvalidCredentialsError('m', details)],
  ['TokenResponseError', 'invalid_token_response', () => new errors.TokenResponseError('m', details)],
  ['UnauthorizedError', 'unauthorized', () => new errors.UnauthorizedError('m', details)],
  ['ForbiddenError', 'forbidden', () => new errors.ForbiddenError('m', details)],
  ['NotFoundError', 'not_found', () => new errors.NotFoundError('m', details)],
  ['BadRequestError', 'bad_request', () => new errors.BadRequestError('m', details)],
  [
    'RateLimitedError',
    'rate_limited',
    () => new errors.RateLimitedError('m', { ...details, retryAfterMs: 5 }),
  ],
  ['ServerError', 'server_error', () => new errors.ServerError('m', details)],
  ['NetworkError', 'network_error', () => new errors.NetworkError('m', { method: 'GET', path: '/feed/x' })],
  ['ResponseTruncatedError', 'response_truncated', () => new errors.ResponseTruncatedError('m', details)],
  [
    'ResponseTooLargeError',
    'response_too_large',
    () => new errors.ResponseTooLargeError('m', { ...details, maxResponseBytes: 10 }),
  ],
  ['ResponseParseError', 'invalid_response', () => new errors.ResponseParseError('m', details)],
  [
    'RedirectError',
    'redirect_refused',
    () => new errors.RedirectError('m', { ...details, targetOrigin: 'https://x' }),
  ],
  [
    'TimeoutError',
    'timeout',
    () => new errors.TimeoutError('m', { method: 'GET', path: '/feed/x', timeoutMs: 5 }),
  ],
  [
    'InvalidRequestError',
    'invalid_request',
    () =>
      new errors.InvalidRequestError(
        'm',
        [{ parameter: 'p', location: 'query', rule: 'type', message: 'm' }],
        {},
      ),
  ],
  ['ConfigurationError', 'configuration', () => new errors.ConfigurationError('baseUrl', 'm')],
  ['ResponseValidationError', 'unexpected_response', () => new ResponseValidationError('m', [], details)],
  ['FeedError', 'http_error', () => new errors.FeedError('http_error', 'm', details)],
];

describe('the error classes', () => {
  it.each(classes)(
    '%s carries code %s, its name from a string literal, and the details',
    (name, code, make) => {
      const error = make();
      expect(error).toBeInstanceOf(errors.FeedError);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      // The name is the class's own literal on its prototype, not read from the constructor (a minifier renames it).
      expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(error), 'name')?.value).toBe(name);
      expect(error.name).toBe(name);
      expect(error.stack?.startsWith(`${name}: m`)).toBe(true);
      expect(Object.keys(error)).not.toContain('name');
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name, code, message: 'm' });
      expect(inspect(error).match(new RegExp(`\\b${name}\\b`, 'g'))).toHaveLength(1);
      if (error.path) expect(error.path).toBe('/feed/x');
    },
  );

  it('keeps details a call did not have absent, not undefined', () => {
    const error = new errors.NetworkError('m', { method: 'GET', path: '/feed/x' });
    expect(Object.keys(error)).toEqual(['code', 'method', 'path']);
    expect('status' in error).toBe(false);
  });

  it('sets the status, request id and headers once, in the base, for every status class', () => {
    const headers = new Headers({ 'x-request-id': 'req-1' });
    const error = new errors.NotFoundError('m', { ...details, headers });
    expect(error.status).toBe(404);
    expect(error.requestId).toBe('req-1');
    expect(error.headers).toBe(headers);
    expect(Object.keys(error)).not.toContain('headers');
  });

  it('keeps the extra fields of the classes that have them', () => {
    expect(new errors.RateLimitedError('m', { ...details, retryAfterMs: 7 }).retryAfterMs).toBe(7);
    expect(new errors.ResponseTooLargeError('m', { ...details, maxResponseBytes: 9 }).maxResponseBytes).toBe(
      9,
    );
    expect(new errors.TimeoutError('m', { timeoutMs: 3 }).timeoutMs).toBe(3);
    expect(new errors.ConfigurationError('baseUrl', 'm').option).toBe('baseUrl');
    expect(new errors.RedirectError('m', { targetOrigin: 'https://x' }).targetOrigin).toBe('https://x');
  });

  it('a subclass a user makes keeps the code of the class it extends', () => {
    class AppNotFound extends errors.NotFoundError {}
    const error = new AppNotFound('m', details);
    expect(error.code).toBe('not_found');
    expect(error).toBeInstanceOf(errors.NotFoundError);
  });
});
