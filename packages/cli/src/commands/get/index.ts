// `assoc-feed get <path>`: one GET of any operation, checked against the spec first, its JSON answer on stdout.
import { toFeedError } from '@assoc-feed/core';
import { stringifyLossless } from '@assoc-feed/core/internal';
import { createFeedClients } from '../../clients.js';
import { type ConnectionFlags, resolveConnection } from '../../connection.js';
import type { Io } from '../../job/job.js';
import { checkParams, parseQueryOptions, requestLine } from '../../job/request.js';
import { findTarget } from '../../operations.js';

export interface GetOptions extends ConnectionFlags {
  query: string[];
  compact: boolean;
  dryRun: boolean;
  retries?: number;
  timeout?: number;
}

export async function getCommand(pathArg: string, options: GetOptions, io: Io): Promise<void> {
  const target = findTarget(pathArg);
  const op = target.operation.meta;
  const query = parseQueryOptions(options.query, target.query);
  const params = { path: target.path, query };
  checkParams(target, params);
  if (options.dryRun) {
    io.stdout.write(
      `plan: GET ${requestLine(op.path, params)}${op.documentId ? `  (${op.documentId})` : ''}\ndry run: nothing was sent\n`,
    );
    return;
  }
  const clients = createFeedClients(resolveConnection(options, io.env), {
    retries: options.retries,
    timeoutMs: options.timeout,
  });
  const result = await clients
    .document(target.operation.document)
    .GET(op.path, { params, signal: io.signal });
  const error = toFeedError(result);
  if (error) throw error;
  io.stdout.write(`${stringifyLossless(result.data, options.compact ? undefined : 2)}\n`);
}
