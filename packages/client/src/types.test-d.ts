// The types a user leans on, pinned (vitest typecheck: this file is compiled, never run). Each failure case is a
// `@ts-expect-error`: if the mistake ever compiles, the directive itself fails the check.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type BadRequestError,
  type ConfigurationError,
  createFeedClient,
  type FeedError,
  type ForbiddenError,
  type FundosV2Components,
  type FundosV2Paths,
  type InvalidCredentialsError,
  type InvalidRequestError,
  type NetworkError,
  NotFoundError,
  RateLimitedError,
  type ServerError,
  type TimeoutError,
  type UnauthorizedError,
} from './index.js';

const options = { clientId: 'id', clientSecret: 'secret', baseUrl: 'http://127.0.0.1:4011' };
const plain = createFeedClient(options);
const throwing = createFeedClient({ ...options, throwOnError: true });

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const LIST = '/feed/fundos/v2/fundos';
type Detail = FundosV2Components['schemas']['FundosV2Detail'];
type ListPage = FundosV2Paths[typeof LIST]['get']['responses'][200]['content']['application/json'];
const params = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000100007' } };

describe('throwOnError: true narrows the result to its success branch', () => {
  it('data is the answer, never undefined; there is no error branch', () => {
    const call = () => throwing.fundosV2.GET(DETAIL, { params });
    expectTypeOf(call).returns.resolves.toHaveProperty('data').toEqualTypeOf<Detail>();
    expectTypeOf(call).returns.resolves.toHaveProperty('error').toEqualTypeOf<undefined>();
  });

  it('without it, data may be undefined and error is the documented body', () => {
    const call = () => plain.fundosV2.GET(DETAIL, { params });
    expectTypeOf(call).returns.resolves.toHaveProperty('data').toEqualTypeOf<Detail | undefined>();
    expectTypeOf(call).returns.resolves.toHaveProperty('error').not.toEqualTypeOf<undefined>();
  });

  it('an options object typed as a whole (throwOnError: boolean) keeps both branches', () => {
    const loose: { clientId: string; clientSecret: string; baseUrl: string; throwOnError: boolean } = {
      ...options,
      throwOnError: true,
    };
    const call = () => createFeedClient(loose).fundosV2.GET(DETAIL, { params });
    expectTypeOf(call).returns.resolves.toHaveProperty('data').toEqualTypeOf<Detail | undefined>();
  });
});

describe('per-call options', () => {
  it('timeoutMs, retry, signal and extraQuery are accepted and typed', () => {
    const signal = new AbortController().signal;
    void (() =>
      plain.fundosV2.GET(LIST, {
        params: { query: { size: 10 } },
        timeoutMs: 5_000,
        retry: { maxRetries: 0 },
        signal,
        extraQuery: { 'novo-filtro': 'x', codigos: ['a', 'b'], ativos: true },
      }));
    void (() => plain.fundosV2.GET(LIST, { retry: false }));
  });

  it('an unknown key fails to compile', () => {
    // @ts-expect-error: timeotMs is misspelt (the message says where parameters go)
    void (() => plain.fundosV2.GET(LIST, { timeotMs: 5_000 }));
    // @ts-expect-error: a query parameter is not a call option
    void (() => plain.fundosV2.GET(LIST, { size: 10 }));
  });

  it('wrong option types fail to compile', () => {
    // @ts-expect-error: retry is options or false
    void (() => plain.fundosV2.GET(LIST, { retry: true }));
    // @ts-expect-error: extraQuery values are strings, numbers, booleans or lists of them
    void (() => plain.fundosV2.GET(LIST, { extraQuery: { x: { nested: 1 } } }));
  });

  it('required parameters stay required', () => {
    // @ts-expect-error: the path parameter is missing
    void (() => plain.fundosV2.GET(DETAIL));
    // @ts-expect-error: the path parameter is missing
    void (() => plain.fundosV2.GET(DETAIL, { timeoutMs: 1_000 }));
  });
});

describe('paginate', () => {
  it('walks a paginated list, typed by its record', () => {
    const walk = () => throwing.fundosV2.paginate(LIST, { params: { query: { 'tipo-fundo': 'FIF' } } });
    expectTypeOf(walk).returns.toEqualTypeOf<AsyncIterableIterator<ListPage['content'][number]>>();
  });

  it('a path without paging fails to compile, and the message names the reason', () => {
    // @ts-expect-error: the fund detail is not a paginated list
    void (() => plain.fundosV2.paginate(DETAIL, { params }));
    type Arg = Parameters<typeof plain.fundosV2.paginate<typeof DETAIL>>[0];
    expectTypeOf<Arg>().toEqualTypeOf<`${typeof DETAIL} is not a paginated list (no page parameter, or no content list in its answer): call GET instead`>();
  });
});

describe('errors', () => {
  it('each subclass has a literal code, and a literal status where the class fixes it', () => {
    expectTypeOf<NotFoundError['code']>().toEqualTypeOf<'not_found'>();
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<ForbiddenError['code']>().toEqualTypeOf<'forbidden'>();
    expectTypeOf<ForbiddenError['status']>().toEqualTypeOf<403>();
    expectTypeOf<UnauthorizedError['code']>().toEqualTypeOf<'unauthorized'>();
    expectTypeOf<UnauthorizedError['status']>().toEqualTypeOf<401>();
    expectTypeOf<BadRequestError['code']>().toEqualTypeOf<'bad_request'>();
    expectTypeOf<BadRequestError['status']>().toEqualTypeOf<400>();
    expectTypeOf<RateLimitedError['code']>().toEqualTypeOf<'rate_limited'>();
    expectTypeOf<RateLimitedError['status']>().toEqualTypeOf<429>();
    expectTypeOf<InvalidCredentialsError['code']>().toEqualTypeOf<'invalid_credentials'>();
    expectTypeOf<InvalidCredentialsError['status']>().toEqualTypeOf<400 | 401>();
    expectTypeOf<ServerError['code']>().toEqualTypeOf<'server_error'>();
    expectTypeOf<ServerError['status']>().toEqualTypeOf<number>();
    expectTypeOf<NetworkError['code']>().toEqualTypeOf<'network_error'>();
    expectTypeOf<TimeoutError['code']>().toEqualTypeOf<'timeout'>();
    expectTypeOf<InvalidRequestError['code']>().toEqualTypeOf<'invalid_request'>();
    expectTypeOf<ConfigurationError['code']>().toEqualTypeOf<'configuration'>();
  });

  it('errors without an answer have no status', () => {
    expectTypeOf<NetworkError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<TimeoutError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<InvalidRequestError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<ConfigurationError['status']>().toEqualTypeOf<undefined>();
  });

  it('errors made from an answer carry its headers', () => {
    expectTypeOf<NotFoundError['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<ForbiddenError['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<RateLimitedError['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<ServerError['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<FeedError['headers']>().toEqualTypeOf<Headers | undefined>();
  });

  it('instanceof narrows code and status', () => {
    const handle = (error: FeedError) => {
      if (error instanceof RateLimitedError) {
        expectTypeOf(error.status).toEqualTypeOf<429>();
        expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
      }
      if (error instanceof NotFoundError) expectTypeOf(error.code).toEqualTypeOf<'not_found'>();
    };
    void handle;
  });
});
