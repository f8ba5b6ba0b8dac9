// `pnpm run docs` (pnpm 12's own `pnpm docs` opens a package's homepage instead): serves packages/docs/dist/
// on localhost (port 4020; --port, --host, --base /sub/path/ to change) and prints the URL.
import { parseArgs } from 'node:util';
import { startDocsServer } from './server.ts';

const usage = `Usage: pnpm run docs [--port 4020] [--host 127.0.0.1] [--base /sub/path/]
  --port N     port to listen on (0 = any free port)
  --host H     interface to bind (loopback by default)
  --base PATH  serve the site under this sub-path, as a project page would be (default /)`;

function fail(message: string): never {
  console.error(`docs: ${message}\n\n${usage}`);
  process.exit(2);
}

// `pnpm run docs -- --port 0` hands the separator on; it means nothing here.
const args = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
let values: { port: string; host: string; base: string; help: boolean };
try {
  ({ values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      base: { type: 'string', default: '/' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port > 65535) {
  fail(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
}
try {
  const running = await startDocsServer({ port, host: values.host, base: values.base });
  console.log(`Feed reference docs at ${running.url}  (Ctrl-C to stop)`);
  const stop = () => running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  console.error(
    code === 'EADDRINUSE'
      ? `docs: port ${port} on ${values.host} is taken; pass --port with another number, or --port 0 for any free one`
      : message,
  );
  process.exit(1);
}
