// Bad arguments: exit code 2, a message that names the fix, and nothing sent to the service. The cases run `main`
// in this process (the same parser and checks as bin.js, without a process start each); one case per kind of
// refusal (commander's, ours before connecting, the connection's set-up) also runs as a real process, the way a
// user meets it.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, runCli, sandboxEnv, startTestSandbox } from './test-support/cli.js';
import { runMain } from './test-support/in-process.js';

let sandbox: RunningSandbox;
let dir: string;
let requests = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox({ log: () => requests++ });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-args-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const V2 = '/feed/fundos/v2/fundos';
const VNA = '/feed/precos-indices/v1/titulos-publicos/vna';

interface Case {
  name: string;
  args: string[] | (() => string[]);
  env?: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  /** Each must appear in stderr. */
  says: (string | RegExp)[];
  /** Run as a real child process (bin.js) rather than `main` in this process. */
  process?: boolean;
}

const cases: Case[] = [
  {
    name: 'a misspelt command',
    args: ['exprot', V2],
    says: ["unknown command 'exprot'", 'Did you mean export?'],
    process: true,
  },
  {
    name: 'a misspelt option',
    args: ['export', V2, '--concurency', '4'],
    says: ["unknown option '--concurency'", 'Did you mean --concurrency?'],
  },
  { name: 'no command', args: [], says: ['Usage: assoc-feed', 'export'] },
  { name: 'auth without its subcommand', args: ['auth'], says: ['check'] },
  {
    name: 'an unknown path',
    args: ['get', '/feed/fundos/v2/fundo'],
    says: ['is not a GET operation', 'Closest matches', `  ${V2}  (E1)`],
    process: true,
  },
  {
    name: 'a path without its version',
    args: ['get', '/feed/precos-indices/titulos-publicos/vna'],
    says: [`  ${VNA}  (C/vna)`],
  },
  {
    name: 'a placeholder left in the path',
    args: ['get', `${V2}/{codigo_fundo_ou_classe_ou_subclasse}`],
    says: ['stands for codigo_fundo_ou_classe_ou_subclasse: put a value there'],
  },
  {
    name: 'a code of the wrong form',
    args: ['get', `${V2}/X123`],
    says: ['codigo_fundo_ou_classe_ou_subclasse', '^[FCS][0-9]{10}$'],
  },
  {
    name: 'an unknown parameter',
    args: ['get', V2, '-q', 'tipo_fundo=FII'],
    says: ['did you mean tipo-fundo?', '--query name=value'],
  },
  {
    name: 'a page size above the maximum',
    args: ['get', V2, '-q', 'size=5000'],
    says: ['size must be at most 1000', 'assoc-feed export reads every page'],
  },
  {
    name: 'a value outside the enum',
    args: ['export', V2, '-q', 'tipo-fundo=XYZ'],
    says: ['tipo-fundo', 'FIDC'],
  },
  {
    name: 'a required parameter missing',
    args: ['get', '/feed/fundos/v2/fundos/serie-historica/lote'],
    says: ['data-atualizacao is required: pass --query data-atualizacao=VALUE'],
  },
  {
    name: 'mes without ano',
    args: ['get', '/feed/precos-indices/v1/titulos-publicos/projecoes', '-q', 'mes=10'],
    says: ['must be sent together', 'ano'],
  },
  {
    name: '--query without =',
    args: ['get', V2, '-q', 'size'],
    says: ['is not name=value', '--query tipo-fundo=FII'],
  },
  {
    name: 'export of an operation that is not a list',
    args: ['export', `${V2}/F0000100007`],
    says: ['is not a paginated list', 'use assoc-feed get', `  ${V2}  (E1)`],
  },
  { name: 'export with a page number', args: ['export', V2, '-q', 'page=3'], says: ['drop page='] },
  {
    name: 'backfill of an operation without dates',
    args: ['backfill', V2, '--from', '2025-01-01', '--to', '2025-01-31'],
    says: ['nothing to backfill', `  ${VNA}  (C/vna)`],
  },
  {
    name: 'backfill without --to',
    args: ['backfill', VNA, '--from', '2025-01-01'],
    says: ["required option '--to <date>' not specified"],
  },
  {
    name: 'backfill with an impossible date',
    args: ['backfill', VNA, '--from', '2025-13-01', '--to', '2025-12-31'],
    says: ['--from "2025-13-01" is not a date: write YYYY-MM-DD'],
  },
  {
    name: 'backfill with the dates swapped',
    args: ['backfill', VNA, '--from', '2025-12-31', '--to', '2025-01-01'],
    says: ['swap them'],
  },
  {
    name: 'backfill given the date it sets itself',
    args: ['backfill', VNA, '--from', '2025-01-01', '--to', '2025-01-31', '-q', 'data=2025-01-02'],
    says: ['backfill sets data itself'],
  },
  {
    name: 'backfill with both --out and --out-dir',
    args: ['backfill', VNA, '--from', '2025-01-01', '--to', '2025-01-31', '--out', 'a', '--out-dir', 'b'],
    says: ['pass one'],
  },
  {
    name: 'a concurrency of 0',
    args: ['export', V2, '--concurrency', '0'],
    says: ['--concurrency must be a whole number from 1 to 32'],
  },
  {
    name: 'an unknown format',
    args: ['export', V2, '--format', 'xml'],
    says: ['Allowed choices are ndjson, csv, json'],
  },
  {
    name: 'nested lists as files to stdout',
    args: ['export', V2, '--format', 'csv', '--lists', 'files'],
    says: ['pass --out FILE'],
  },
  {
    name: 'an unknown environment',
    args: ['auth', 'check', '--environment', 'staging'],
    says: ['Allowed choices are production, sandbox'],
  },
  {
    name: 'no credentials at all',
    args: ['auth', 'check'],
    env: ({ FEED_CLIENT_ID, FEED_CLIENT_SECRET, ...env }) => env,
    says: ['No credentials: set FEED_CLIENT_ID and FEED_CLIENT_SECRET', 'chmod 600'],
    process: true,
  },
  {
    name: 'a client id without its secret',
    args: ['auth', 'check'],
    env: ({ FEED_CLIENT_SECRET, ...env }) => env,
    says: ['FEED_CLIENT_SECRET is not: set both'],
  },
  {
    name: 'no environment chosen',
    args: ['auth', 'check'],
    env: ({ FEED_BASE_URL, ...env }) => env,
    says: ['pass --environment production or --environment sandbox, or --base-url'],
  },
  {
    name: '--environment production on its placeholder host (the README table: setup, nothing sent)',
    args: ['get', '/feed/fundos/v2/fundos/F0000254851', '--environment', 'production'],
    env: ({ FEED_BASE_URL, ...env }) => env,
    says: ['is a placeholder', 'FEED_BASE_URL'],
  },
  {
    name: 'both --environment and --base-url',
    args: ['auth', 'check', '--environment', 'sandbox', '--base-url', 'http://127.0.0.1:1'],
    says: ['pass one'],
  },
  {
    name: 'plain http to a remote host',
    args: ['auth', 'check', '--base-url', 'http://feed.example.com'],
    says: ['must use https', 'https://feed.example.com'],
  },
  {
    name: 'a config file others can read',
    args: () => ['auth', 'check', '--config', configFile(0o644)],
    env: ({ FEED_CLIENT_ID, FEED_CLIENT_SECRET, ...env }) => env,
    says: ['is readable by everyone (mode 644)', 'chmod 600'],
  },
  {
    name: 'a config file its group can read',
    args: () => ['auth', 'check', '--config', configFile(0o640)],
    env: ({ FEED_CLIENT_ID, FEED_CLIENT_SECRET, ...env }) => env,
    says: ['is readable by its group (mode 640)', 'chmod 600'],
  },
  {
    name: 'a config file that is not there',
    args: ['auth', 'check', '--config', '/nonexistent/assoc-feed.json'],
    says: ['does not exist'],
  },
];

let configs = 0;
function configFile(mode: number): string {
  const path = join(dir, `config-${configs++}.json`);
  writeFileSync(path, JSON.stringify({ clientId: sandbox.clientId, clientSecret: sandbox.clientSecret }));
  chmodSync(path, mode);
  return path;
}

describe('bad arguments', () => {
  it.each(cases.map((c) => ({ ...c, how: c.process ? 'a process' : 'in-process' })))(
    '$name ($how): exit 2 with the fix, nothing sent',
    async ({ args, env, says, process: asProcess }) => {
      const before = requests;
      const base = sandboxEnv(sandbox);
      const run = asProcess ? runCli : runMain;
      const result = await run(typeof args === 'function' ? args() : args, env ? env(base) : base);
      expectExit(result, 2);
      for (const text of says) expect(result.stderr).toContain(text);
      expect(result.stdout).toBe('');
      expect(requests).toBe(before);
      expect(result.stderr).not.toContain(sandbox.clientSecret);
    },
  );
});
