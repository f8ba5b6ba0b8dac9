// The built bin as an assistant starts it: a process spoken to over stdio by the official MCP client, configured by
// the FEED_* variables only, stopped by SIGTERM or by the end of its stdin.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningSandbox, startSandbox } from '@assoc-feed/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_NOTICE } from './tools.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

function run(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: 'end') {
  const child = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  if (stdin === 'end') child.stdin.end();
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, exit, out: () => ({ stdout, stderr }) };
}

describe('the command line', () => {
  it('--help prints the options and the FEED_* variables', async () => {
    const p = run(['--help']);
    expect(await p.exit).toBe(0);
    expect(p.out().stdout).toMatch(
      /--sandbox[\s\S]*--only[\s\S]*--timeout-ms[\s\S]*--max-chars[\s\S]*FEED_CLIENT_ID/,
    );
  });

  it.each([
    [[], {}, /FEED_CLIENT_ID is not set: set FEED_CLIENT_ID and FEED_CLIENT_SECRET[\s\S]*or pass --sandbox/],
    [[], { FEED_CLIENT_ID: 'id', FEED_CLIENT_SECRET: 's3cret-value' }, /No environment chosen/],
    [['--max-chars', 'lots'], {}, /--max-chars must be a whole number/],
    [['--sandbox', '--only', 'nothing-like-this'], {}, /--only nothing-like-this matches no operation/],
  ])(
    '%j %j: exits 2 with the fix on stderr, nothing on stdout (the protocol)',
    async (args, env, message) => {
      const p = run(args, env);
      expect(await p.exit).toBe(2);
      expect(p.out().stderr).toMatch(message);
      expect(p.out().stderr).not.toContain('s3cret-value');
      expect(p.out().stdout).toBe('');
    },
  );

  it.each(['SIGTERM', 'end of stdin'])('--sandbox stops with exit 0 on %s', async (how) => {
    const p = run(['--sandbox'], {}, how === 'end of stdin' ? 'end' : undefined);
    if (how === 'SIGTERM') {
      // Killed once it runs: a request answered shows it is up.
      p.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
      await expect.poll(() => p.out().stdout, { timeout: 60_000 }).toContain('"id":1');
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  });
});

describe('with FEED_* pointing at a sandbox', () => {
  let sandbox: RunningSandbox;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  beforeAll(async () => {
    sandbox = await startSandbox({ entitlements: ['E5'] });
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin],
      env: {
        PATH: process.env.PATH ?? '',
        FEED_ENVIRONMENT: 'sandbox',
        FEED_SANDBOX_BASE_URL: sandbox.url,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
        FEED_LOG: 'debug',
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.stop();
  });

  it('lists the four tools and answers, saying the sandbox figures are not real', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'call_operation',
      'describe_operation',
      'find_fund',
      'list_operations',
    ]);
    const result = (await client.callTool({
      name: 'call_operation',
      arguments: {
        operation: 'fundosV2GetInvestorSegmentNetAssets',
        path: { codigo_classe_ou_subclasse: 'C0000100007' },
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(text(result).startsWith(SANDBOX_NOTICE)).toBe(true);
  });

  it('logs to stderr with FEED_LOG, never a credential', async () => {
    await client.callTool({
      name: 'call_operation',
      arguments: { operation: 'fundosV2ListFunds', max_records: 1 },
    });
    expect(stderr).toMatch(/GET .*\/feed\/fundos\/v2\/fundos/);
    expect(stderr).not.toContain(sandbox.clientSecret);
  });
});
