// A minimal authenticated fetch for the sandbox (flow A), for test suites that call it without a typed client.
export interface SandboxFetchTarget {
  url: string;
  clientId: string;
  clientSecret: string;
}

export interface SandboxFetch {
  (path: string, init?: RequestInit): Promise<Response>;
  /** GET a path and parse the JSON body. */
  json: <T = unknown>(path: string) => Promise<{ status: number; body: T; headers: Headers }>;
  /** The current token (requested on first use). */
  token: () => Promise<string>;
}

/** Fetch bound to a sandbox: requests a flow A token once and sends client_id and access_token on every call. */
export function sandboxFetch(target: SandboxFetchTarget): SandboxFetch {
  let token: Promise<string> | undefined;
  const getToken = () => {
    token ??= (async () => {
      const basic = Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64');
      const res = await fetch(`${target.url}/oauth/access-token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
      if (!res.ok) throw new Error(`token request answered ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    })();
    // A failed token request is not remembered: the next call asks again.
    token.catch(() => {
      token = undefined;
    });
    return token;
  };
  const call = (async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('client_id', target.clientId);
    headers.set('access_token', await getToken());
    return fetch(`${target.url}${path}`, { ...init, headers });
  }) as SandboxFetch;
  call.json = async <T>(path: string) => {
    const res = await call(path);
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  };
  call.token = getToken;
  return call;
}
