// `assoc-feed-sandbox [flags]`: starts the sandbox, prints where it listens, the credentials it accepts and how to
// call it, and stops it cleanly on Ctrl-C (SIGINT), SIGTERM, SIGHUP or the end of the package manager that launched
// it (launcher-watch.ts). Flags are parsed in cli-args.ts. src/cli.ts runs it, from the sources and bundled as the
// published bin (dist/cli.cjs).
import { type Cli, parseCli, UsageError, usage } from './cli-args.js';
import { watchLauncher } from './launcher-watch.js';
import { bufferedLines } from './log-lines.js';
import { startSandbox } from './start-sandbox.js';

interface Running {
  name: string;
  stop: () => Promise<void>;
}

function startFailure(error: NodeJS.ErrnoException, port: number, host: string): never {
  const message =
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use: stop what listens there, or pass --port <another> (--port 0 picks a free one)`
      : error.code === 'EADDRNOTAVAIL'
        ? `cannot listen on ${host}: pass --host with an address of this machine (default 127.0.0.1)`
        : error.message;
  console.error(`assoc-feed-sandbox: ${message}`);
  process.exit(1);
}

/** Runs the command with its arguments (`process.argv.slice(2)`); it owns the process from here. */
export function runCli(argv: string[]): void {
  let cli: Cli;
  try {
    cli = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`assoc-feed-sandbox: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (cli.command === 'help') {
    console.log(usage);
    process.exit(0);
  }

  // Signals are handled from the start: a Ctrl-C while the sandbox (or Prism in front) is still starting stops
  // what was started.
  let running: Running | undefined;
  let signalled = false;
  async function shutdown(): Promise<void> {
    if (!running) return; // still starting: serve() shuts down once the start returns
    await running.stop();
    requestLog.flush();
    console.log(`${running.name} stopped.`);
    process.exit(0);
  }
  function stopRequested(): void {
    // A second Ctrl-C does not wait for a stop that hangs.
    if (signalled) process.exit(130);
    signalled = true;
    void shutdown();
  }
  // SIGHUP: the terminal that started it closed; a stop like any other, the log's queued lines written first.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stopRequested);
  watchLauncher(stopRequested);

  const { options, quiet } = cli;
  // The request log goes out in batches (log-lines.ts); what is queued is written before the process ends.
  const requestLog = bufferedLines((text) => process.stdout.write(text));
  process.on('exit', requestLog.flush);
  async function serve(): Promise<void> {
    const sandbox = await startSandbox({
      ...options,
      ...(quiet ? {} : { log: requestLog.log }),
    }).catch((e: NodeJS.ErrnoException) => startFailure(e, options.port, options.host));
    running = { name: 'Feed sandbox', stop: sandbox.stop };
    const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
    const behindPrism = options.validateWithPrism
      ? ` (Prism validating proxy in front of ${sandbox.sandboxUrl})`
      : '';
    const lines = [
      `Feed sandbox listening on ${sandbox.url}${behindPrism}`,
      `Seed ${sandbox.seed}, ${sandbox.funds} v2 funds. Tokens last ${sandbox.tokenTtlSeconds} s.`,
      // The sandbox's own credentials, not a real secret: printing them is the point.
      `Credentials accepted: client_id=${sandbox.clientId} client_secret=${sandbox.clientSecret}`,
      ...(options.entitlements?.length ? [`Entitled to: ${options.entitlements.join(', ')}`] : []),
      `Try: curl -s -X POST -H 'Authorization: Basic ${basic}' -H 'Content-Type: application/json' -d '{"grant_type":"client_credentials"}' ${sandbox.url}/oauth/access-token`,
      `then: curl -H 'client_id: ${sandbox.clientId}' -H 'access_token: <token>' '${sandbox.url}/feed/fundos/v2/fundos?size=10'`,
      'Press Ctrl-C to stop.',
    ];
    // One write, not one per line: it is on the way to the first answer.
    process.stdout.write(`${lines.join('\n')}\n`);
    if (signalled) await shutdown();
  }

  void serve();
}
