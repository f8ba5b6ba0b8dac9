// The sandbox as a user starts it (its bin, a free port, entitled to the restricted E5), and one call of every
// operation of the spec, built from the spec's own examples (parameters, request bodies) with the credentials
// each operation's security asks for.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Operation } from './generators.ts';

type Json = Record<string, unknown>;

export interface Answer {
  op: Operation;
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

export interface Sandbox {
  url: string;
  stop(): Promise<void>;
}

const CLIENT_ID = 'sandbox-client';
const CLIENT_SECRET = 'sandbox-secret';

/** Starts `assoc-feed-sandbox --port 0 --entitle E5` from the built workspace and waits for its URL. */
export async function startSandbox(repoRoot: string): Promise<Sandbox> {
  const cli = join(repoRoot, 'packages', 'sandbox', 'dist', 'cli.cjs');
  const child: ChildProcess = spawn(process.execPath, [cli, '--port', '0', '--entitle', 'E5', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the sandbox did not start within 60 s:\n${seen}`)),
      60_000,
    );
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}) before listening:\n${seen}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function deref(spec: Json, node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((acc, part) => acc[part] as Json, spec);
  }
  return current;
}

function exampleOf(spec: Json, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const named = Object.values((param.examples as Json | undefined) ?? {})[0];
  if (named !== undefined) return deref(spec, named).value;
  const schema = deref(spec, param.schema);
  return schema.example ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
}

/** Every operation of the spec (GET and POST), in spec order. */
export function operationsOf(spec: Json): (Operation & { raw: Json })[] {
  const out: (Operation & { raw: Json })[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const raw = item[method] as Json | undefined;
      if (raw) out.push({ operationId: String(raw.operationId), method, path, raw });
    }
  }
  return out;
}

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

/** Calls every operation with its examples and the credentials its security asks for. */
export async function callEveryOperation(spec: Json, baseUrl: string): Promise<Answer[]> {
  const feedToken = await token(baseUrl, '/oauth/access-token', {
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  const inputToken = await token(baseUrl, '/realms/input-api/protocol/openid-connect/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }).toString(),
  });
  const answers: Answer[] = [];
  // Each operation with all its examples, then, where that differs, with only its required parameters (a list
  // without its filters answers records of every kind).
  const calls = operationsOf(spec).flatMap((op) => {
    const params = ((op.raw.parameters as Json[] | undefined) ?? []).map((p) => deref(spec, p));
    const optional = params.some((p) => !p.required && p.in === 'query' && exampleOf(spec, p) !== undefined);
    return optional
      ? [
          { op, params },
          { op, params: params.filter((p) => p.required) },
        ]
      : [{ op, params }];
  });
  for (const { op, params } of calls) {
    let path = op.path;
    const query = new URLSearchParams();
    for (const p of params) {
      const value = exampleOf(spec, p);
      if (value === undefined) continue;
      if (p.in === 'path') path = path.replace(`{${String(p.name)}}`, encodeURIComponent(String(value)));
      if (p.in === 'query') for (const one of [value].flat()) query.append(String(p.name), String(one));
    }
    const headers: Record<string, string> = {};
    const security = JSON.stringify(op.raw.security ?? spec.security ?? []);
    if (security.includes('ClientId'))
      Object.assign(headers, { client_id: CLIENT_ID, access_token: feedToken });
    else if (security.includes('Basic')) headers.authorization = basic;
    else if (security.includes('Input')) headers.authorization = `Bearer ${inputToken}`;
    let body: string | undefined;
    const content = ((op.raw.requestBody ? deref(spec, op.raw.requestBody).content : undefined) ??
      {}) as Record<string, Json>;
    const json = content['application/json'];
    const form = content['application/x-www-form-urlencoded'];
    if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(bodyExample(spec, json) ?? {});
    } else if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const example = (bodyExample(spec, form) ?? {}) as Record<string, string>;
      body = new URLSearchParams({
        ...example,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }).toString();
    }
    const url = `${baseUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
    const response = await fetch(url, { method: op.method.toUpperCase(), headers, body });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown;
    try {
      parsed = contentType.includes('json') ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    answers.push({ op, status: response.status, contentType, body: parsed, text });
  }
  return answers;
}

function bodyExample(spec: Json, media: Json): unknown {
  if (media.example !== undefined) return media.example;
  const named = Object.values((media.examples as Json | undefined) ?? {})[0];
  return named === undefined ? undefined : deref(spec, named).value;
}

async function token(baseUrl: string, path: string, init: { headers: Record<string, string>; body: string }) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', ...init });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`${path} answered ${response.status}: no token`);
  return body.access_token;
}
