// Each example as a user runs it: its own process (tsx), the credentials and host in FEED_*, against a sandbox
// started for the run. The waits are guards against a hang, not timings.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type RunningSandbox, sandboxFetch, startSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const tsx = join(here, 'node_modules', '.bin', 'tsx');

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, funds: 300, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
});
afterAll(() => sandbox?.stop());

async function example(file: string, args: string[] = []): Promise<string> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FEED_ENVIRONMENT: 'sandbox',
    FEED_SANDBOX_BASE_URL: sandbox.url,
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
  };
  const { stdout } = await run(tsx, [join(here, file), ...args], { env, timeout: 120_000 });
  return stdout;
}

describe('the examples, run against the sandbox', () => {
  it('list-funds.ts counts every FIF fund the list has', async () => {
    const out = await example('list-funds.ts');
    const res = await sandboxFetch(sandbox)('/feed/fundos/v2/fundos?tipo-fundo=FIF&size=1');
    const { totalSize } = (await res.json()) as { totalSize: number };
    expect(totalSize).toBeGreaterThan(0);
    expect(out).toContain(`${totalSize} FIF funds`);
    expect(out.split('\n').filter((l) => /^F\d{10} /.test(l))).toHaveLength(3);
  }, 180_000);

  it('quota-series.ts reads the batch series to its end', async () => {
    const out = await example('quota-series.ts', ['2026-11-16']);
    expect(out).toMatch(/^[1-9][\d]* records updated since 2026-11-16, [1-9]\d* classes$/m);
  }, 180_000);

  it('typed-errors.ts shows the refusal before sending and the 404', async () => {
    const out = await example('typed-errors.ts');
    expect(out).toMatch(/^refused before sending: .*codigo_fundo_ou_classe_ou_subclasse/m);
    expect(out).toContain('an unknown fund: 404 (an error body, no data)');
  }, 180_000);
});
