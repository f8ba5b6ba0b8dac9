// Reads a request body with a size limit. A body above it is refused without reading the rest: the stream is
// paused (TCP holds the client back) and the caller answers 413 and closes the connection.
import type { IncomingMessage } from 'node:http';

import { BodyTooLarge, ClientGone } from './exchange.js';

export { BodyTooLarge, ClientGone };

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    const gone = () => {
      if (!done) {
        done = true;
        reject(new ClientGone('the client closed the connection before the body was complete'));
      }
    };
    req.on('error', gone);
    req.on('close', gone);
  });
}
