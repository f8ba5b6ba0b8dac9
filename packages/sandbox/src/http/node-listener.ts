// The pipeline behind Node's http server: translate the IncomingMessage in, write the answer out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pipeline } from '../server.js';
import { readBody } from './body.js';

export function nodeListener(pipeline: Pipeline) {
  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const response = await pipeline({
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      body: (limit) => readBody(req, limit),
      discard: () => req.resume(),
      clientGone: () => req.socket.destroyed,
    });
    if (res.headersSent || res.destroyed) return;
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  };
}
