import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, runCli, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

// The full sandbox (7,231 funds) where scale is the point: every fund exported whole. The formats, filters and
// paging by cursor do not depend on the size of the list: they read a sandbox of 300 funds, with page sizes that
// still make them read several pages.
let sandbox: RunningSandbox;
let small: RunningSandbox;
let dir: string;
let funds: Record<string, unknown>[];
let smallFunds: Record<string, unknown>[];
const SMALL = 300;

/** Every fund of a sandbox, read page by page straight from its HTTP API (not through the CLI). */
async function sandboxFunds(sandbox: RunningSandbox): Promise<Record<string, unknown>[]> {
  const call = sandboxFetch(sandbox);
  const all: Record<string, unknown>[] = [];
  for (let page = 0; ; page++) {
    const { status, body } = await call.json<{ content: Record<string, unknown>[]; totalSize: number }>(
      `/feed/fundos/v2/fundos?page=${page}&size=1000`,
    );
    expect(status).toBe(200);
    all.push(...body.content);
    if ((page + 1) * 1000 >= body.totalSize) return all;
  }
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  small = await startTestSandbox({ funds: SMALL });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-export-'));
  funds = await sandboxFunds(sandbox);
  smallFunds = await sandboxFunds(small);
});
afterAll(async () => {
  await sandbox?.stop();
  await small?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('assoc-feed export', () => {
  it('writes every one of the 7,231 sandbox funds, in order, once, as NDJSON equal to the sandbox data', async () => {
    expect(funds).toHaveLength(7231);
    const out = join(dir, 'funds.ndjson');
    const result = await runMain(
      ['export', '/feed/fundos/v2/fundos', '--out', out, '--concurrency', '8'],
      sandboxEnv(sandbox),
    );
    expect(result.stderr).toContain('exported 7,231 records');
    expectExit(result, 0);
    expect(lines(readFileSync(out, 'utf8'))).toEqual(funds);
  });

  it('writes the same records to stdout, as JSON, with a smaller page size and one request at a time', async () => {
    expect(smallFunds).toHaveLength(SMALL);
    const result = await runCli(
      ['export', '/feed/fundos/v2/fundos', '--format', 'json', '-q', 'size=70', '-c', '1', '--quiet'],
      sandboxEnv(small),
    );
    expectExit(result, 0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(smallFunds);
  });

  it('passes filters through: only FII funds with --query tipo-fundo=FII', async () => {
    const result = await runMain(
      ['export', '/feed/fundos/v2/fundos', '-q', 'tipo-fundo=FII', '-q', 'size=10', '--quiet'],
      sandboxEnv(small),
    );
    expectExit(result, 0);
    const fii = smallFunds.filter((f) => f.tipo_fundo === 'FII');
    expect(fii.length).toBeGreaterThan(0);
    expect(lines(result.stdout)).toEqual(fii);
  });

  it('writes CSV with flattened columns and the nested lists as JSON cells', async () => {
    const out = join(dir, 'funds.csv');
    const result = await runMain(
      ['export', '/feed/fundos/v2/fundos', '--format', 'csv', '-q', 'size=100', '--out', out, '--quiet'],
      sandboxEnv(small),
    );
    expectExit(result, 0);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(SMALL);
    for (const [i, row] of rows.entries()) {
      const fund = smallFunds[i] as Record<string, unknown> & { classes: unknown[]; subclases: unknown[] };
      expect(row.codigo_fundo).toBe(fund.codigo_fundo);
      expect(row.razao_social_fundo).toBe(fund.razao_social_fundo);
      expect(JSON.parse(row.classes as string)).toEqual(fund.classes);
      expect(JSON.parse(row.subclases as string)).toEqual(fund.subclases);
      expect(row._extra).toBe('');
    }
  });

  it('writes CSV with each nested list in its own file, joined to its fund by _record', async () => {
    const out = join(dir, 'split.csv');
    const result = await runMain(
      [
        'export',
        '/feed/fundos/v2/fundos',
        '--format',
        'csv',
        '--lists',
        'files',
        '-q',
        'size=100',
        '--out',
        out,
        '--quiet',
      ],
      sandboxEnv(small),
    );
    expectExit(result, 0);
    const main = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    const classes = parse(readFileSync(join(dir, 'split.classes.csv'), 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    const subclasses = parse(readFileSync(join(dir, 'split.subclases.csv'), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];
    expect(main.map((r) => r._record)).toEqual(smallFunds.map((_, i) => String(i)));
    expect(main[0]).not.toHaveProperty('classes');
    const expected = (list: 'classes' | 'subclases') =>
      smallFunds.flatMap((f, i) =>
        ((f[list] ?? []) as Record<string, unknown>[]).map((item, j) => ({
          record: String(i),
          index: String(j),
          item,
        })),
      );
    const classRows = expected('classes');
    expect(classes).toHaveLength(classRows.length);
    expect(subclasses).toHaveLength(expected('subclases').length);
    for (const [k, { record, index, item }] of classRows.entries()) {
      const row = classes[k] as Record<string, string>;
      expect([row._record, row._index, row.codigo_classe]).toEqual([record, index, item.codigo_classe]);
    }
  });

  it('exports the batch series (E8) whole by cursor: every record once, the count its totalSize', async () => {
    const call = sandboxFetch(small);
    // Pages of 50: the small sandbox's few hundred records still take several answers, each naming the next.
    const query = 'data-atualizacao=2026-11-18T09:00:00.000&size=50';
    let answers = 0;
    const expected: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page: {
        status: number;
        body: { content: Record<string, unknown>[]; totalSize: number; nextCursor: string | null };
      } = await call.json(
        `/feed/fundos/v2/fundos/serie-historica/lote?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      answers++;
      expected.push(...page.body.content);
      total = page.body.totalSize;
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(expected.length).toBe(total);
    expect(answers).toBeGreaterThan(3);
    const out = join(dir, 'series.ndjson');
    const result = await runMain(
      [
        'export',
        '/feed/fundos/v2/fundos/serie-historica/lote',
        ...query.split('&').flatMap((q) => ['-q', q]),
        '--out',
        out,
      ],
      sandboxEnv(small),
    );
    expectExit(result, 0);
    expect(result.stderr).toContain(`exported ${total.toLocaleString('en-US')} records`);
    expect(result.stderr).not.toContain('warning');
    expect(lines(readFileSync(out, 'utf8'))).toEqual(expected);
  });

  it('refuses a cursor= of its own for E8: the export reads every record from the first', async () => {
    const result = await runMain(
      [
        'export',
        '/feed/fundos/v2/fundos/serie-historica/lote',
        '-q',
        'data-atualizacao=2026-11-18T09:00:00.000',
        '-q',
        'cursor=abc',
      ],
      sandboxEnv(sandbox),
    );
    expectExit(result, 2);
    expect(result.stderr).toContain('drop cursor=');
  });

  it('ends cleanly at the 404 past the last page and writes nothing for an empty list', async () => {
    // A class code with no explanatory notes: E6 answers an empty page 0 (or 404), both an empty list.
    const result = await runMain(
      ['export', '/feed/fundos/v2/fundos/C0000100007/notas-explicativas', '--format', 'json', '--quiet'],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
  });
});
