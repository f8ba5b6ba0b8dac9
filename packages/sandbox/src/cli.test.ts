// The command line: every flag, default and usage error (parsed in process), then the real process (one per kind
// of behaviour, each checking several flags): it prints its URL and the credentials it accepts, serves with the
// flags given, logs requests, and stops cleanly on SIGTERM and Ctrl-C; usage errors and a busy port exit non-zero.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli, UsageError, usage } from './cli-args.js';
import { sandboxFetch } from './client.js';
import { SANDBOX_DEFAULTS } from './start-sandbox.js';

// The published bin as users start it (the bundled command; turbo builds it before the tests): a bundle
// once broke --validate-with-prism while the source, run through tsx, worked.
const binPath = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));

describe('parseCli: the flags', () => {
  it('defaults: port 4011 on loopback, seed 1, 7,231 funds, sandbox-client / sandbox-secret, tokens of 3600 s', () => {
    const cli = parseCli([]);
    expect(cli).toEqual({
      command: 'sandbox',
      quiet: false,
      options: {
        port: 4011,
        host: '127.0.0.1',
        seed: 1,
        funds: 7231,
        tokenTtlSeconds: 3600,
        clientId: 'sandbox-client',
        clientSecret: 'sandbox-secret',
        entitlements: [],
        validateWithPrism: false,
        strict: false,
      },
    });
    expect(SANDBOX_DEFAULTS).toMatchObject({ port: 4011, funds: 7231, tokenTtlSeconds: 3600 });
  });

  it('reads every flag', () => {
    const cli = parseCli(
      [
        '--port',
        '0',
        '--host',
        '::1',
        '--seed',
        '4294967295',
        '--funds',
        '1000000',
        '--client-id',
        'team-a',
        '--client-secret',
        's3cret',
        '--token-ttl',
        '60',
        '--entitle',
        'E5',
        '--entitle',
        'fundosV2X',
        '--latency',
        '20-200',
        '--fail-rate',
        '0.25',
        '--headers-timeout',
        '5',
        '--request-timeout',
        '20',
        '--validate-with-prism',
        '--strict',
        '--quiet',
      ],
      () => 0,
    );
    expect(cli).toEqual({
      command: 'sandbox',
      quiet: true,
      options: {
        port: 0,
        host: '::1',
        seed: 4294967295,
        funds: 1_000_000,
        tokenTtlSeconds: 60,
        clientId: 'team-a',
        clientSecret: 's3cret',
        entitlements: ['E5', 'fundosV2X'],
        validateWithPrism: true,
        strict: true,
        latencyMs: [20, 200],
        failRate: 0.25,
        headersTimeoutMs: 5000,
        requestTimeoutMs: 20_000,
      },
    });
    const fixed = parseCli(['--latency', '50'], () => 0);
    expect(fixed.command === 'sandbox' && fixed.options.latencyMs).toBe(50);
  });

  it('--now starts the clock at the moment given, then lets it run', () => {
    let real = 1_000_000;
    const cli = parseCli(['--now', '2026-11-20T21:00:00-03:00'], () => real);
    if (cli.command !== 'sandbox') throw new Error('not the sandbox');
    expect(Number(cli.options.now?.())).toBe(Date.parse('2026-11-21T00:00:00Z'));
    real += 5000;
    expect(Number(cli.options.now?.())).toBe(Date.parse('2026-11-21T00:00:05Z'));
  });

  it('drops the "--" that `pnpm sandbox -- --port 0` passes through', () => {
    const cli = parseCli(['--', '--port', '0']);
    expect(cli.command === 'sandbox' && cli.options.port).toBe(0);
  });

  it.each([
    [['--port', '65536'], '--port must be a whole number from 0 to 65535, got "65536"'],
    [['--port', 'x'], '--port must be a whole number'],
    [['--funds', '7500001'], '--funds must be a whole number from 0 to 7500000'],
    [['--funds', '1e6'], '--funds must be a whole number'],
    [['--seed=-1'], '--seed must be a whole number from 0 to 4294967295'],
    [['--token-ttl', '0'], '--token-ttl must be a whole number from 1'],
    [['--client-id', 'a:b'], '--client-id must be non-empty, without a colon'],
    [['--client-secret', ''], '--client-secret must be non-empty'],
    [['--latency', '200-20'], '--latency must be milliseconds (0 to 60000) or a range'],
    [['--latency', '60001'], '--latency must be milliseconds'],
    [['--fail-rate', '1.5'], '--fail-rate must be a number from 0 to 1'],
    [['--fail-rate=-0.1'], '--fail-rate must be a number from 0 to 1'],
    [['--now', 'tomorrow'], '--now must be an ISO 8601 moment'],
    [['--headers-timeout', '0'], '--headers-timeout must be a whole number from 1 to 3600'],
    [['--request-timeout', '1.5'], '--request-timeout must be a whole number from 1 to 3600'],
    [['--size', '10'], "Unknown option '--size'"],
    [['port', '5000'], 'unexpected argument "port": flags start with --'],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--port=-5'], '--port must be a whole number from 0 to 65535'],
    [['--port', '-1'], '--port must be a whole number from 0 to 65535, got "-1"'],
    [['--seed', '-5'], '--seed must be a whole number from 0 to 4294967295, got "-5"'],
    [['--fail-rate', '-0.5'], '--fail-rate must be a number from 0 to 1 (e.g. 0.1), got "-0.5"'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('never repeats a refused client secret', () => {
    expect(() => parseCli(['--client-secret', 'top:secret'])).toThrow(/^(?!.*top:secret).*the value given/);
  });

  it('help', () => {
    expect(parseCli(['--help'])).toEqual({ command: 'help' });
    expect(parseCli(['-h'])).toEqual({ command: 'help' });
  });

  it("the help quotes document 1's size of the beta database and how the default reads it", () => {
    expect(usage.replace(/\s+/g, ' ')).toMatch(
      /"about 7,231 thousand example FIF funds", read as 7,231, a guess; --funds 7231000 gives the literal reading/,
    );
    expect(parseCli(['--funds', '7231000'])).toMatchObject({ options: { funds: 7_231_000 } });
  });
});

// ---- the process -------------------------------------------------------------------------------------

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the output once `pattern` appears in it. */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, [binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DO_NOT_TRACK: '1' },
  });
  children.push(child);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: string) => {
    out += chunk;
    for (const l of listeners) l();
  };
  child.stdout?.setEncoding('utf8').on('data', onData);
  child.stderr?.setEncoding('utf8').on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) {
            listeners.delete(check);
            resolve(m);
          }
        };
        listeners.add(check);
        exited.then(() => reject(new Error(`the CLI exited before printing ${pattern}:\n${out}`)));
        check();
      }),
  };
}

