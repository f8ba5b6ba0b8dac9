// The command line writes every number with exactly the digits the service sent. The sandbox sends a seeded
// share of quota values (Decimal(33,17)) with all 17 decimals, more than a double keeps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, sandboxEnv, startTestSandbox } from './test-support/cli.js';
import { runMain } from './test-support/in-process.js';

let sandbox: RunningSandbox;
let dir: string;
const E8 = '/feed/fundos/v2/fundos/serie-historica/lote';
const QUERY = 'data-atualizacao=2025-04-15T00:00:00.000';
/** A batch of a few cursor pages (the one above has too many records to export in a test). */
const BATCH = 'data-atualizacao=2026-11-18T09:00:00.000';

/** Every quota value of the whole E8 batch, page by page through its cursors, as the JSON text writes them. */
let pages = 0;
async function allSentQuotas(): Promise<string[]> {
  const quotas: string[] = [];
  let cursor: string | null = null;
  do {
    pages++;
    const response: Response = await sandboxFetch(sandbox)(
      `${E8}?${BATCH}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    const text: string = await response.text();
    quotas.push(...[...text.matchAll(/"valor_cota":(-?[\d.]+)/g)].map((m) => m[1] as string));
    // The cursor is the only field read from the parsed page: it is a string, so parsing cannot change it.
    cursor = (JSON.parse(text) as { nextCursor: string | null }).nextCursor;
  } while (cursor);
  return quotas;
}

/** The quota values of E8 as the sandbox's JSON text writes them (not parsed: parsing would round them). */
async function sentQuotas(): Promise<string[]> {
  const response = await sandboxFetch(sandbox)(`${E8}?${QUERY}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return [...text.matchAll(/"valor_cota":(-?[\d.]+)/g)].map((m) => m[1] as string);
}

beforeAll(async () => {
  // Digits do not depend on the size of the list: 1,500 funds give a batch of several cursor pages, with a
  // seeded share of 17-decimal quota values in it.
  sandbox = await startTestSandbox({ funds: 1500 });
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
    const result = expectExit(await runMain(['get', E8, '-q', QUERY, ...flags], sandboxEnv(sandbox)), 0);
    const printed = [...result.stdout.matchAll(/"valor_cota": ?(-?[\d.]+)/g)].map((m) => m[1]);
    expect(printed).toEqual(sent);
  });

  it('export (E8, by cursor) writes a Decimal(33,17) quota value with its 17 decimals to NDJSON and CSV', async () => {
    const sent = await allSentQuotas();
    expect(pages).toBeGreaterThan(1);
    const full = sent.filter((q) => /\.\d{17}$/.test(q) && String(Number(q)) !== q);
    expect(full.length).toBeGreaterThan(0);
    const written: Record<string, string> = {};
    for (const format of ['ndjson', 'csv'] as const) {
      const out = join(dir, `e8.${format}`);
      const args = ['export', E8, '-q', BATCH, '--format', format, '--out', out, '--quiet'];
      expectExit(await runMain(args, sandboxEnv(sandbox)), 0);
      written[format] = readFileSync(out, 'utf8');
    }
    const ndjson = (written.ndjson ?? '').split('\n').filter(Boolean);
    expect(ndjson).toHaveLength(sent.length);
    // NDJSON: the records in batch order, each quota value's text exactly as sent.
    expect(ndjson.map((line) => /"valor_cota":(-?[\d.]+)/.exec(line)?.[1])).toEqual(sent);
    // CSV: every full-scale value appears as a whole cell, digit for digit.
    const cells = new Set((written.csv ?? '').split(/[,\r\n]/));
    for (const value of full) expect(cells.has(value), value).toBe(true);
  }, 120_000);
});
