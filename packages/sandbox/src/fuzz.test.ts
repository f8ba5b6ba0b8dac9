// Property-based: random and hostile requests (paths, parameters, headers, methods, bodies, malformed HTTP) never
// produce a 5xx and never stop the server. About two thousand requests, bounded in count and time, loopback only.
// The runs are seeded, so every run sends the same requests; the counts are sized so each property reaches the
// parameter rules, the router and the handlers many times over (the status counts below check that it does).
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from './index.js';
import { loadSpec } from './spec-reader/load.js';
import { type ParamSchema, readOperations } from './spec-reader/operations.js';

const operations = readOperations(loadSpec());
const templates = operations.map((op) => op.path);
const paramNames = [...new Set(operations.flatMap((op) => op.params.map((p) => p.name)))];

let sandbox: RunningSandbox;
let token: string;
let host: string;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  body: string;
}

interface Target {
  host: string;
  port: number;
  clientId: string;
  token: string;
}

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  to: Pick<Target, 'host' | 'port'> = { host, port },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...to, method, path, headers, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Raw bytes on a socket (malformed request lines and headers that no HTTP client would send). */
function sendRaw(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let out = '';
    socket.setTimeout(3000, () => socket.destroy());
    socket.on('data', (d: Buffer) => {
      out += d.toString('latin1');
    });
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
    socket.on('connect', () => socket.end(bytes));
  });
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '%',
    '%zz',
    '%00',
    '%C0%AF',
    '\u0000',
    '../../etc/passwd',
    '<script>',
    "' OR 1=1 --",
    '{}',
    '[]',
    'null',
    'NaN',
    '-0',
    '1e309',
  ),
  fc.constantFrom(
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '99999999999999999999999',
    '9007199254740993',
    '1.5',
    '0x10',
    '+1',
    ' 1',
  ),
  fc.constantFrom(
    '2026-11-19',
    '2026-11-21',
    '0001-01-01',
    '9999-12-31',
    '2024-02-29',
    '2023-02-29',
    '2026-13-01',
  ),
  fc.constantFrom(
    '2026-11-19T00:00:00.000',
    '0000-01-01T00:00:00.000',
    '9999-12-31T23:59:59.999',
    '2026-11-19T24:00:00.000',
  ),
  fc.constantFrom(
    'F0000100007',
    'C0000100007',
    'S0000100008',
    'F9999999999',
    'S0000000000',
    '100007',
    '28516301000191',
    '00000000000000',
  ),
  fc.integer({ min: -1e6, max: 1e9 }).map(String),
  fc.stringMatching(/^[FCS]\d{10}$/),
  fc.stringMatching(/^\d{6}$|^\d{14}$/),
  fc.constantFrom('01', '12', '00', '13', '2026', 'IMA_B5_MAIS', 'FII', 'FIDC', 'FIAGRO', 'fif'),
  fc.string({ minLength: 500, maxLength: 3000 }),
);

const pathArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...templates), fc.array(hostileText, { minLength: 3, maxLength: 3 }))
    .map(([template, values]) => {
      let i = 0;
      return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++ % 3] as string));
    }),
  fc.array(hostileText, { maxLength: 6 }).map((segments) => `/${segments.map(encodeURIComponent).join('/')}`),
  fc.constantFrom(
    '/',
    '//',
    '/feed',
    '/feed/fundos/v2/fundos/',
    '/feed/fundos/v2//fundos',
    '/oauth/access-token/',
    '/%2e%2e/%2e%2e',
  ),
);

const queryArb = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...paramNames), hostileText), hostileText), { maxLength: 6 })
  .map((pairs) =>
    pairs.length
      ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
      : '',
  );

const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '')),
  fc.constantFrom(
    'Basic',
    'Basic ',
    'Basic ====',
    'Basic Og==',
    'Bearer',
    'Bearer x y',
    'Digest abc',
    'Basic c2FuZGJveC1jbGllbnQ6c2FuZGJveC1zZWNyZXQ=',
  ),
  fc.string({ minLength: 1000, maxLength: 6000 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'a')),
);

