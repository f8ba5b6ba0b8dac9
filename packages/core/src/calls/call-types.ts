// The types of a document client's methods. openapi-fetch's own accept any extra key in a call's init (its
// `InitParam` adds `[key: string]: unknown`), so a misspelt or unsupported option compiles and is ignored. Here a
// call's init is the operation's openapi-fetch init plus CallOptions, and nothing else: every key is suggested by
// the editor, and an unknown one fails to compile with a message naming where parameters go. The same holds for
// a client's own options (ExactOptions). With `throwOnError: true` a call that returns has succeeded, so its result
// is the success branch alone. Without it, the error branch's `error` is always an object (the documented error
// object, or a TextErrorBody for any other body: error-body.ts makes it so at run time), so the openapi-fetch habit
// `if (error) throw …` narrows `data` to the success type; a `string` there (the gateway's bare-string 401) would
// keep `data` possibly undefined, as '' is falsy.

import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { TextErrorBody } from '../errors/error-body.js';
import type { RetryOptions } from '../transport/retry.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type MediaType = `${string}/${string}`;

/** A query value sent as given: a list repeats the name (`a=1&a=2`). */
export type ExtraQueryValue = string | number | boolean | readonly (string | number | boolean)[];

/** What a single call accepts besides the operation's `params` (and openapi-fetch's own init keys). */
export interface CallOptions {
  /** Deadline of this call (ms; Infinity for none), the wait for the token included. Default: the client's. */
  timeoutMs?: number;
  /** Retry options for this call, merged over the client's, or `false` for none. */
  retry?: Partial<RetryOptions> | false;
  /** Aborts the call; the abort reason is what the call rejects with. */
  signal?: AbortSignal | null;
  /**
   * Query parameters the spec does not know yet (the service added them before our spec did). Sent as given and
   * never checked: the escape hatch for those names alone. A name the spec knows belongs in `params.query`,
   * where it is checked; giving it here is refused.
   */
  extraQuery?: Record<string, ExtraQueryValue>;
}

/** Paths that have `method`. */
export type PathsWithMethod<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof Paths];

type OperationOf<Paths, P, M extends HttpMethod> = P extends keyof Paths
  ? M extends keyof Paths[P]
    ? Paths[P][M]
    : never
  : never;

/** openapi-fetch's init of `M path` (params, headers, parseAs, …) and the call options. */
export type CallInit<Paths, P, M extends HttpMethod> = (P extends keyof Paths
  ? M extends keyof Paths[P]
    ? NonNullable<MaybeOptionalInit<Paths[P], M>>
    : never
  : never) &
  CallOptions;

// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty object here, the standard required-key test.
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** Each key of `Init` the call does not know, typed as the reason (it shows in the compiler's message). */
type UnknownKeys<Init, Known> = {
  [K in Exclude<
    keyof Init,
    keyof Known
  >]: `${K & string} is not an option of a call: the spec's parameters go in params, parameters it does not know in extraQuery`;
};

/** The init argument: optional unless the operation has required parameters (decided after inference). */
type InitArgs<Init, Known> =
  RequiredKeys<NonNullable<Init>> extends never
    ? [init?: Init & UnknownKeys<NonNullable<Init>, Known>]
    : [init: Init & UnknownKeys<NonNullable<Init>, Known>];

/** The success branch of a result: what a throwing client returns (failures were thrown). */
export type SuccessResult<R> = Extract<R, { data: unknown }>;

/** A result's `error`: the documented error objects, or a TextErrorBody for any other body; never falsy. */
export type ResultError<Body> =
  | Exclude<Body, string | number | boolean | bigint | symbol | null | undefined | readonly unknown[]>
  | TextErrorBody;

/** The error branch of a non-throwing call's result. */
export type ErrorResult<R> = {
  data?: never;
  error: ResultError<Extract<R, { error: unknown }>['error']>;
  response: Response;
};

export type CallResult<Op, Init, Throw extends boolean> =
  Op extends Record<string | number, unknown>
    ? Throw extends true
      ? SuccessResult<FetchResponse<Op, Init, MediaType>>
      : SuccessResult<FetchResponse<Op, Init, MediaType>> | ErrorResult<FetchResponse<Op, Init, MediaType>>
    : never;

/** `client.GET(path, init)` and its siblings. */
export type CallMethod<Paths, M extends HttpMethod, Throw extends boolean> = <
  P extends PathsWithMethod<Paths, M>,
  Init extends CallInit<Paths, P, M> | undefined,
>(
  url: P,
  ...init: InitArgs<Init, CallInit<Paths, P, M>>
) => Promise<CallResult<OperationOf<Paths, P, M>, Init, Throw>>;

/** `true` when the options turn throwing mode on: the clients' results are then the success branch alone. */
export type ThrowsOn<Options> = Options extends { throwOnError: true } ? true : false;

/**
 * A client's options argument, exact: `Options` (inferred, so `throwOnError: true` is seen) with each key `Known`
 * lacks typed as the reason, so a misspelt option (`throwOnErorr`, `timeoutMS`, `enviroment`) fails to compile
 * instead of being silently ignored. A generic parameter's constraint alone does not check excess keys.
 */
export type ExactOptions<Options, Known> = Options & {
  [K in Exclude<
    keyof Options,
    keyof Known
  >]: `${K & string} is not an option of the client: check its spelling against the documented options`;
};
