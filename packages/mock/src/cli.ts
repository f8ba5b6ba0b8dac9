#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMock } from './start-mock.js';

const usage = `Usage: assoc-feed-mock mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--quiet]

  mock     Prism serving the joined spec of all three documents (static examples by default)

Options:
  --port N      port to listen on (default 4010; 0 = any free port)
  --host H      interface to bind (default 127.0.0.1)
  --dynamic     random schema-valid answers instead of the spec's examples
  --quiet       do not print Prism's request log`;

function fail(message: string): never {
  console.error(`assoc-feed-mock: ${message}\n\n${usage}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
const options = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  dynamic: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
try {
  parsed = parseArgs({ options, allowPositionals: true });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const command = positionals[0] ?? 'mock';
if (command !== 'mock') fail(`unknown command "${command}"`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535, got "${values.port}"`);

const server = await startMock({
  port,
  host: values.host,
  dynamic: values.dynamic,
  log: values.quiet ? 'silent' : 'inherit',
});
console.log(`Feed mock (Prism, all three documents) listening on ${server.url}`);
console.log(`Try: curl -H 'client_id: demo' -H 'access_token: demo' ${server.url}/feed/fundos/v2/fundos`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    console.log('Feed mock stopped.');
    process.exit(0);
  });
}
