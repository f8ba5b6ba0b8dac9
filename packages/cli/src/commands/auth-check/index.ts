// `assoc-feed auth check`: asks for a token with the configured credentials and says who, where and until
// when. The token and the secret are never printed: only the client id, the target and the expiry.
import { createFeedClients } from '../../clients.js';
import { type ConnectionFlags, resolveConnection } from '../../connection.js';
import type { Io } from '../../job/job.js';
import { formatSeconds } from '../../job/progress.js';

export interface AuthCheckOptions extends ConnectionFlags {
  retries?: number;
  timeout?: number;
}

export async function authCheckCommand(options: AuthCheckOptions, io: Io): Promise<void> {
  const connection = resolveConnection(options, io.env);
  const clients = createFeedClients(connection, { retries: options.retries, timeoutMs: options.timeout });
  await clients.tokenManager.getToken();
  const expiresAt = clients.tokenManager.peek()?.expiresAt;
  const expiry =
    expiresAt === undefined
      ? 'unknown'
      : `${new Date(expiresAt).toISOString()} (in ${formatSeconds((expiresAt - Date.now()) / 1000)})`;
  io.stdout.write(
    [
      'credentials accepted: a token was issued (not shown)',
      `  where:         ${connection.label}`,
      `  client id:     ${connection.clientId}`,
      `  credentials:   from ${connection.credentialsFrom}`,
      `  token expires: ${expiry}`,
      '',
    ].join('\n'),
  );
}
