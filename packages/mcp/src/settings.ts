// The command line of assoc-feed-mcp. Everything else (credentials, environment, hosts, logging) comes from the
// FEED_* variables the clients read, so one configuration serves the clients, the command line and this server.
import { parseArgs } from 'node:util';

export interface Settings {
  /** Answer from an in-process sandbox (no account, no network). */
  sandbox: boolean;
  /** Operations offered: operationIds, document ids, document names or parts of paths (empty: all). */
  only: string[];
  /** Deadline of each call to the service, retries included. */
  timeoutMs?: number;
  /** The most characters one tool result may hold, text and structuredContent together. */
  maxChars: number;
}

export const DEFAULT_MAX_CHARS = 40_000;

export const usage = `Usage: assoc-feed-mcp [--sandbox] [--only LIST] [--timeout-ms MS] [--max-chars N]

  An MCP server (stdio) for AI assistants over the Feed API: list_operations, describe_operation, call_operation.
  Without --sandbox it reads the variables the Feed clients read: FEED_CLIENT_ID and FEED_CLIENT_SECRET, and
  FEED_ENVIRONMENT (production or sandbox, with the hosts FEED_BASE_URL and FEED_SANDBOX_BASE_URL), or FEED_BASE_URL
  alone for any other deployment. FEED_LOG=debug|info|warn logs to stderr (stdout carries the protocol).

Options:
  --sandbox         answer from an in-process sandbox: generated data, no account needed
  --only LIST       offer only these operations: operationIds, document ids (E1, C/vna), documents
                    (fundos-v2, fundos-v1, precos-indices) or parts of paths (/titulos-publicos); comma-separated
                    or repeated
  --timeout-ms MS   deadline of each call to the service, retries included (default: the client's, 30000)
  --max-chars N     the most characters of one tool result, text and structured content together (default ${DEFAULT_MAX_CHARS})
  --help            this help (also -h)
  --version         the version (also -v)`;

export class UsageError extends Error {}

function positive(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(text)}).`);
  }
  return value;
}

/** `--only`'s items; an empty one names no operation, and offering every operation instead would hide the slip. */
function onlyList(given: readonly string[] | undefined): string[] {
  const items = (given ?? []).flatMap((o) => o.split(',')).map((o) => o.trim());
  if (items.some((item) => item === '')) {
    throw new UsageError(
      `--only ${JSON.stringify((given ?? []).join(','))} has an empty item, which names no operation: give ` +
        'operationIds (fundosV2ListFunds), document ids (E1, C/vna), documents (fundos-v2, fundos-v1, ' +
        'precos-indices) or parts of paths (/titulos-publicos), comma-separated; leave --only out to offer all.',
    );
  }
  return items;
}

export type Parsed = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; settings: Settings };

export function parseCommandLine(argv: readonly string[]): Parsed {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        sandbox: { type: 'boolean', default: false },
        only: { type: 'string', multiple: true },
        'timeout-ms': { type: 'string' },
        'max-chars': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const settings: Settings = {
    sandbox: values.sandbox === true,
    only: onlyList(values.only as string[] | undefined),
    maxChars: positive('--max-chars', values['max-chars'] as string | undefined, 1000) ?? DEFAULT_MAX_CHARS,
  };
  const timeoutMs = positive('--timeout-ms', values['timeout-ms'] as string | undefined, 1);
  if (timeoutMs !== undefined) settings.timeoutMs = timeoutMs;
  return { kind: 'run', settings };
}
