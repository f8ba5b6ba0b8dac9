// The command line: commander's parser, help and "did you mean" for commands and options; our own checks for
// everything the spec decides (paths, parameters, dates). Exit codes: see errors.ts.
import { ConfigurationError, FeedError } from '@assoc-feed/core';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { authCheckCommand } from './commands/auth-check/index.js';
import { backfillCommand } from './commands/backfill/index.js';
import { conformCommand } from './commands/conform/index.js';
import { exportCommand } from './commands/export/index.js';
import { getCommand } from './commands/get/index.js';
import { syncCommand } from './commands/sync/index.js';
import { defaultConfigPath } from './connection.js';
import { envHelp, readEnv } from './env.js';
import { EXIT, UsageError } from './errors.js';
import type { Io } from './job/job.js';
import { PROGRESS_MODES } from './job/progress.js';
import { isStreamFile } from './output/destination.js';
import { FORMATS } from './output/encoders.js';
import { cliVersion } from './version.js';

const collect = (value: string, previous: string[]) => [...previous, value];

function whole(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}

function list(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(',').filter(Boolean)];
}

/** `--only` of sync: blank items kept, for the command to refuse (an empty `$OPS` must not mean everything). */
function listKeepingBlanks(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(',')];
}

function seconds(value: string) {
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n))
    throw new InvalidArgumentError('give a number of seconds above 0, e.g. 30 or 0.5.');
  return n;
}

/**
 * Examples at the end of a command's help page: each a whole command line a user can paste (credentials from
 * FEED_CLIENT_ID/FEED_CLIENT_SECRET; `npx assoc-feed-sandbox` serves http://127.0.0.1:4011 locally).
 */
export const EXAMPLES: Record<string, readonly string[]> = {
  'assoc-feed': [
    'assoc-feed auth check --environment sandbox',
    'assoc-feed get /feed/fundos/v2/fundos -q size=2 --base-url http://127.0.0.1:4011',
    'assoc-feed export /feed/fundos/v2/fundos --format csv --out funds.csv',
  ],
  auth: ['assoc-feed auth check --environment production'],
  'auth check': [
    'assoc-feed auth check --environment sandbox',
    'assoc-feed auth check --base-url http://127.0.0.1:4011   # the local sandbox (npx assoc-feed-sandbox)',
  ],
  get: [
    'assoc-feed get /feed/fundos/v2/fundos/F0000100007',
    "assoc-feed get '/feed/fundos/v2/fundos?size=2' --compact",
    'assoc-feed get /feed/fundos/v2/fundos -q tipo-fundo=FIF -q size=10 --dry-run',
  ],
  export: [
    'assoc-feed export /feed/fundos/v2/fundos --format csv --out funds.csv',
    'assoc-feed export /feed/fundos/v2/fundos -q tipo-fundo=FIF --format ndjson > fif.ndjson',
    'assoc-feed export /feed/fundos/v2/fundos --format csv --lists files --out funds.csv',
  ],
  backfill: [
    'assoc-feed backfill /feed/precos-indices/v1/titulos-publicos/vna --from 2026-01-02 --to 2026-01-30 --out vna.ndjson',
    'assoc-feed backfill /feed/precos-indices/v1/titulos-publicos/vna --from 2026-01-02 --to 2026-01-30 --out-dir vna/',
    'assoc-feed backfill /feed/precos-indices/v1/titulos-publicos/vna --from 2026-01-02 --to 2026-01-30 --dry-run',
  ],
  sync: [
    'assoc-feed sync --out-dir feed-copy/',
    'assoc-feed sync --out-dir feed-copy/ --only E8,mercado-secundario-TPF --from 2026-01-02 --to 2026-01-30',
    'assoc-feed sync --out-dir feed-copy/ --dry-run',
    'assoc-feed sync --out-dir s3://my-bucket/feed',
  ],
};

function withExamples(command: Command, name: string): Command {
  const examples = EXAMPLES[name] ?? [];
  return command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
}

function connectionOptions(command: Command): Command {
  return command
    .addOption(new Option('--environment <name>', 'the service to call').choices(['production', 'sandbox']))
    .option('--base-url <url>', 'any other deployment, e.g. http://127.0.0.1:4011 (the local sandbox)')
    .option(
      '--config <file>',
      `JSON config file with clientId, clientSecret, environment/baseUrl (default ${defaultConfigPath()}, chmod 600)`,
    )
    .option('--retries <n>', 'retries on network errors, 429 and 5xx (default 2)', whole('--retries', 0, 10))
    .option(
      '--timeout <seconds>',
      'deadline of each request, retries included (default 30)',
      (v) => seconds(v) * 1000,
    );
}

