// `pnpm docs`: serves packages/docs/dist/ on localhost (port 4020, --port to change) and prints the URL.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import sirv from 'sirv';

const dist = new URL('../dist/', import.meta.url).pathname;
const { values } = parseArgs({ options: { port: { type: 'string', default: '4020' }, host: { type: 'string', default: '127.0.0.1' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs: --port must be a whole number from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}
if (!existsSync(`${dist}index.html`)) {
  console.error('docs: packages/docs/dist/ is empty. Build it first: pnpm docs:build');
  process.exit(1);
}
const server = createServer(sirv(dist, { dev: true, etag: true }));
server.listen(port, values.host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`Feed reference docs at http://${values.host}:${actual}/  (Ctrl-C to stop)`);
});
process.on('SIGINT', () => server.close(() => process.exit(0)));
