// A server with an in-process sandbox, reached through the official MCP client over an in-memory transport: the
// protocol as an assistant speaks it, without a process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { createCatalog } from '../catalog.js';
import { connect, type InProcessSandbox } from '../feed.js';
import { createServer } from '../server.js';
import { DEFAULT_MAX_CHARS, type Settings } from '../settings.js';

export interface Connected {
  client: Client;
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  settings?: Partial<Settings>;
  /** The in-process sandbox to answer from (--sandbox). */
  sandbox?: InProcessSandbox;
  /** The FEED_* variables (without --sandbox). */
  env?: NodeJS.ProcessEnv;
}

export async function connectServer(options: ConnectOptions = {}): Promise<Connected> {
  const full: Settings = {
    sandbox: !options.env,
    only: [],
    maxChars: DEFAULT_MAX_CHARS,
    ...options.settings,
  };
  const feed = await connect(full, options.env ?? {}, options.sandbox);
  const server = createServer({ catalog: createCatalog(full.only), feed, maxChars: full.maxChars });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    call: async (name, args, signal) =>
      (await client.callTool(
        { name, arguments: args },
        undefined,
        signal ? { signal } : {},
      )) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tool result. */
export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
