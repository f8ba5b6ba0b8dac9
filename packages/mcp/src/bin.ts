#!/usr/bin/env node
// The `assoc-feed-mcp` executable: the server on stdio. stdout carries the protocol only; messages go to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createCatalog } from './catalog.js';
import { connect } from './feed.js';
import { createServer, version } from './server.js';
import { parseCommandLine, UsageError, usage } from './settings.js';

async function main(): Promise<number> {
  const parsed = parseCommandLine(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const { settings } = parsed;
  const catalog = createCatalog(settings.only);
  const feed = connect(settings);
  const server = createServer({ catalog, feed, maxChars: settings.maxChars });
  const transport = new StdioServerTransport();
  const stop = async () => {
    await server.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The client closed our stdin (it quit): nothing more can arrive.
  process.stdin.once('end', stop);
  await server.connect(transport);
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
