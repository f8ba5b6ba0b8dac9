import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultConfigPath, resolveConnection } from './connection.js';

const home = mkdtempSync(join(tmpdir(), 'assoc-feed-conn-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function config(
  content: Record<string, unknown>,
  mode = 0o600,
  env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: home },
) {
  const path = defaultConfigPath(env);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(content));
  chmodSync(path, mode);
  return path;
}

describe('resolveConnection', () => {
  it('takes a flag over the environment over the config file, for the target', () => {
    const env = {
      XDG_CONFIG_HOME: home,
      FEED_CLIENT_ID: 'id',
      FEED_CLIENT_SECRET: 's',
      FEED_ENVIRONMENT: 'production',
    };
    config({ baseUrl: 'http://127.0.0.1:9' });
    expect(resolveConnection({ baseUrl: 'http://localhost:1' }, env)).toMatchObject({
      baseUrl: 'http://localhost:1',
    });
    expect(resolveConnection({}, env)).toMatchObject({
      environment: 'production',
      label: 'production (https://api.assoc.example)',
    });
    const { FEED_ENVIRONMENT, ...noEnvTarget } = env;
    expect(resolveConnection({}, noEnvTarget)).toMatchObject({ baseUrl: 'http://127.0.0.1:9' });
  });

  it('reads FEED_ENVIRONMENT as the clients do: FEED_BASE_URL is then the production host, not the target', () => {
    const env = {
      XDG_CONFIG_HOME: '/nonexistent',
      FEED_CLIENT_ID: 'id',
      FEED_CLIENT_SECRET: 's',
      FEED_BASE_URL: 'https://feed.real.example.com',
    };
    expect(resolveConnection({}, { ...env, FEED_ENVIRONMENT: 'sandbox' })).toMatchObject({
      environment: 'sandbox',
    });
    expect(resolveConnection({}, env)).toMatchObject({ baseUrl: 'https://feed.real.example.com' });
    expect(() => resolveConnection({}, { ...env, FEED_ENVIRONMENT: 'staging' })).toThrow(
      /FEED_ENVIRONMENT="staging" names no environment: set it to production or sandbox/,
    );
  });

  it("shows the sandbox's real host when FEED_SANDBOX_BASE_URL sets it (the client reads the same variable)", () => {
    vi.stubEnv('FEED_SANDBOX_BASE_URL', 'https://sandbox.real.example.com');
    try {
      const env = { XDG_CONFIG_HOME: '/nonexistent', FEED_CLIENT_ID: 'id', FEED_CLIENT_SECRET: 's' };
      expect(resolveConnection({ environment: 'sandbox' }, env)).toMatchObject({
        environment: 'sandbox',
        label: 'sandbox (https://sandbox.real.example.com)',
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('takes the credentials from the environment over the config file, and says where from (never the values)', () => {
    const path = config({ clientId: 'file-id', clientSecret: 'file-secret', environment: 'sandbox' });
    const fromFile = resolveConnection({}, { XDG_CONFIG_HOME: home });
    expect(fromFile).toMatchObject({
      clientId: 'file-id',
      clientSecret: 'file-secret',
      credentialsFrom: path,
      environment: 'sandbox',
    });
    const fromEnv = resolveConnection(
      {},
      { XDG_CONFIG_HOME: home, FEED_CLIENT_ID: 'env-id', FEED_CLIENT_SECRET: 'env-secret' },
    );
    expect(fromEnv).toMatchObject({
      clientId: 'env-id',
      credentialsFrom: 'FEED_CLIENT_ID/FEED_CLIENT_SECRET',
    });
  });

  it.each([
    [
      { clientId: 'a', clientSecret: 'b', enviroment: 'sandbox' },
      0o600,
      /unknown key "enviroment"; did you mean environment\?/,
    ],
    [{ clientId: 'a', environment: 'sandbox' }, 0o600, /has no clientSecret/],
    [
      { clientId: 'a', clientSecret: 'b', environment: 'sandbox' },
      0o604,
      /readable by everyone \(mode 604\)[\s\S]*chmod 600/,
    ],
    [
      { clientId: 'a', clientSecret: 'b', environment: 'sandbox' },
      0o660,
      /readable by its group \(mode 660\)/,
    ],
    [{ clientId: 'a', clientSecret: 'b', environment: 'staging' }, 0o600, /Unknown environment "staging"/],
    [{ clientId: 'a', clientSecret: 'b', baseUrl: 'http://feed.example.com' }, 0o600, /must use https/],
  ])('refuses the config file %j (mode %o): %s', (content, mode, message) => {
    config(content, mode);
    expect(() => resolveConnection({}, { XDG_CONFIG_HOME: home })).toThrow(message);
  });
});
