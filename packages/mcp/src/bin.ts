#!/usr/bin/env node
// The `assoc-feed-mcp` executable: the server on stdio. stdout carries the protocol only; messages go to stderr.
// The server's modules load after the command line is read, so --help and a usage error answer at once.
import { createRequire } from 'node:module';
import { parseCommandLine, UsageError, usage } from './settings.js';

async function main(): Promise<number> {
  const parsed = parseCommandLine(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.kind === 'version') {
    const manifest = createRequire(import.meta.url)('../package.json') as { version: string };
    process.stdout.write(`${manifest.version}\n`);
    return 0;
  }
  const { settings } = parsed;
  // What a usage error may come from (--only, the FEED_* variables) loads first; the MCP server only once the
  // configuration holds, so a misconfigured assistant gets its error without waiting for it.
  const [{ createCatalog }, { connect }] = await Promise.all([import('./catalog.js'), import('./feed.js')]);
  let catalog: ReturnType<typeof createCatalog>;
  try {
    catalog = createCatalog(settings.only);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const feed = await connect(settings);
  const [{ createServer, version }, { LineTransport }] = await Promise.all([
    import('./server.js'),
    import('./line-transport.js'),
  ]);
  const server = createServer({ catalog, feed, maxChars: settings.maxChars });
  const stop = async () => {
    await server.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The client closed our stdin (it quit): nothing more can arrive.
  process.stdin.once('end', stop);
  await server.connect(new LineTransport(process.stdin, process.stdout));
  if (process.env.FEED_LOG && process.env.FEED_LOG !== 'off') {
    process.stderr.write(
      `assoc-feed-mcp ${version}: ${catalog.entries.length} operations, calling ${feed.label}\n`,
    );
  }
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`assoc-feed-mcp: ${message}\n`);
    if (error instanceof UsageError) process.stderr.write('Run assoc-feed-mcp --help for the options.\n');
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