/** Whether anything answers at the URL (a refused connection rejects the fetch). */
async function isListening(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}

describe('assoc-feed-sandbox (the process)', () => {
  it('prints its URL and the credentials it accepts, serves with the flags given behind Prism (--validate-with-prism), and SIGTERM stops both', async () => {
    const cli = runCli([
      '--port',
      '0',
      '--seed',
      '7',
      '--funds',
      '1234',
      '--client-id',
      'team-a',
      '--client-secret',
      'pw-42',
      '--token-ttl',
      '90',
      '--validate-with-prism',
      '--quiet',
    ]);
    const [, url, inner] = await cli.waitFor(
      /listening on (http:\/\/127\.0\.0\.1:\d+) \(Prism validating proxy in front of (http:\/\/127\.0\.0\.1:\d+)\)\n/,
    );
    expect(url).not.toBe(inner);
    await cli.waitFor(/Press Ctrl-C to stop\./);
    expect(cli.output()).toContain('Seed 7, 1234 v2 funds. Tokens last 90 s.');
    expect(cli.output()).toContain('Credentials accepted: client_id=team-a client_secret=pw-42');

    const call = sandboxFetch({ url: url as string, clientId: 'team-a', clientSecret: 'pw-42' });
    const res = await call('/feed/fundos/v2/fundos?size=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('sl-violations')).toBeNull();
    expect(((await res.json()) as { totalSize: number }).totalSize).toBe(1234);
    const token = await fetch(`${url}/oauth/access-token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('team-a:pw-42').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{"grant_type":"client_credentials"}',
    });
    expect(await token.json()).toMatchObject({ expires_in: 90 });

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Feed sandbox stopped.');
    expect(await isListening(url as string)).toBe(false);
    expect(await isListening(inner as string)).toBe(false);
  }, 120_000);

  it('logs every request, in order, with the faults --fail-rate and --latency inject; Ctrl-C (SIGINT) with keep-alive connections open writes the lines still queued, then stops', async () => {
    const cli = runCli(['--port', '0', '--fail-rate', '1', '--latency', '5']);
    const [, url] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await cli.waitFor(/Press Ctrl-C to stop\./);
    const n = 400;
    for (let i = 0; i < n; i++) {
      // fetch keeps its connection alive between requests (and after the last one).
      const res = await fetch(`${url}/feed/fundos/v2/fundos?n=${i}`);
      expect([429, 500, 502, 503]).toContain(res.status);
      await res.arrayBuffer();
    }
    // The last lines are still in the log's buffer (it writes every 100 ms): the stop must write them.
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    const logged = [
      ...cli.output().matchAll(/^GET \/feed\/fundos\/v2\/fundos\?n=(\d+) → (429|500|502|503) /gm),
    ].map((m) => Number(m[1]));
    expect(logged).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(cli.output().trimEnd().endsWith('Feed sandbox stopped.')).toBe(true);
  }, 120_000);

  it('SIGHUP (the terminal that started it closed) stops it cleanly too, after writing the queued log lines', async () => {
    const cli = runCli(['--port', '0']);
    const [, url] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await cli.waitFor(/Press Ctrl-C to stop\./);
    const n = 20;
    for (let i = 0; i < n; i++) await (await fetch(`${url}/feed/fundos/v2/fundos?n=${i}`)).arrayBuffer();
    cli.child.kill('SIGHUP');
    expect(await cli.exited).toBe(0);
    const logged = [...cli.output().matchAll(/^GET \/feed\/fundos\/v2\/fundos\?n=(\d+) → 401 /gm)];
    expect(logged).toHaveLength(n);
    expect(cli.output().trimEnd().endsWith('Feed sandbox stopped.')).toBe(true);
  }, 120_000);

  it('exits 2 with the usage for a bad flag, and 1 with the fix for a port in use', async () => {
    const bad = runCli(['--funds', 'many']);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('--funds must be a whole number from 0 to 7500000, got "many"');
    expect(bad.output()).toContain('Usage: assoc-feed-sandbox');

    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = runCli(['--port', String(port)]);
      expect(await busy.exited).toBe(1);
      expect(busy.output()).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(busy.output()).toContain('--port 0 picks a free one');
    } finally {
      blocker.close();
    }
  }, 120_000);
});
