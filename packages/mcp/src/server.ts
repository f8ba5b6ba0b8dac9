// The MCP server: three tools over the Feed API's operations (the "dynamic" shape: list, describe, call, so that
// 64 operations do not flood an assistant with tool definitions), and instructions that say when to use which.
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type Catalog, documentNames } from './catalog.js';
import type { Feed } from './feed.js';
import { call, DEFAULT_MAX_RECORDS, describe, listOperations, MAX_RECORDS, SANDBOX_NOTICE } from './tools.js';

const version = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

export { version };

export interface ServerOptions {
  catalog: Catalog;
  feed: Feed;
  maxChars: number;
}

function instructions(options: ServerOptions): string {
  const lines = [
    'This server reads the Feed data service: Brazilian investment funds (registry, daily quota values and net ' +
      'assets, document fundos-v2; the discontinued v1 in fundos-v1) and pricing and indices (index results and ' +
      'portfolios such as IMA and IDA, government bond rates and prices (NTN-B, LTN…), VNA, yield curves, ' +
      'debentures, index ETFs: document precos-indices).',
    '1. list_operations finds the operation for a question (search by words: "bonds secondary", "quota", "IMA portfolio").',
    '2. describe_operation tells its parameters (types, formats, limits, which must go together, such as mes with ' +
      'ano) and the meaning and unit of every field of its answer. Read it before the first call of an operation.',
    `3. call_operation calls it. Lists are read from the first page up to max_records (default ${DEFAULT_MAX_RECORDS}, ` +
      `at most ${MAX_RECORDS}); the answer says how many records there are and the exact query that reads on. ` +
      'Use fields to keep only the fields you need. Numbers are exactly as the service sent them: quote them as given.',
    'Dates are YYYY-MM-DD unless described otherwise; codes are as the operation describes them (a v2 class is C and ten digits).',
  ];
  if (options.feed.sandbox) lines.push(SANDBOX_NOTICE);
  return lines.join('\n');
}

const annotations = { readOnlyHint: true, openWorldHint: true } as const;
const value = z.union([z.string(), z.number(), z.boolean()]);

export function createServer(options: ServerOptions): McpServer {
  const server = new McpServer(
    { name: 'assoc-feed-mcp', version },
    { instructions: instructions(options), capabilities: { tools: {} } },
  );
  const ctx = { catalog: options.catalog, feed: options.feed, maxChars: options.maxChars };

  server.registerTool(
    'list_operations',
    {
      title: 'List the Feed API operations',
      description:
        'Lists the operations of the Feed API (operationId, method and path, one-line summary), optionally ' +
        'filtered. Use it first, to find the operationId for a question. Deprecated operations are marked, and ' +
        "so are those not callable here (token requests, the input family's POSTs).",
      inputSchema: {
        search: z
          .string()
          .optional()
          .describe(
            'Words that must all appear in the summary, a tag or the path, e.g. "government bonds" or "serie-historica".',
          ),
        document: z
          .enum(documentNames as [string, ...string[]])
          .optional()
          .describe(
            'Only this document: fundos-v2 (funds), fundos-v1 (discontinued funds API), precos-indices (prices and indices).',
          ),
      },
      annotations: { ...annotations, openWorldHint: false },
    },
    async (args) =>
      listOperations(ctx, args as { search?: string; document?: (typeof documentNames)[number] }),
  );

  server.registerTool(
    'describe_operation',
    {
      title: 'Describe a Feed API operation',
      description:
        'Tells what an operation takes and answers: each parameter (where it goes, type, format, allowed values, ' +
        'limits, required, default, example), the rules between parameters, how its list pages, the release time ' +
        'of its data, and every field of its answer with its meaning and unit. Call it before call_operation.',
      inputSchema: {
        operation: z.string().describe('The operationId, from list_operations (e.g. fundosV2ListFunds).'),
      },
      annotations: { ...annotations, openWorldHint: false },
    },
    async (args) => describe(ctx, args),
  );

  server.registerTool(
    'call_operation',
    {
      title: 'Call a Feed API operation',
      description:
        'Calls a documented GET of the Feed API and answers its records. The parameters are checked against the ' +
        'spec before anything is sent (a wrong one comes back as an error naming it and the fix). Lists are read ' +
        `from the first page up to max_records; a page (or, for the batch series, a cursor) in query reads that ` +
        'page only. The answer says how many records there are and the exact query to read on. Numbers are ' +
        'exactly as the service sent them.',
      inputSchema: {
        operation: z.string().describe('The operationId, from list_operations.'),
        path: z
          .record(z.string(), value)
          .optional()
          .describe('Path parameters by name, e.g. {"codigo_classe_ou_subclasse": "C0000100007"}.'),
        query: z
          .record(z.string(), z.union([value, z.array(value)]))
          .optional()
          .describe(
            'Query parameters by name, e.g. {"data": "2026-11-19"} or {"mes": 10, "ano": 2026}; "page" and "size" for lists.',
          ),
        max_records: z
          .number()
          .int()
          .min(1)
          .max(MAX_RECORDS)
          .optional()
          .describe(`The most records to answer (default ${DEFAULT_MAX_RECORDS}, at most ${MAX_RECORDS}).`),
        fields: z
          .array(z.string())
          .optional()
          .describe(
            'Keep only these fields of each record (names from describe_operation), e.g. ["data_competencia", "valor_cota"].',
          ),
      },
      annotations,
    },
    async (args, extra) => call(ctx, args, extra.signal),
  );
  return server;
}