function jobOptions(command: Command): Command {
  return connectionOptions(command)
    .option('-q, --query <name=value>', 'a query parameter (repeatable)', collect, [])
    .option(
      '-o, --out <file>',
      'write to this file (default stdout); a checkpoint beside it makes a killed run resumable',
    )
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('ndjson'))
    .addOption(
      new Option(
        '--lists <mode>',
        'CSV: nested lists as JSON cells, or as their own files (<out>.<list>.csv)',
      )
        .choices(['json', 'files'])
        .default('json'),
    )
    .option('-c, --concurrency <n>', 'requests in flight', whole('--concurrency', 1, 32), 4)
    .option('--dry-run', 'print the plan (requests, dates) without calling', false)
    .option(
      '--restart',
      'discard a checkpoint left by an interrupted run and start over (overwrites the output)',
      false,
    )
    .option('--force', 'write through a symbolic link at --out (refused otherwise)', false)
    .option(
      '--checkpoint-interval <seconds>',
      'seconds between checkpoints (a killed run redoes at most this much)',
      seconds,
      1,
    )
    .addOption(
      new Option('--progress <mode>', 'bar on a terminal, lines otherwise')
        .choices(PROGRESS_MODES)
        .default('auto'),
    )
    .option('--progress-interval <seconds>', 'seconds between progress lines', seconds, 10)
    .option('--quiet', 'no progress and no summary on stderr', false);
}

/** What an interrupted command leaves: a file it can resume, output on stdout it cannot, or nothing to resume. */
export type OutputKind = 'file' | 'stdout' | 'stream' | 'none';

const jobOutput = (options: { out?: string; outDir?: string }): OutputKind =>
  options.out && isStreamFile(options.out) ? 'stream' : options.out || options.outDir ? 'file' : 'stdout';

