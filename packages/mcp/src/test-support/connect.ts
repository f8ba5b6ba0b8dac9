// A server with an in-process sandbox, reached through the official MCP client over an in-memory transport: the
// protocol as an assistant speaks it, without a process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createCatalog } from '../catalog.js';
import { connect } from '../feed.js';
import { createServer } from '../server.js';
import { DEFAULT_MAX_CHARS, type Settings } from '../settings.js';

export interface Connected {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectSandbox(settings: Partial<Settings> = {}): Promise<Connected> {
  const full: Settings = { sandbox: true, only: [], maxChars: DEFAULT_MAX_CHARS, ...settings };
  const server = createServer({
    catalog: createCatalog(full.only),
    feed: connect(full),
    maxChars: full.maxChars,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tool result. */
export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
