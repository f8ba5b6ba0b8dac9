// A static server for packages/docs/dist/, mounted at any base path ("/" or "/feed-docs/"), as plain static
// hosting would serve it. Used by `pnpm docs` (serve.ts) and by the browser tests.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

export const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface DocsServerOptions {
  port?: number;
  host?: string;
  /** Where the site is mounted: "/" (default) or a sub-path such as "/feed-docs/". */
  base?: string;
  dir?: string;
}
export interface RunningDocsServer {
  /** The site's URL, ending in "/". */
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export function normaliseBase(base = '/'): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export async function startDocsServer(options: DocsServerOptions = {}): Promise<RunningDocsServer> {
  const dir = options.dir ?? distDir;
  if (!existsSync(`${dir}/index.html`))
    throw new Error('docs: packages/docs/dist/ is empty. Build it first: pnpm docs:build');
  const base = normaliseBase(options.base);
  const host = options.host ?? '127.0.0.1';
  const files = sirv(dir, { dev: true, etag: true });
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const notFound = () => {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Not found\n');
    };
    if (base !== '/' && url.split('?')[0] === base.slice(0, -1)) {
      res.writeHead(301, { location: base }).end();
      return;
    }
    if (!url.startsWith(base)) return notFound();
    req.url = `/${url.slice(base.length)}`;
    files(req, res, notFound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}${base}`,
    server,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
