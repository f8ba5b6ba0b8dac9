// The pipeline as a fetch function, Request → Response, with no server and no Node built-in: what the MSW
// handlers (msw.ts) and a browser bundle run. The same pipeline as the Node server (request-pipeline.ts), so both answer
// alike byte for byte, and a body that never ends meets the same request timeout as on a port.
import type { Pipeline } from '../request-pipeline.js';
import { BodyTooLarge, REQUEST_TIMEOUT_MS, type RequestHeaders, RequestTimedOut } from './exchange.js';

export interface FetchAdapterOptions {
  /** Taken off the request path before routing (e.g. `/api`). */
  basePath?: string;
  /** The whole request must have arrived within this, counted from the call; else 408. */
  requestTimeoutMs?: number;
}

export function fetchAdapter(
  pipeline: Pipeline,
  { basePath = '', requestTimeoutMs = REQUEST_TIMEOUT_MS }: FetchAdapterOptions = {},
): (request: Request) => Promise<Response> {
  return async function sandboxFetch(request: Request): Promise<Response> {
    const deadline = Date.now() + requestTimeoutMs;
    const url = new URL(request.url);
    const headers: RequestHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const response = await pipeline({
      method: request.method,
      target: `${url.pathname.slice(basePath.length) || '/'}${url.search}`,
      headers,
      body: (limit) => readBody(request, limit, deadline),
      discard: () => {},
    });
    // A Response refuses a body on these statuses, and HEAD answers carry the headers only.
    const bodyless = response.status === 204 || response.status === 304 || request.method === 'HEAD';
    return new Response(bodyless ? null : (response.body as BodyInit), {
      status: response.status,
      headers: response.headers,
    });
  };
}

/** The body up to `limit` bytes, read by `deadline` (ms since the epoch); the stream is cancelled otherwise. */
async function readBody(request: Request, limit: number, deadline: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length')) > limit) throw new BodyTooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimedOut()), Math.max(0, deadline - Date.now()));
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timedOut]);
      if (done) break;
      size += value.length;
      if (size > limit) throw new BodyTooLarge();
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
