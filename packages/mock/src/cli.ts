#!/usr/bin/env node
// `assoc-feed-mock [mock] [flags]`: starts Prism, prints where it listens and how to call it, serves until Ctrl-C
// (SIGINT), SIGTERM or the end of the package manager that launched it (launcher-watch.ts), then stops Prism and
// exits 0. Flags are parsed in cli-args.ts.
import { type Cli, parseCli, UsageError, usage } from './cli-args.js';
import { watchLauncher } from './launcher-watch.js';
import { startMockBin } from './start-mock.js';

interface Running {
  name: string;
  stop: () => Promise<void>;
}

let cli: Cli;
try {
  cli = parseCli(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`assoc-feed-mock: ${error.message}\n\n${usage}`);
  process.exit(2);
}
if (cli.command === 'help') {
  console.log(usage);
  process.exit(0);
}

// Signals are handled from the start: a Ctrl-C while Prism is still starting stops what was started.
let running: Running | undefined;
let signalled = false;
async function shutdown(): Promise<void> {
  if (!running) return; // still starting: main() shuts down once the start returns
  await running.stop();
  console.log(`${running.name} stopped.`);
  process.exit(0);
}
function stopRequested(): void {
  // A second Ctrl-C does not wait for a stop that hangs.
  if (signalled) process.exit(130);
  signalled = true;
  void shutdown();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopRequested);
watchLauncher(stopRequested);

function startFailure(error: NodeJS.ErrnoException, port: number, host: string): never {
  const message =
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use: stop what listens there, or pass --port <another> (--port 0 picks a free one)`
      : error.code === 'EADDRNOTAVAIL'
        ? `cannot listen on ${host}: pass --host with an address of this machine (default 127.0.0.1)`
        : error.message;
  console.error(`assoc-feed-mock: ${message}`);
  process.exit(1);
}

const { options } = cli;
// Prism keeps this process alive; if it dies on its own, so does the bin, with its last words and exit 1.
const server = await startMockBin(options, (description) => {
  console.error(`assoc-feed-mock: ${description}`);
  process.exit(1);
}).catch((e: NodeJS.ErrnoException) => startFailure(e, options.port, options.host));
running = { name: 'Feed mock', stop: server.stop };
console.log(`Feed mock (Prism, all three documents) listening on ${server.url}`);
console.log(`Try: curl -H 'client_id: demo' -H 'access_token: demo' ${server.url}/feed/fundos/v2/fundos`);
console.log('Press Ctrl-C to stop.');
if (signalled) await shutdown();
