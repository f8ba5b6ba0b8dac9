// The command line writes every number with exactly the digits the service sent. The sandbox sends a seeded
// share of quota values (Decimal(33,17)) with all 17 decimals, more than a double keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, runCli, sandboxEnv, startTestSandbox } from './test-support/cli.js';

let sandbox: RunningSandbox;
let dir: string;
const E8 = '/feed/fundos/v2/fundos/serie-historica/lote';
const QUERY = 'data-atualizacao=2025-04-15T00:00:00.000';

/** The quota values of E8 as the sandbox's JSON text writes them (not parsed: parsing would round them). */
async function sentQuotas(): Promise<string[]> {
  const response = await sandboxFetch(sandbox)(`${E8}?${QUERY}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return [...text.matchAll(/"valor_cota":(-?[\d.]+)/g)].map((m) => m[1] as string);
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-exact-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('exact digits on the command line', () => {
  it('the sandbox sends quota values with 17 decimals that a double cannot hold', async () => {
    const full = (await sentQuotas()).filter((q) => /\.\d{17}$/.test(q));
    expect(full.length).toBeGreaterThan(0);
    expect(full.some((q) => String(Number(q)) !== q)).toBe(true);
  });

  it.each([
    ['pretty', []],
    ['--compact', ['--compact']],
  ])('get (%s) prints every quota value with the digits sent', async (_name, flags) => {
    const sent = await sentQuotas();
    const result = expectExit(await runCli(['get', E8, '-q', QUERY, ...flags], sandboxEnv(sandbox)), 0);
    const printed = [...result.stdout.matchAll(/"valor_cota": ?(-?[\d.]+)/g)].map((m) => m[1]);
    expect(printed).toEqual(sent);
  });
});
