import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

let sandbox: RunningSandbox;
let twin: RunningSandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Tokens are an HMAC of (seed, secret, issue counter): a twin with the same seed issues the same sequence,
  // so the twin's first token is the token the CLI received from `sandbox`.
  twin = await startTestSandbox();
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-auth-'));
});
afterAll(async () => {
  await sandbox?.stop();
  await twin?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('assoc-feed auth check', () => {
  it('says who, where and until when, and prints neither the token nor the secret', async () => {
    const before = Date.now();
    const result = expectExit(await runMain(['auth', 'check'], sandboxEnv(sandbox)), 0);
    const after = Date.now();
    const token = await sandboxFetch(twin).token();
    expect(result.stdout).toContain('credentials accepted');
    expect(result.stdout).toContain(`where:         ${sandbox.url}`);
    expect(result.stdout).toContain(`client id:     ${sandbox.clientId}`);
    expect(result.stdout).toContain('from FEED_CLIENT_ID/FEED_CLIENT_SECRET');
    // expires_in (the sandbox's token lifetime) counted from when the token arrived.
    const expiry = /token expires: (\S+) \(in [^)]+\)/.exec(result.stdout)?.[1] as string;
    expect(Date.parse(expiry)).toBeGreaterThanOrEqual(before + sandbox.tokenTtlSeconds * 1000 - 1000);
    expect(Date.parse(expiry)).toBeLessThanOrEqual(after + sandbox.tokenTtlSeconds * 1000);
    expect(token).toMatch(/^[\w-]{20,}$/);
    for (const secret of [token, sandbox.clientSecret]) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  });

  it('reads the credentials and the target from a config file only its owner can read', async () => {
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        baseUrl: sandbox.url,
      }),
    );
    chmodSync(config, 0o600);
    const { FEED_CLIENT_ID, FEED_CLIENT_SECRET, FEED_BASE_URL, ...env } = sandboxEnv(sandbox);
    const result = expectExit(await runMain(['auth', 'check', '--config', config], env), 0);
    expect(result.stdout).toContain(`credentials:   from ${config}`);
    expect(result.stdout).not.toContain(sandbox.clientSecret);
  });

  it('exits 1 when the service refuses the credentials, with the fix and without the secret', async () => {
    const env = { ...sandboxEnv(sandbox), FEED_CLIENT_SECRET: 'not-the-secret-123' };
    const result = expectExit(await runMain(['auth', 'check', '--retries', '0'], env), 1);
    expect(result.stderr).toContain('Check clientId and clientSecret');
    expect(result.stderr).not.toContain('not-the-secret-123');
    expect(result.stdout).toBe('');
  });
});