export function createProgram(io: Io, run: (work: Promise<void>, output: OutputKind) => void): Command {
  const program = new Command('assoc-feed')
    .description(
      'Read the Feed data service from the command line: check credentials, call any GET operation, export whole lists, backfill date ranges, keep a local Parquet copy (sync), check the spec against the service (conform).',
    )
    .version(cliVersion(), '-V, --version', 'print the version of assoc-feed')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .addHelpText(
      'after',
      '\nCredentials: FEED_CLIENT_ID and FEED_CLIENT_SECRET, or a config file (--config). Target: --environment or --base-url.\n' +
        'Exit codes: 0 done, 1 the service or network failed, 2 bad arguments or setup (nothing sent), 130 interrupted.\n' +
        `Environment:\n${envHelp(['FEED_NOW', 'FEED_DEBUG'])}`,
    );
  withExamples(program, 'assoc-feed');

  const auth = withExamples(program.command('auth').description('credentials'), 'auth');
  withExamples(
    connectionOptions(
      auth
        .command('check')
        .description('request a token and show who, where and until when (never the token)'),
    ),
    'auth check',
  ).action((options) => run(authCheckCommand(options, io), 'none'));

  connectionOptions(
    program
      .command('get')
      .argument('<path>', 'an operation path with its codes, e.g. /feed/fundos/v2/fundos/F0000100007'),
  )
    .description('one GET of any operation of the three documents, checked against the spec, JSON on stdout')
    .option('-q, --query <name=value>', 'a query parameter (repeatable)', collect, [])
    .option('--compact', 'one-line JSON', false)
    .option('--dry-run', 'print the request without sending it', false)
    .action((path, options) => run(getCommand(path, options, io), 'none'));
  withExamples(program.commands.find((c) => c.name() === 'get') as Command, 'get');

  connectionOptions(
    program
      .command('conform')
      .description(
        'call every GET operation of the three documents and report where the answers differ from the spec',
      ),
  )
    .option('--json', 'write the report as JSON (to share it)', false)
    .option(
      '--only <ops>',
      'only these operations: parts of paths or document ids, comma-separated',
      list,
      [],
    )
    .option('-c, --concurrency <n>', 'requests in flight', whole('--concurrency', 1, 8), 2)
    .option(
      '--max-requests <n>',
      'at most this many requests (be polite to production)',
      whole('--max-requests', 1, 1000),
      80,
    )
    .addOption(
      new Option('--progress <mode>', 'bar on a terminal, lines otherwise')
        .choices(PROGRESS_MODES)
        .default('auto'),
    )
    .option('--quiet', 'no progress on stderr', false)
    .action((options) => run(conformCommand(options, io), 'none'));

  jobOptions(program.command('export').argument('<path>', 'a paginated list, e.g. /feed/fundos/v2/fundos'))
    .description('every record of a paginated list (E1, E3, E6, E7, V1, V3, V5) as NDJSON, CSV or JSON')
    .action((path, options) => run(exportCommand(path, options, io), jobOutput(options)));
  withExamples(program.commands.find((c) => c.name() === 'export') as Command, 'export');

  jobOptions(
    program.command('backfill').argument('<path>', 'an operation with a date, month or period parameter'),
  )
    .description(
      'one request per business day (per month for mes/ano, five-year windows for V7) from --from to --to',
    )
    .requiredOption('--from <date>', 'first date, YYYY-MM-DD (or YYYY-MM)')
    .requiredOption('--to <date>', 'last date, YYYY-MM-DD (or YYYY-MM)')
    .option(
      '--out-dir <dir>',
      'one file per date (or month, window) in this directory instead of one appended output',
    )
    .action((path, options) => run(backfillCommand(path, options, io), jobOutput(options)));
  withExamples(program.commands.find((c) => c.name() === 'backfill') as Command, 'backfill');

  connectionOptions(
    program
      .command('sync')
      .description(
        'keep a copy in Parquet, in a local directory or an S3-compatible bucket (hive-style partitions by date, a manifest): each run reads only what is missing or newly released',
      ),
  )
    .requiredOption(
      '--out-dir <dir>',
      'the copy: DIR/<operationId>/<date column>=YYYY-MM-DD/part-*.parquet; DIR a directory or s3://BUCKET/PREFIX',
    )
    .option(
      '--s3-endpoint <url>',
      'for an s3:// --out-dir: the endpoint of an S3-compatible store (MinIO, Ceph, R2), addressed by path',
    )
    .option('--from <date>', 'first date, YYYY-MM-DD (default the first day of last month)')
    .option('--to <date>', 'last date, YYYY-MM-DD (default today in Brasília)')
    .option(
      '--only <ops>',
      'only these operations, comma-separated: an item matches a document id exactly (E8, C/vna) or any part of ' +
        'a path (/titulos-publicos); an empty item is refused',
      listKeepingBlanks,
      [],
    )
    .option('-c, --concurrency <n>', 'requests in flight', whole('--concurrency', 1, 32), 4)
    .option('--dry-run', 'print what would be read, without calling or writing', false)
    .option(
      '--restart',
      'remove the copy in --out-dir and write it again (with --only: those operations only, the others are kept)',
      false,
    )
    .addOption(
      new Option('--progress <mode>', 'bar on a terminal, lines otherwise')
        .choices(PROGRESS_MODES)
        .default('auto'),
    )
    .option('--progress-interval <seconds>', 'seconds between progress lines', seconds, 10)
    .option('--quiet', 'no progress and no summary on stderr', false)
    .addHelpText(
      'after',
      `\nEnvironment:\n${envHelp(['FEED_NOW', 'FEED_DEBUG'])}\n` +
        "  AWS_*       for an s3:// --out-dir, the AWS SDK's own: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY\n" +
        '              (or AWS_PROFILE), AWS_REGION, AWS_ENDPOINT_URL_S3 (as --s3-endpoint)',
    )
    .action((options) => run(syncCommand(options, io), 'file'));
  withExamples(program.commands.find((c) => c.name() === 'sync') as Command, 'sync');

  return program;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let work: Promise<void> | undefined;
  let output: OutputKind = 'none';
  const program = createProgram(io, (w, kind) => {
    work = w;
    output = kind;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    await work;
    return EXIT.ok;
  } catch (error) {
    return report(error, io, output);
  }
}

const INTERRUPTED: Record<OutputKind, string> = {
  file: 'interrupted: what was written is kept; run the same command again to resume.',
  stdout:
    'interrupted: the records written to stdout are incomplete, and stdout cannot be resumed; run the command ' +
    'again, with --out FILE for an output that a later run can resume.',
  stream:
    'interrupted: the records written to the device or pipe of --out are incomplete, and it cannot be resumed; ' +
    'run the command again, with --out FILE for an output that a later run can resume.',
  none: 'interrupted.',
};

function report(error: unknown, io: Io, output: OutputKind): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage; // commander printed it
  if (io.signal.aborted) {
    io.stderr.write(`\n${INTERRUPTED[output]}\n`);
    return EXIT.interrupted;
  }
  // A ConfigurationError is setup too (a placeholder host, bad options): nothing was sent.
  if (error instanceof UsageError || error instanceof ConfigurationError) {
    io.stderr.write(`error: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof FeedError) {
    io.stderr.write(`error: ${error.message}\n`);
    return EXIT.failure;
  }
  const e = error as NodeJS.ErrnoException;
  io.stderr.write(`error: ${e?.message ?? String(error)}\n`);
  if (readEnv(io.env, 'FEED_DEBUG', (line) => io.stderr.write(`${line}\n`)) && e?.stack)
    io.stderr.write(`${e.stack}\n`);
  return EXIT.failure;
}
