// One document's typed client: openapi-fetch's `Client<Paths>` with the core plugged in.
//
//   client.GET(path, init)
//     -> check:           params against the spec (InvalidRequestError: nothing is built or sent; call-methods.ts)
//     -> deadline:        one deadline for the whole call, the caller's signal wins (timeout.ts)
//     -> openapi-fetch:   builds the Request (and runs any middleware a user added), then calls `send`:
//     -> send:            flow A headers `client_id` and `access_token` (send.ts; the token manager: session.ts)
//        -> pipeline:     retries, one 401 renew-and-replay, redirects checked, the 2xx body read (bounded by
//                         maxResponseBytes) and parsed, inside the retries (fetch-pipeline.ts)
//        -> non-2xx:      typed error (thrown in throwing mode, else the redacted answer, kept for toFeedError)
//
// openapi-fetch is asked for the body as a stream (which it hands back unread) and the data the pipeline read
// replaces it in the result: so a body cut short is retried, and a parse failure is a ResponseParseError.
//
// Results stay openapi-fetch's `{ data, error, response }` unless `throwOnError: true`. What is thrown in
// both modes, because there is no response to return: InvalidRequestError (bad input), InvalidCredentialsError
// and TokenResponseError (the token request failed), NetworkError, ResponseTruncatedError, ResponseTooLargeError,
// ResponseParseError (a 2xx body that is not JSON, or empty, where the operation promises JSON), RedirectError,
// TimeoutError, and the caller's abort reason.
//
// Every call runs through here, so the common case is kept cheap (see the client benchmarks in tools/bench):
// - the core is openapi-fetch's fetch, not a middleware: with no middleware openapi-fetch skips its middleware
//   round (an id, a frozen options object and two awaited hooks per call). A user's middleware still runs, and
//   sees the Request before the flow A headers are set and after they are taken off again (no token or client_id
//   reaches it), and the answer after the error mapping (its body redacted);
// - on the default fetch, with no middleware of the user's, openapi-fetch builds a CallRequest, not a Request
//   (call-request.ts), which the default fetch sends as a URL and an init;
// - the caller's signal is not handed to openapi-fetch (undici does extra work for a Request with a signal);
//   the call's own signal travels beside the Request instead, under an init key openapi-fetch copies onto it.

import createClient, { type Client } from 'openapi-fetch';
import type { TokenManager } from '../auth/flow-a.js';
import type { DocumentExtras } from '../body/response-types.js';
import { withDeadlines } from '../calls/call-methods.js';
import type { CallMethod, ExactOptions, ThrowsOn } from '../calls/call-types.js';
import { createSend } from '../calls/send.js';
import { resolveBodyReader } from '../config/client-config.js';
import type { DocumentClientOptions } from '../config/client-options.js';
import { type DocumentMeta, operationIndex } from '../input/meta.js';
import { createPaginator, type Paginator } from '../paging/paginate.js';
import type { RetryBudget } from '../transport/retry-budget.js';
import { flowATokenManager, sessionConfig } from './session.js';

export type { DocumentClientOptions } from '../config/client-options.js';

/**
 * openapi-fetch's client with typed calls (CallMethod: the operation's init plus CallOptions, nothing else) and,
 * when `Throw` (the client was made with `throwOnError: true`), results narrowed to their success branch.
 */
export type DocumentClient<Paths extends {}, Throw extends boolean = false> = Omit<
  Client<Paths>,
  'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE'
> & {
  GET: CallMethod<Paths, 'get', Throw>;
  PUT: CallMethod<Paths, 'put', Throw>;
  POST: CallMethod<Paths, 'post', Throw>;
  DELETE: CallMethod<Paths, 'delete', Throw>;
  OPTIONS: CallMethod<Paths, 'options', Throw>;
  HEAD: CallMethod<Paths, 'head', Throw>;
  PATCH: CallMethod<Paths, 'patch', Throw>;
  TRACE: CallMethod<Paths, 'trace', Throw>;
} & Paginator<Paths> & {
    /** The flow A token manager this client uses (shared when one was passed in). */
    readonly tokenManager: TokenManager;
    /** The resolved base URL. */
    readonly baseUrl: string;
    /** The retry budget this client's calls share (pass it as `retry.budget` to share it further). */
    readonly retryBudget: RetryBudget | undefined;
  };

export function createDocumentClient<
  Paths extends {},
  Options extends DocumentClientOptions = DocumentClientOptions,
>(
  options: ExactOptions<Options, DocumentClientOptions>,
  meta: DocumentMeta,
  loaders: DocumentExtras = {},
): DocumentClient<Paths, ThrowsOn<Options>> {
  const config = sessionConfig(options);
  const readBody = resolveBodyReader(options, loaders, `@assoc-feed/${meta.name}/validators`);
  const tokenManager = options.tokenManager ?? flowATokenManager(config);
  const client = createClient<Paths>({
    baseUrl: config.baseUrl,
    // Redirects are the pipeline's to decide (redirect.ts): fetch would follow them with the credentials on.
    redirect: 'manual',
    fetch: createSend(config, tokenManager, readBody),
  });
  // The meta read once: each call, and each page a paginator requests, finds its operation here.
  const operations = operationIndex(meta);
  withDeadlines(client, operations, config.timeoutMs, config.retry, config.defaultFetch);

  const extras = {
    tokenManager,
    baseUrl: config.baseUrl,
    retryBudget: config.retry.budget || undefined,
    ...createPaginator<Paths>(client, meta, operations),
  };
  return Object.assign(client, extras) as unknown as DocumentClient<Paths, ThrowsOn<Options>>;
}

/** The options with every number kept exactly as sent (for writers using stringifyLossless). */
export function withLosslessNumbers<O extends DocumentClientOptions>(options: O): O {
  // Every number whose text a double would change is kept as a raw-number marker (exact-json.ts).
  return { ...options, numbers: 'lossless' as 'exact' };
}
