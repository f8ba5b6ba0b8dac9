// What openapi-fetch calls as its fetch once it has built the Request (and run any middleware a user added): the
// flow A headers, the pipeline (retries, renew-and-replay, redirects, the body read), and a non-2xx answer made a
// typed error (throwing mode) or handed back with its body redacted.

import { basicAuthorization } from '../auth/base64.js';
import type { TokenManager } from '../auth/flow-a.js';
import { freshToken } from '../auth/token-source.js';
import { readErrorText } from '../body/body.js';
import type { BodyReader } from '../body/response-types.js';
import type { ClientConfig } from '../config/client-config.js';
import { type ErrorContext, errorFromResponse } from '../errors/error-from-response.js';
import { redact } from '../errors/redact.js';
import { CallRequest } from '../transport/call-request.js';
import { pathOf } from '../transport/http.js';
import { callOf } from './call-state.js';
import { ACCESS_TOKEN_HEADER, CLIENT_ID_HEADER, createPipelineFetch } from './fetch-pipeline.js';
import { rememberResponse } from './result.js';

export function createSend(
  config: ClientConfig,
  tokenManager: TokenManager,
  readBody: (() => Promise<BodyReader>) | undefined,
): (request: Request) => Promise<Response> {
  const { clientId, clientSecret, fetch, retry, maxResponseBytes, throwOnError } = config;
  const onRetry = config.hooks?.onRetry;
  const basic = basicAuthorization(clientId, clientSecret);
  const secretsOf = (request: Request) => [
    clientSecret,
    basic,
    basic.slice('Basic '.length),
    request.headers.get(ACCESS_TOKEN_HEADER) ?? undefined,
  ];
  const pipeline = createPipelineFetch({ fetch, retry, tokenManager, maxResponseBytes, onRetry });

  /** A non-2xx answer: its typed error (throwing mode), else the answer with its body redacted. */
  async function failed(request: Request, response: Response): Promise<Response> {
    const secrets = secretsOf(request);
    const context: ErrorContext = {
      method: request.method,
      path: pathOf(request.url),
      secrets,
      now: retry.now,
    };
    // Read once, bounded as a 2xx body is (past the limit: ResponseTooLargeError), then handed on rebuilt, so
    // openapi-fetch's `result.error` gets the redacted text.
    const text = await readErrorText(response, {
      method: context.method,
      path: context.path,
      maxResponseBytes,
    });
    const clean = redact(text, secrets);
    if (throwOnError) throw errorFromResponse(response, parse(clean), context);
    // A server that echoes a secret in its error body must not hand it to `result.error` either.
    const safe = rebuild(response, clean);
    rememberResponse(safe, context);
    return safe;
  }

  /**
   * What openapi-fetch calls as its fetch, once it has built the Request (and run any middleware a user added):
   * the flow A headers, the pipeline, and a non-2xx answer made a typed error.
   */
  async function send(request: Request): Promise<Response> {
    const call = callOf(request);
    if (call) call.request = request;
    // Without the call's state (a user's middleware replaced the Request), still flow A: every feed call needs it.
    if (call?.flowA !== false) {
      // Not raced against the call's abort: the deadline already settles the call on time, and a race would
      // make an AbortSignal for every call. A call given up while it waited goes no further.
      const token = freshToken(tokenManager) ?? (await tokenManager.getToken());
      if (call?.abort.aborted) throw call.abort.reason;
      request.headers.set(CLIENT_ID_HEADER, clientId);
      request.headers.set(ACCESS_TOKEN_HEADER, token);
    }
    if (call && readBody && call.operation !== undefined) {
      const operation = call.operation;
      call.parse = async (text: string, status: number) =>
        (await readBody()).parse(text, status, operation, pathOf(request.url));
    }
    if (request instanceof CallRequest) {
      // Nobody but the core sees a CallRequest (no middleware of the user's): nothing to take back.
      const response = await pipeline(request, call?.abort, call);
      return response.ok ? response : failed(request, response);
    }
    try {
      const response = await pipeline(request, call?.abort, call);
      return response.ok ? response : await failed(request, response);
    } finally {
      // openapi-fetch hands this same Request to the user's onResponse/onError: the flow A headers leave it first.
      request.headers.delete(ACCESS_TOKEN_HEADER);
      request.headers.delete(CLIENT_ID_HEADER);
    }
  }

  return send;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function rebuild(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
