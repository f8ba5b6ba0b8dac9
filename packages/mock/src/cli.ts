#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startSandbox } from './sandbox/start-sandbox.js';
import { startMock } from './start-mock.js';

const usage = `Usage: assoc-feed-mock mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--quiet]
       assoc-feed-mock sandbox [--port 4011] [--host 127.0.0.1] [--seed 1] [--funds 7231] [options]

  mock     Prism serving the joined spec of all three documents (static examples by default)
  sandbox  stateful, seeded sandbox: tokens that expire, paging with totals, filters, date rules

Options (mock):
  --port N      port to listen on (default 4010; 0 = any free port)
  --host H      interface to bind (default 127.0.0.1)
  --dynamic     random schema-valid answers instead of the spec's examples
  --quiet       do not print Prism's request log

Options (sandbox):
  --port N                 port to listen on (default 4011; 0 = any free port)
  --host H                 interface to bind (default 127.0.0.1)
  --seed N                 seed of the data universe, 0 to 4294967295 (default 1): same seed, same answers
  --funds N                number of v2 funds, 0 to 5000000 (default 7231)
  --client-id ID           flow A (and flow B) client_id accepted (default sandbox-client)
  --client-secret SECRET   client_secret accepted (default sandbox-secret)
  --token-ttl SECONDS      token validity, expires_in (default 3600)
  --now TIMESTAMP          start the clock at this moment (ISO 8601, e.g. 2026-11-20T21:00:00-03:00)
  --entitle ID             entitle the client to a restricted product (e.g. E5); repeatable
  --latency MS|MIN-MAX     delay every answer (e.g. 50 or 20-200)
  --fail-rate R            share 0..1 of answers replaced by 429 (Retry-After) or 5xx
  --validate-with-prism    put Prism's validating proxy (prism proxy --errors) in front
  --quiet                  do not print the request log`;

function fail(message: string): never {
  console.error(`assoc-feed-mock: ${message}\n\n${usage}`);
  process.exit(2);
}

const mockOptions = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  dynamic: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const sandboxOptions = {
  port: { type: 'string', default: '4011' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string', default: '1' },
  funds: { type: 'string', default: '7231' },
  'client-id': { type: 'string', default: 'sandbox-client' },
  'client-secret': { type: 'string', default: 'sandbox-secret' },
  'token-ttl': { type: 'string', default: '3600' },
  now: { type: 'string' },
  entitle: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'validate-with-prism': { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const first = process.argv[2];
const command = first === undefined || first.startsWith('-') ? 'mock' : first;
if (command !== 'mock' && command !== 'sandbox') fail(`unknown command "${command}"`);

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    fail(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

let stop: () => Promise<void>;
let name: string;
if (command === 'mock') {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof mockOptions; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: mockOptions, allowPositionals: true });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a whole number from 0 to 65535, got "${values.port}"`);

  const server = await startMock({
    port,
    host: values.host,
    dynamic: values.dynamic,
    log: values.quiet ? 'silent' : 'inherit',
  });
  console.log(`Feed mock (Prism, all three documents) listening on ${server.url}`);
  console.log(`Try: curl -H 'client_id: demo' -H 'access_token: demo' ${server.url}/feed/fundos/v2/fundos`);
  stop = server.stop;
  name = 'Feed mock';
} else {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof sandboxOptions; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: sandboxOptions, allowPositionals: true });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = wholeNumber('port', values.port, 0, 65535);
  const seed = wholeNumber('seed', values.seed, 0, 4294967295);
  const funds = wholeNumber('funds', values.funds, 0, 5_000_000);
  const tokenTtlSeconds = wholeNumber('token-ttl', values['token-ttl'], 1, 315_360_000);
  for (const flag of ['client-id', 'client-secret'] as const) {
    const v = values[flag];
    if (v.length === 0 || v.includes(':'))
      fail(`--${flag} must be non-empty and without a colon, got "${flag === 'client-id' ? v : '…'}"`);
  }
  let now: (() => number) | undefined;
  if (values.now !== undefined) {
    const start = Date.parse(values.now);
    if (!Number.isFinite(start))
      fail(`--now must be an ISO 8601 moment such as 2026-11-20T21:00:00-03:00, got "${values.now}"`);
    const offset = start - Date.now();
    now = () => Date.now() + offset;
  }
  let latencyMs: number | [number, number] | undefined;
  if (values.latency !== undefined) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(values.latency);
    const lo = m ? Number(m[1]) : Number.NaN;
    const hi = m?.[2] !== undefined ? Number(m[2]) : lo;
    if (!m || lo > hi || hi > 60_000)
      fail(`--latency must be milliseconds (0 to 60000) or a range MIN-MAX, got "${values.latency}"`);
    latencyMs = lo === hi ? lo : [lo, hi];
  }
  let failRate: number | undefined;
  if (values['fail-rate'] !== undefined) {
    failRate = Number(values['fail-rate']);
    if (!/^\d*\.?\d+$/.test(values['fail-rate']) || failRate > 1)
      fail(`--fail-rate must be a number from 0 to 1, got "${values['fail-rate']}"`);
  }
  const sandbox = await startSandbox({
    port,
    host: values.host,
    seed,
    funds,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    tokenTtlSeconds,
    entitlements: values.entitle ?? [],
    validateWithPrism: values['validate-with-prism'],
    ...(now ? { now } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(failRate !== undefined ? { failRate } : {}),
    ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
  }).catch((error: Error) => fail(error.message));
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
  console.log(
    `Feed sandbox listening on ${sandbox.url}${values['validate-with-prism'] ? ` (Prism validating proxy in front of ${sandbox.sandboxUrl})` : ''}`,
  );
  console.log(`Seed ${sandbox.seed}, ${sandbox.funds} v2 funds. Tokens last ${sandbox.tokenTtlSeconds} s.`);
  console.log(`Credentials accepted: client_id=${sandbox.clientId} client_secret=${sandbox.clientSecret}`);
  console.log(
    `Try: curl -s -X POST -H 'Authorization: Basic ${basic}' -H 'Content-Type: application/json' -d '{"grant_type":"client_credentials"}' ${sandbox.url}/oauth/access-token`,
  );
  console.log(
    `then: curl -H 'client_id: ${sandbox.clientId}' -H 'access_token: <token>' '${sandbox.url}/feed/fundos/v2/fundos?size=10'`,
  );
  stop = sandbox.stop;
  name = 'Feed sandbox';
}
console.log('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    console.log(`${name} stopped.`);
    process.exit(0);
  });
}
