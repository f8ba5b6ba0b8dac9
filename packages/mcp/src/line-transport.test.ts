// The stdio transport as the bin uses it, on streams in memory: an oversized message is answered with a JSON-RPC
// error and skipped, and the server goes on answering.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCatalog } from './catalog.js';
import { connect } from './feed.js';
import { LineTransport } from './line-transport.js';
import { createServer } from './server.js';

let feed: Awaited<ReturnType<typeof connect>> | undefined;

async function started(maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: unknown[] = [];
  let buffered = '';
  output.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) lines.push(JSON.parse(part));
  });
  feed ??= await connect({ sandbox: true, only: [], maxChars: 40_000 }, {});
  const server = createServer({ catalog: createCatalog(), feed, maxChars: 40_000 });
  await server.connect(new LineTransport(input, output, maxLineBytes));
  const answer = async (count: number) => {
    for (let i = 0; i < 200 && lines.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    return lines;
  };
  return { input, answer, close: () => server.close() };
}

const initialize = (id: number) =>
  `${JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  })}\n`;

describe('LineTransport', () => {
  it('answers a message over the limit with a JSON-RPC error, skips it, and answers the next one', async () => {
    const server = await started(1024);
    try {
      // The oversized line arrives in pieces, as a pipe delivers it, then a normal request.
      server.input.write(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${'x'.repeat(700)}`,
      );
      server.input.write(`${'y'.repeat(700)}"}}\n`);
      server.input.write(initialize(2));
      const [refused, answered] = await server.answer(2);
      expect(refused).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/over 1024 bytes.*the server reads on/) },
      });
      expect(answered).toMatchObject({ id: 2, result: { serverInfo: { name: 'assoc-feed-mcp' } } });
    } finally {
      await server.close();
    }
  });

  it('reads messages split across chunks and several in one chunk, up to the default limit of 10 MiB', async () => {
    const server = await started();
    try {
      const two = initialize(1) + initialize(2);
      server.input.write(two.slice(0, 50));
      server.input.write(two.slice(50));
      // Just under the default limit: read, not refused (an unknown method answers its own JSON-RPC error).
      server.input.write(
        `{"jsonrpc":"2.0","id":3,"method":"x","params":{"p":"${'z'.repeat(10 * 1024 * 1024 - 100)}"}}\n`,
      );
      const lines = await server.answer(3);
      const byId = new Map(lines.map((l) => [(l as { id: number }).id, l]));
      expect([...byId.keys()].sort()).toEqual([1, 2, 3]);
      expect(byId.get(3)).toMatchObject({ error: { code: -32601 } });
    } finally {
      await server.close();
    }
  });
});
