// The command line of `assoc-feed-mock` (also `pnpm mock`, `npx @assoc-feed/mock`): parsing and checking only,
// so every flag, default and error message is testable without starting Prism.
import { parseArgs } from 'node:util';
import type { MockOptions } from './start-mock.js';

export const MOCK_DEFAULT_PORT = 4010;

export const usage = `Usage: assoc-feed-mock [mock] [--port ${MOCK_DEFAULT_PORT}] [--host 127.0.0.1] [--dynamic] [--quiet]

  Prism serving the joined spec of all three documents (static examples by default).
  The stateful sandbox is its own package: npx assoc-feed-sandbox (@assoc-feed/sandbox).

Options:
  --port N      port to listen on (default ${MOCK_DEFAULT_PORT}; 0 = any free port)
  --host H      interface to bind (default 127.0.0.1)
  --dynamic     random schema-valid answers instead of the spec's examples
  --quiet       do not print Prism's request log`;

/** A command line that cannot run; the message names the flag and the fix (the CLI exits 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type Cli =
  | { command: 'help' }
  | { command: 'mock'; options: MockOptions & { port: number; host: string } };

const flags = {
  port: { type: 'string', default: String(MOCK_DEFAULT_PORT) },
  host: { type: 'string', default: '127.0.0.1' },
  dynamic: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

/**
 * Parses the arguments after the program name; the word `mock` is optional. `--` separators are dropped:
 * `pnpm mock -- --port 0` passes one through, and it must not turn the flags after it into ignored positionals.
 */
export function parseCli(argv: readonly string[]): Cli {
  const args = argv.filter((a) => a !== '--');
  const first = args[0];
  if (first === 'sandbox') {
    throw new UsageError(
      'the sandbox is its own package now: run `npx assoc-feed-sandbox` (from @assoc-feed/sandbox)',
    );
  }
  if (first !== undefined && !first.startsWith('-') && first !== 'mock') {
    throw new UsageError(`unknown command "${first}": the only command is "mock" (the default)`);
  }
  const rest = first === 'mock' ? args.slice(1) : args;
  let parsed: ReturnType<typeof parseArgs<{ options: typeof flags; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: flags, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // A stray word would otherwise be ignored silently (e.g. `--port` given as `port 5000`).
  const extra = parsed.positionals[0];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}": flags start with --`);
  const values = parsed.values;
  if (values.help) return { command: 'help' };
  return {
    command: 'mock',
    options: {
      port: wholeNumber('port', values.port, 0, 65535),
      host: values.host,
      dynamic: values.dynamic,
      log: values.quiet ? 'silent' : 'inherit',
    },
  };
}
