// The MCP server: three tools over the Feed API's operations (the "dynamic" shape: list, describe, call, so that
// 64 operations do not flood an assistant with tool definitions), find_fund for the one question the service cannot
// answer in a call, and instructions that say when to use which.
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type Catalog, documentNames } from './catalog.js';
import type { Feed } from './feed.js';
import {
  call,
  DEFAULT_MAX_RECORDS,
  describe,
  findFundTool,
  listOperations,
  MAX_RECORDS,
  offersFindFund,
  SANDBOX_NOTICE,
} from './tools.js';

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
    '1. list_operations finds the operation for a question, best first (search in English or Portuguese: "quota ' +
      'value", "net assets", "NTN-B rate", "IMA results", "debenture price"). Bond indices come twice: /indices/ ' +
      '(index level) and /indices-mais/ (adds the components of IMA, IDA and IHFA); the list says which to use.',
    '2. describe_operation tells its parameters (types, formats, limits, which must go together, such as mes with ' +
      'ano) and the meaning and unit of every field of its answer. Read it before the first call of an operation.',
    `3. call_operation calls it. Lists are read from the first page up to max_records (default ${DEFAULT_MAX_RECORDS}, ` +
      `at most ${MAX_RECORDS}); the answer says how many records there are and, when there are more, gives the ` +
      'arguments of the call that reads on: pass them as they are. Use fields to keep only the fields you need. ' +
      'Numbers are exactly as the service sent them: quote them as given.',
    'Dates are YYYY-MM-DD unless described otherwise; codes are as the operation describes them (a v2 class is C and ten digits).',
  ];
  if (offersFindFund(options.catalog)) {
    lines.push(
      'To find a fund by name or CNPJ, call find_fund: it gives the fund, class and subclass codes.',
    );
  }
  if (options.feed.sandbox) lines.push(SANDBOX_NOTICE);
  return lines.join('\n');
}

const annotations = { readOnlyHint: true, openWorldHint: true } as const;
/** Above any page: a skip is a count of records within one page (or one answer sent at once). */
const MAX_SKIP = 1_000_000;
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
        'Lists the operations of the Feed API (operationId, method and path, summary). Use it first, to find the ' +
        'operationId for a question. Deprecated ones and those not callable here are marked.',
      inputSchema: {
        search: z
          .string()
          .optional()
          .describe(
            'Words of the question, English or Portuguese (e.g. "NTN-B rate", "valor_cota"): ranks operations by their summaries, paths and answer fields, best first.',
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
        "Tells an operation's parameters (where each goes, type, format, limits, required, example), the rules " +
        "between them, how its list pages, its data's release time, and each answer field's meaning and unit. " +
        'Call it before call_operation.',
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
        'Calls a documented GET of the Feed API and answers its records. Parameters are checked before anything ' +
        'is sent. Lists are read from the first page up to max_records; a page (or cursor) in query reads that ' +
        'page only. When more records follow, the answer gives the arguments of the call that reads on. Numbers ' +
        'are exactly as the service sent them.',
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
        skip: z
          .number()
          .int()
          .min(0)
          .max(MAX_SKIP)
          .optional()
          .describe('Records to leave out at the start of the page read, as a read-on answer gives it.'),
      },
      annotations,
    },
    async (args, extra) => call(ctx, args, extra.signal),
  );
  if (offersFindFund(options.catalog)) {
    server.registerTool(
      'find_fund',
      {
        title: 'Find a fund by name or CNPJ',
        description:
          "Finds funds by words of their name (fund's, class's or subclass's) or by CNPJ, in one call, with their " +
          'fund, class and subclass codes. The service has no such filter: this reads the fund list itself.',
        inputSchema: {
          name: z
            .string()
            .optional()
            .describe('Words of the name, any case and accents, e.g. "itaú renda fixa".'),
          cnpj: z.string().optional().describe('14 digits, punctuation allowed.'),
          max_records: z
            .number()
            .int()
            .min(1)
            .max(MAX_RECORDS)
            .optional()
            .describe(`The most funds to answer (default ${DEFAULT_MAX_RECORDS}).`),
        },
        annotations,
      },
      async (args, extra) => findFundTool(ctx, args, extra.signal),
    );
  }
  return server;
}
