// The sandbox answering in this process, for the suites whose subject is its world and its rules, not its server:
// the same core and request pipeline as startSandbox() (sandbox-core.ts), behind the fetch adapter instead of a
// port, so a request costs no socket and no HTTP parsing. The server itself stays under test on a port in
// fuzz, connections, faults, auth, operations, start-sandbox, prism and cli.
import type { SandboxFetch } from '../client.js';
import {
  createInProcessSandbox,
  type InProcessSandbox,
  type InProcessSandboxOptions,
} from '../in-process.js';
import type { Json } from '../spec-reader/check-spec.js';
import { loadSpec } from '../spec-reader/load.js';

export type { InProcessSandbox };

let spec: Json | undefined;

/** A sandbox on the joined spec, as startSandbox() would serve it. Nothing to stop: it holds no port. */
export function startInProcess(options: InProcessSandboxOptions = {}): InProcessSandbox {
  spec ??= loadSpec();
  return createInProcessSandbox(spec, options);
}

/** sandboxFetch() (client.ts) over the in-process sandbox's fetch: a flow A token once, then client_id and
 * access_token on every call. */
export function inProcessFetch(sandbox: InProcessSandbox): SandboxFetch {
  let token: Promise<string> | undefined;
  const getToken = () => {
    token ??= (async () => {
      const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
      const res = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
      if (!res.ok) throw new Error(`token request answered ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    })();
    token.catch(() => {
      token = undefined;
    });
    return token;
  };
  const call = (async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('client_id', sandbox.clientId);
    headers.set('access_token', await getToken());
    return sandbox.fetch(`${sandbox.url}${path}`, { ...init, headers });
  }) as SandboxFetch;
  call.json = async <T>(path: string) => {
    const res = await call(path);
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  };
  call.token = getToken;
  return call;
}
