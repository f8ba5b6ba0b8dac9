// `pnpm docs`: serves packages/docs/dist/ on localhost (port 4020; --port, --host, --base /sub/path/ to change)
// and prints the URL.
import { parseArgs } from 'node:util';
import { startDocsServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4020' },
    host: { type: 'string', default: '127.0.0.1' },
    base: { type: 'string', default: '/' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs: --port must be a whole number from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}
try {
  const running = await startDocsServer({ port, host: values.host, base: values.base });
  console.log(`Feed reference docs at ${running.url}  (Ctrl-C to stop)`);
  const stop = () => running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
