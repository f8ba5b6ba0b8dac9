// Test helper: a service that lies. A proxy in front of the sandbox (in this process) that, for the requests a
// test picks (data requests, or the token request), answers a status of its own or rewrites the sandbox's answer
// text (a drifted value, a missing field, a partition value that is a path, a page total that is wrong): how a
// real service that drifts from its spec looks to the command line.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LyingRequest {
  path: string;
  query: URLSearchParams;
}

/** What to do with one request: nothing (pass it on), answer this status, or rewrite the sandbox's answer. */
export type Lie = (
  request: LyingRequest,
) => undefined | { status: number } | { rewrite: (body: string) => string };

export interface LyingService {
  url: string;
  /** The data requests it received (`/feed/...`), in order. */
  requests: LyingRequest[];
  /** Replaces the lie (undefined: tell the truth from now on). */
  setLie(lie: Lie | undefined): void;
  /** Replaces the lie told to token requests (`/oauth/...`), which `setLie`'s never sees. */
  setTokenLie(lie: Lie | undefined): void;
  close(): Promise<void>;
}

export async function lyingService(upstream: string, lie?: Lie): Promise<LyingService> {
  let current = lie;
  let tokenLie: Lie | undefined;
  const requests: LyingRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    const request = { path: url.pathname, query: url.searchParams };
    if (url.pathname.startsWith('/feed/')) requests.push(request);
    const told = url.pathname.startsWith('/feed/')
      ? current?.(request)
      : url.pathname.startsWith('/oauth/')
        ? tokenLie?.(request)
        : undefined;
    if (told && 'status' in told) {
      res.writeHead(told.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `status ${told.status} from a lying service` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>;
    const answer = await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const text = await answer.text();
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(told && 'rewrite' in told && answer.ok ? told.rewrite(text) : text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setLie(next) {
      current = next;
    },
    setTokenLie(next) {
      tokenLie = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Rewrites the first `"field": value` of a JSON text (value a string or a number) to `raw` (JSON as written). */
export function replaceFirst(body: string, field: string, raw: string): string {
  const re = new RegExp(`"${field}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?[\\d.eE+-]+|null)`);
  if (!re.test(body)) throw new Error(`no ${field} in the answer to rewrite`);
  return body.replace(re, `"${field}":${raw}`);
}

/** Removes the first `"field": value,` of a JSON text. */
export function dropFirst(body: string, field: string): string {
  const re = new RegExp(`"${field}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?[\\d.eE+-]+|null)\\s*,`);
  if (!re.test(body)) throw new Error(`no ${field} in the answer to drop`);
  return body.replace(re, '');
}
