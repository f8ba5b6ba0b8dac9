// The pipeline as a fetch function, Request → Response, with no server and no Node built-in: what the MSW
// handlers (msw.ts) and a browser bundle run. The same pipeline as the Node server (server.ts), so both answer
// alike byte for byte.
import type { Pipeline } from '../server.js';
import { BodyTooLarge, type RequestHeaders } from './exchange.js';

/** `basePath` (e.g. `/api`) is taken off the request path before routing. */
export function fetchAdapter(pipeline: Pipeline, basePath = ''): (request: Request) => Promise<Response> {
  return async function sandboxFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: RequestHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const response = await pipeline({
      method: request.method,
      target: `${url.pathname.slice(basePath.length) || '/'}${url.search}`,
      headers,
      body: async (limit) => {
        if (Number(headers['content-length']) > limit) throw new BodyTooLarge();
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.length > limit) throw new BodyTooLarge();
        return bytes;
      },
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
