// The command line of `assoc-feed-sandbox` (also `pnpm sandbox`, `npx @assoc-feed/sandbox`): parsing and
// checking only, so every flag, default and error message is testable without starting a server.
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS, type SandboxOptions } from './start-sandbox.js';
import { MAX_FUNDS } from './universe/funds.js';

export const usage = `Usage: assoc-feed-sandbox [--port ${SANDBOX_DEFAULTS.port}] [--host 127.0.0.1] [--seed ${SANDBOX_DEFAULTS.seed}] [--funds ${SANDBOX_DEFAULTS.funds}] [options]

  The stateful, seeded sandbox: tokens that expire, paging with totals, filters, date rules.

Options:
  --port N                 port to listen on (default ${SANDBOX_DEFAULTS.port}; 0 = any free port)
  --host H                 interface to bind (default ${SANDBOX_DEFAULTS.host})
  --seed N                 seed of the data universe, 0 to 4294967295 (default ${SANDBOX_DEFAULTS.seed}): same seed, same answers
  --funds N                number of v2 funds, 0 to ${MAX_FUNDS} (default ${SANDBOX_DEFAULTS.funds}: document 1's beta
                           database has "about 7,231 thousand example FIF funds", read as 7,231, a guess;
                           --funds 7231000 gives the literal reading, and any count up to millions costs the same)
  --client-id ID           flow A (and flow B) client_id accepted (default ${SANDBOX_DEFAULTS.clientId})
  --client-secret SECRET   client_secret accepted (default ${SANDBOX_DEFAULTS.clientSecret})
  --token-ttl SECONDS      token validity, expires_in (default ${SANDBOX_DEFAULTS.tokenTtlSeconds})
  --now TIMESTAMP          start the clock at this moment (ISO 8601, e.g. 2026-11-20T21:00:00-03:00)
  --entitle ID             entitle the client to a restricted product (e.g. E5); repeatable
  --latency MS|MIN-MAX     delay every answer (e.g. 50 or 20-200)
  --fail-rate R            share 0..1 of answers replaced by 429 (Retry-After) or 5xx
  --drift                  serve deliberately drifted answers (a renamed, a missing and a retyped field,
                           another page envelope) to try a drift report: assoc-feed conform
  --headers-timeout S      seconds a client has to send its request headers, else 408 (default 10)
  --request-timeout S      seconds a client has to send its whole request, else 408 (default 30)
  --validate-with-prism    put Prism's validating proxy (prism proxy --errors) in front; needs @assoc-feed/mock
  --strict                 answer 400 to query parameters an operation does not declare (default: ignore
                           them as the service does, naming them in the x-ignored-parameters header and the log)
  --quiet                  do not print the request log`;

/** A command line that cannot run; the message names the flag and the fix (the CLI exits 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type Cli =
  | { command: 'help' }
  | { command: 'sandbox'; options: SandboxOptions & { port: number; host: string }; quiet: boolean };

const flags = {
  port: { type: 'string', default: String(SANDBOX_DEFAULTS.port) },
  host: { type: 'string', default: SANDBOX_DEFAULTS.host },
  seed: { type: 'string', default: String(SANDBOX_DEFAULTS.seed) },
  funds: { type: 'string', default: String(SANDBOX_DEFAULTS.funds) },
  'client-id': { type: 'string', default: SANDBOX_DEFAULTS.clientId },
  'client-secret': { type: 'string', default: SANDBOX_DEFAULTS.clientSecret },
  'token-ttl': { type: 'string', default: String(SANDBOX_DEFAULTS.tokenTtlSeconds) },
  now: { type: 'string' },
  entitle: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'validate-with-prism': { type: 'boolean', default: false },
  drift: { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
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
 * `--port -1` as `--port=-1`: parseArgs takes a value that starts with a dash for another flag and refuses it as
 * "ambiguous"; joined, the flag's own check refuses the number with a sentence that names the range.
 */
function joinNegativeValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const flag = arg.startsWith('--') ? flags[arg.slice(2) as keyof typeof flags] : undefined;
    if (flag?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Parses the arguments after the program name. `--` separators are dropped: `pnpm sandbox -- --port 0` passes
 * one through, and it must not turn the flags after it into ignored positionals.
 */
export function parseCli(argv: readonly string[], clock: () => number = Date.now): Cli {
  const args = joinNegativeValues(argv.filter((a) => a !== '--'));
  let parsed: ReturnType<typeof parseArgs<{ options: typeof flags; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options: flags, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // A stray word would otherwise be ignored silently (e.g. `--port` given as `port 5000`).
  const extra = parsed.positionals[0];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}": flags start with --`);
  const values = parsed.values;
  if (values.help) return { command: 'help' };
  const options: SandboxOptions & { port: number; host: string } = {
    port: wholeNumber('port', values.port, 0, 65535),
    host: values.host,
    seed: wholeNumber('seed', values.seed, 0, 0xffffffff),
    funds: wholeNumber('funds', values.funds, 0, MAX_FUNDS),
    tokenTtlSeconds: wholeNumber('token-ttl', values['token-ttl'], 1, 10 * 365 * 86400),
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    entitlements: values.entitle ?? [],
    validateWithPrism: values['validate-with-prism'],
    ...(values.drift ? { drift: true } : {}),
    strict: values.strict,
  };
  for (const flag of ['client-id', 'client-secret'] as const) {
    const v = values[flag];
    if (v.length === 0 || v.includes(':') || /[\r\n]/.test(v)) {
      // The secret itself is never repeated back.
      const shown = flag === 'client-id' ? `"${v}"` : 'the value given';
      throw new UsageError(`--${flag} must be non-empty, without a colon or line break; got ${shown}`);
    }
  }
  if (values.now !== undefined) {
    const start = Date.parse(values.now);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.now) || !Number.isFinite(start)) {
      throw new UsageError(
        `--now must be an ISO 8601 moment such as 2026-11-20T21:00:00-03:00, got "${values.now}"`,
      );
    }
    // The clock starts at --now and then runs at the real pace (tokens still expire).
    const offset = start - clock();
    options.now = () => clock() + offset;
  }
  if (values.latency !== undefined) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(values.latency);
    const lo = m ? Number(m[1]) : Number.NaN;
    const hi = m?.[2] !== undefined ? Number(m[2]) : lo;
    if (!m || lo > hi || hi > 60_000) {
      throw new UsageError(
        `--latency must be milliseconds (0 to 60000) or a range MIN-MAX such as 20-200, got "${values.latency}"`,
      );
    }
    options.latencyMs = lo === hi ? lo : [lo, hi];
  }
  const failRate = values['fail-rate'];
  if (failRate !== undefined) {
    const rate = Number(failRate);
    if (!/^\d*\.?\d+$/.test(failRate) || rate > 1) {
      throw new UsageError(`--fail-rate must be a number from 0 to 1 (e.g. 0.1), got "${failRate}"`);
    }
    options.failRate = rate;
  }
  const headers = values['headers-timeout'];
  if (headers !== undefined)
    options.headersTimeoutMs = wholeNumber('headers-timeout', headers, 1, 3600) * 1000;
  const request = values['request-timeout'];
  if (request !== undefined)
    options.requestTimeoutMs = wholeNumber('request-timeout', request, 1, 3600) * 1000;
  return { command: 'sandbox', options, quiet: values.quiet };
}
