import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConfigurationError,
  FeedError,
  type FeedErrorCode,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ResponseTruncatedError,
  ServerError,
  TimeoutError,
  TokenResponseError,
  UnauthorizedError,
} from './errors.js';
import { ResponseValidationError } from './response-types.js';

const details = { status: 404, method: 'GET', path: '/feed/x', requestId: 'req-1', headers: new Headers() };

// Each class with the name users see and the code it fixes, made as the clients make it.
const classes: [string, FeedErrorCode, () => FeedError][] = [
  ['InvalidCredentialsError', 'invalid_credentials', () => new InvalidCredentialsError('m', details)],
  ['TokenResponseError', 'invalid_token_response', () => new TokenResponseError('m', details)],
  ['UnauthorizedError', 'unauthorized', () => new UnauthorizedError('m', details)],
  ['ForbiddenError', 'forbidden', () => new ForbiddenError('m', details)],
  ['NotFoundError', 'not_found', () => new NotFoundError('m', details)],
  ['BadRequestError', 'bad_request', () => new BadRequestError('m', details)],
  ['RateLimitedError', 'rate_limited', () => new RateLimitedError('m', { ...details, retryAfterMs: 5 })],
  ['ServerError', 'server_error', () => new ServerError('m', details)],
  ['NetworkError', 'network_error', () => new NetworkError('m', { method: 'GET', path: '/feed/x' })],
  ['ResponseTruncatedError', 'response_truncated', () => new ResponseTruncatedError('m', details)],
  [
    'ResponseTooLargeError',
    'response_too_large',
    () => new ResponseTooLargeError('m', { ...details, maxResponseBytes: 10 }),
  ],
  ['ResponseParseError', 'invalid_response', () => new ResponseParseError('m', details)],
  [
    'RedirectError',
    'redirect_refused',
    () => new RedirectError('m', { ...details, targetOrigin: 'https://x' }),
  ],
  ['TimeoutError', 'timeout', () => new TimeoutError('m', { method: 'GET', path: '/feed/x', timeoutMs: 5 })],
  [
    'InvalidRequestError',
    'invalid_request',
    () =>
      new InvalidRequestError('m', [{ parameter: 'p', location: 'query', rule: 'type', message: 'm' }], {}),
  ],
  ['ConfigurationError', 'configuration', () => new ConfigurationError('baseUrl', 'm')],
  ['ResponseValidationError', 'unexpected_response', () => new ResponseValidationError('m', [], details)],
  ['FeedError', 'http_error', () => new FeedError('http_error', 'm', details)],
];

describe('the error classes', () => {
  it.each(classes)(
    '%s carries code %s, its name from a string literal, and the details',
    (name, code, make) => {
      const error = make();
      expect(error).toBeInstanceOf(FeedError);
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
    const error = new NetworkError('m', { method: 'GET', path: '/feed/x' });
    expect(Object.keys(error)).toEqual(['code', 'method', 'path']);
    expect('status' in error).toBe(false);
  });

  it('sets the status, request id and headers once, in the base, for every status class', () => {
    const headers = new Headers({ 'x-request-id': 'req-1' });
    const error = new NotFoundError('m', { ...details, headers });
    expect(error.status).toBe(404);
    expect(error.requestId).toBe('req-1');
    expect(error.headers).toBe(headers);
    expect(Object.keys(error)).not.toContain('headers');
  });

  it('keeps the extra fields of the classes that have them', () => {
    expect(new RateLimitedError('m', { ...details, retryAfterMs: 7 }).retryAfterMs).toBe(7);
    expect(new ResponseTooLargeError('m', { ...details, maxResponseBytes: 9 }).maxResponseBytes).toBe(9);
    expect(new TimeoutError('m', { timeoutMs: 3 }).timeoutMs).toBe(3);
    expect(new ConfigurationError('baseUrl', 'm').option).toBe('baseUrl');
    expect(new RedirectError('m', { targetOrigin: 'https://x' }).targetOrigin).toBe('https://x');
  });

  it('a subclass a user makes keeps the code of the class it extends', () => {
    class AppNotFound extends NotFoundError {}
    const error = new AppNotFound('m', details);
    expect(error.code).toBe('not_found');
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
