// An in-process sandbox that lies for the requests a test picks: it answers a status of its own, or rewrites the
// sandbox's answer (with the request at hand, so an answer can echo what it was sent). The MCP server's view of a
// service that drifts from its spec or echoes credentials, with no process and no port.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import type { InProcessSandbox } from '../feed.js';

export type Lie = (
  request: Request,
) => undefined | { status: number; body?: string } | { rewrite: (body: string) => string };

export interface LyingSandbox {
  sandbox: InProcessSandbox;
  /** The client secret and the Basic value (BASE64(client_id:client_secret)) the server is configured with. */
  secret: string;
  basic: string;
  /** The access tokens the requests carried. */
  tokens: string[];
  setLie(lie: Lie | undefined): void;
}

export function lyingSandbox(options: { clientSecret?: string } = {}): LyingSandbox {
  const box = createInProcessSandbox(options.clientSecret ? { clientSecret: options.clientSecret } : {});
  let lie: Lie | undefined;
  const tokens: string[] = [];
  const sandbox: InProcessSandbox = {
    ...box,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const token = request.headers.get('access_token');
      if (token && !tokens.includes(token)) tokens.push(token);
      const told = lie?.(request);
      if (told && 'status' in told) {
        return new Response(
          told.body ?? JSON.stringify({ message: `status ${told.status} from a lying service` }),
          {
            status: told.status,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      const response = await box.fetch(request);
      if (!told || !response.ok) return response;
      return new Response(told.rewrite(await response.text()), {
        status: response.status,
        headers: response.headers,
      });
    },
  };
  return {
    sandbox,
    secret: box.clientSecret,
    basic: Buffer.from(`${box.clientId}:${box.clientSecret}`, 'utf8').toString('base64'),
    tokens,
    setLie(next) {
      lie = next;
    },
  };
}
