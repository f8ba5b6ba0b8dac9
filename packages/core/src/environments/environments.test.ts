import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/errors.js';
import { environments, resolveBaseUrl } from './environments.js';

describe('resolveBaseUrl', () => {
  it.each([
    [{ environment: 'production' as const }, environments.production.baseUrl],
    [{ environment: 'sandbox' as const }, environments.sandbox.baseUrl],
    [
      { environment: 'production' as const, baseUrl: 'https://proxy.example/feed/' },
      'https://proxy.example/feed',
    ],
    [{ baseUrl: 'https://api.example.com/' }, 'https://api.example.com'],
    [{ baseUrl: 'https://api.example.com//' }, 'https://api.example.com'],
    [{ baseUrl: 'http://localhost:4010' }, 'http://localhost:4010'],
    [{ baseUrl: 'http://localhost' }, 'http://localhost'],
    [{ baseUrl: 'http://127.0.0.1:8080/' }, 'http://127.0.0.1:8080'],
    [{ baseUrl: 'http://127.12.0.3' }, 'http://127.12.0.3'],
    [{ baseUrl: 'http://[::1]:4010/mock' }, 'http://[::1]:4010/mock'],
  ])('%j -> %s', (options, expected) => {
    expect(resolveBaseUrl(options)).toBe(expected);
  });

  it.each([
    [
      'http, not loopback',
      { baseUrl: 'http://api.example.com' },
      /must use https.*https:\/\/api\.example\.com/s,
    ],
    ['http on a look-alike host', { baseUrl: 'http://localhost.evil.example' }, /must use https/],
    ['http on a LAN address', { baseUrl: 'http://192.168.0.10:4010' }, /loopback/],
    ['another scheme', { baseUrl: 'ftp://api.example.com' }, /https:\/\//],
    ['not a URL', { baseUrl: 'api.example.com' }, /not an absolute URL/],
    ['empty', { baseUrl: '' }, /non-empty URL/],
    [
      'credentials in the URL',
      { baseUrl: 'https://id:secret@api.example.com' },
      /must not carry credentials/,
    ],
    ['a query', { baseUrl: 'https://api.example.com/?x=1' }, /query or fragment/],
    ['no environment and no baseUrl', {}, /environment: 'production' or 'sandbox', or baseUrl/],
    ['unknown environment', { environment: 'staging' as 'production' }, /Unknown environment "staging"/],
  ])('rejects %s with a ConfigurationError naming the fix', (_, options, message) => {
    const error = catchError(() => resolveBaseUrl(options));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(message);
    expect((error as ConfigurationError).option).toMatch(/baseUrl|environment/);
  });

  it('does not echo credentials found in a rejected URL', () => {
    const error = catchError(() => resolveBaseUrl({ baseUrl: 'https://id:hunter2@api.example.com' }));
    expect(error.message).not.toContain('hunter2');
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