/** A value from a parameter's own domain, often at its edges (and sometimes just outside). */
function valueArb(schema: ParamSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum.map(String)));
  if (schema.type === 'integer') {
    const min = schema.minimum ?? -1e6;
    const max = Math.min(schema.maximum ?? 1e9, 2 ** 31);
    options.push(
      fc.constantFrom(String(min), String(max), String(min - 1), String(max + 1), '0', '1'),
      fc.integer({ min, max }).map(String),
    );
  }
  if (schema.format === 'date') {
    options.push(
      fc
        .date({ min: new Date('2011-06-01'), max: new Date('2027-06-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('0001-01-01', '1583-01-01', '9999-12-31', '2012-01-02', '2026-11-19', '2026-11-20'),
    );
  } else if (schema.pattern) {
    options.push(fc.stringMatching(new RegExp(schema.pattern)));
  }
  if (schema.items)
    return fc.array(valueArb(schema.items), { minLength: 1, maxLength: 3 }).map((vs) => vs.join('\u0001'));
  if (options.length === 0) options.push(fc.string({ maxLength: 12 }));
  return fc.oneof(...options);
}

const specShapedArb = fc.constantFrom(...operations.filter((op) => op.security === 'flowA')).chain((op) =>
  fc
    .tuple(
      fc.tuple(
        ...op.params.map((p) => fc.option(valueArb(p.schema), { nil: undefined, freq: p.required ? 20 : 2 })),
      ),
      fc.constantFrom(
        ...['F0000100007', 'C0000100007', 'S0000100008', '100007', 'F0000731120'],
        ...(['x'] as string[]),
      ),
    )
    .map(([values, code]) => {
      const query: string[] = [];
      let path = op.path;
      op.params.forEach((p, i) => {
        const v = values[i];
        if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v ?? code));
        else if (p.in === 'query' && v !== undefined) {
          for (const one of v.split('\u0001'))
            query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(one)}`);
        }
      });
      return query.length ? `${path}?${query.join('&')}` : path;
    }),
);

const requestArb = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'FOO'),
  path: pathArb,
  query: queryArb,
  auth: fc.constantFrom('valid', 'valid', 'none', 'junk'),
  junk: fc.record(
    {
      client_id: headerValue,
      access_token: headerValue,
      authorization: headerValue,
      'content-type': headerValue,
    },
    { requiredKeys: [] },
  ),
  body: fc.option(
    fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{"grant_type":"client_credentials"}',
        'grant_type=client_credentials&client_id=sandbox-client&client_secret=sandbox-secret',
        '{"a":',
        '[]',
      ),
    ),
    { nil: undefined },
  ),
});

/** A started sandbox's address and a flow A token for it. */
async function targetOf(running: RunningSandbox): Promise<Target> {
  const url = new URL(running.url);
  const to = { host: url.hostname, port: Number(url.port) };
  const basic = Buffer.from(`${running.clientId}:${running.clientSecret}`).toString('base64');
  const answer = await send(
    'POST',
    '/oauth/access-token',
    { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    '{"grant_type":"client_credentials"}',
    to,
  );
  const { access_token } = JSON.parse(answer.body) as { access_token: string };
  return { ...to, clientId: running.clientId, token: access_token };
}

/**
 * The property: whatever the request, the answer is below 500 and an error answer carries the error body.
 * `statuses` counts every answer, so a run can show it made the requests it claims and reached past auth.
 */
function neverAServerError(target: Target, statuses: Map<number, number>) {
  return fc.asyncProperty(requestArb, async (r) => {
    const headers: Record<string, string> =
      r.auth === 'valid'
        ? { client_id: target.clientId, access_token: target.token }
        : r.auth === 'junk'
          ? { ...(r.junk as Record<string, string>) }
          : {};
    const answer = await send(
      r.method,
      `${r.path}${r.query}`,
      headers,
      r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
      target,
    );
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 400 && r.method !== 'HEAD') {
      const body = JSON.parse(answer.body) as string | { status: number; error: string; message: string };
      // The error body of the spec: the object form, or the gateway's bare string (a 401 on the client_id).
      if (typeof body === 'string') {
        expect(answer.status).toBe(401);
        expect(body.length).toBeLessThanOrEqual(1000);
      } else {
        expect(body.status).toBe(answer.status);
        expect(body.message.length).toBeLessThanOrEqual(1000);
      }
    }
  });
}

const total = (statuses: Map<number, number>) => [...statuses.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  sandbox = await startSandbox({
    now: () => Date.parse('2026-11-19T21:00:00-03:00'),
    tokenTtlSeconds: 315_360_000,
  });
  const target = await targetOf(sandbox);
  host = target.host;
  port = target.port;
  token = target.token;
});
afterAll(async () => {
  agent.destroy();
  await sandbox.stop();
});

describe('hostile requests never produce a 5xx', () => {
  it('1,000 random requests (paths from the spec and not, parameters, headers, methods, bodies)', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(neverAServerError(await targetOf(sandbox), statuses), {
      numRuns: 1000,
      seed: 20261119,
      endOnFailure: true,
    });
    expect(total(statuses)).toBe(1000);
    // The run reached the parameter rules and the router, not just the auth gate.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(50);
  }, 300_000);

  it('800 spec-shaped requests with edge values reach the handlers and never fail', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(specShapedArb, async (path) => {
        const answer = await send('GET', path, { client_id: sandbox.clientId, access_token: token });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status, path).toBeLessThan(500);
        expect(() => JSON.parse(answer.body)).not.toThrow();
      }),
      { numRuns: 800, seed: 4011, endOnFailure: true },
    );
    expect(total(statuses)).toBe(800);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(250);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(20);
  }, 300_000);

  it('malformed HTTP on the socket gets a 4xx or a closed connection, and the server keeps answering', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom(
            'GET / HTTP/9.9\r\n\r\n',
            'GET\r\n\r\n',
            'GET /feed/fundos/v2/fundos HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
            'GET /feed/fundos/v2/fundos HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
            `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
            `GET / HTTP/1.1\r\nHost: x\r\nX: ${'b'.repeat(70_000)}\r\n\r\n`,
            'POST /oauth/access-token HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc',
          ),
        ),
        async (bytes) => {
          sent++;
          const out = await sendRaw(bytes);
          const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(out)?.[1] ?? 0);
          expect(status === 0 || status < 500).toBe(true);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    expect(sent).toBe(300);
    const alive = await send('GET', '/feed/fundos/v2/fundos?size=1', {
      client_id: sandbox.clientId,
      access_token: token,
    });
    expect(alive.status).toBe(200);
  }, 300_000);
});

describe('the property can fail', () => {
  it('finds the 5xx of a server that answers them (a sandbox with failRate 1)', async () => {
    const failing = await startSandbox({ failRate: 1, seed: 5 });
    try {
      const statuses = new Map<number, number>();
      const url = new URL(failing.url);
      // Every answer is injected (even a token's), so any token will do.
      const target = { host: url.hostname, port: Number(url.port), clientId: failing.clientId, token: 'x' };
      const result = await fc.check(neverAServerError(target, statuses), {
        numRuns: 50,
        seed: 1,
        endOnFailure: true,
      });
      expect(result.failed).toBe(true);
      expect([...statuses.keys()].some((status) => status >= 500)).toBe(true);
    } finally {
      await failing.stop();
    }
  });
});
