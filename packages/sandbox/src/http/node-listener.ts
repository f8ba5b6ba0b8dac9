// The pipeline behind Node's http server: translate the IncomingMessage in, write the answer out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pipeline } from '../request-pipeline.js';
import { readBody } from './body.js';

export function nodeListener(pipeline: Pipeline) {
  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let unread = false;
    const response = await pipeline({
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      body: (limit) => readBody(req, limit),
      discard: () => {
        // A body still to come is not read to its end (a 200 MB POST to a GET-only path took seconds): the
        // answer closes the connection instead, as after a 413. Nothing left to read: the connection stays.
        if (!req.complete && hasBody(req)) unread = true;
        else req.resume();
      },
      clientGone: () => req.socket.destroyed,
    });
    if (res.headersSent || res.destroyed) return;
    res.writeHead(response.status, unread ? { ...response.headers, connection: 'close' } : response.headers);
    res.end(response.body);
  };
}

/** Whether the request carries a body: a Content-Length above 0, or a Transfer-Encoding (chunked). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
