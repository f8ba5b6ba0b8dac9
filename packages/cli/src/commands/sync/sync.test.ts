// `assoc-feed sync` against a sandbox with a fixed clock: what it writes is read back with DuckDB the way a user
// reads it, and compared with the sandbox's own answers, digit for digit.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLossless, rawNumberText } from '@assoc-feed/core/internal';
import { businessDaysInRange } from '@assoc-feed/core/internal/calendar';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectExit, finished, NOW, sandboxEnv, spawnCli, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import { datasetContent, describeQuery, query } from '../../test-support/parquet.js';
import { decimalText } from './cells.js';

const TPF = '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF';
const E8 = '/feed/fundos/v2/fundos/serie-historica/lote';
const TPF_ID = 'precosIndicesTitulosPublicosMercadoSecundarioTpf';
const E8_ID = 'fundosV2ListSeriesBatch';
const [D1, D2] = ['2026-11-16', '2026-11-18'];
const ONLY = ['--only', 'serie-historica/lote,mercado-secundario-TPF', '--from', D1, '--to', D2];

let sandbox: RunningSandbox;
let root: string;
let requests: { path: string; query: URLSearchParams }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({
    funds: 40,
    log: (line) => {
      const m = /^GET (\S+) → (\d+)/.exec(line);
      if (!m) return;
      const url = new URL(m[1] as string, 'http://x');
      requests.push({ path: url.pathname, query: url.searchParams });
    },
  });
  root = mkdtempSync(join(tmpdir(), 'assoc-feed-sync-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

const env = () => ({ ...sandboxEnv(sandbox), FEED_NOW: NOW });
const glob = (dir: string, id: string) =>
  `read_parquet('${dir}/${id}/**/*.parquet', hive_partitioning = true)`;
/** A number's digits in one form (no trailing fraction zeros), whatever the scale it was printed with. */
const digits = (text: string) =>
  decimalText(text, 76, 38, () => {
    throw new Error(`not a number: ${text}`);
  });

/** The sandbox's answer with every number as the digits it sent. */
async function answer(path: string): Promise<unknown> {
  const res = await sandboxFetch(sandbox)(path);
  expect(res.status).toBe(200);
  return parseLossless(await res.text());
}
const textOf = (v: unknown) =>
  v === null || v === undefined
    ? null
    : rawNumberText(v) !== undefined || typeof v === 'number'
      ? digits(rawNumberText(v) ?? String(v))
      : String(v);

describe('assoc-feed sync', () => {
  const dir = () => join(root, 'copy');

  it('writes TPF per business day and E8 per data_competencia, readable by DuckDB, decimals exact', async () => {
    const result = expectExit(await runMain(['sync', '--out-dir', dir(), ...ONLY], env()), 0);
    expect(result.stderr).toMatch(/synced 2 of 2 operations/);

    // TPF: each business day's partition holds that day's answer, field by field, numbers digit for digit.
    const tpfTypes = await describeQuery(`SELECT * FROM ${glob(dir(), TPF_ID)}`);
    expect(tpfTypes.taxa_indicativa).toBe('DECIMAL(19,4)');
    expect(tpfTypes.data_vencimento).toBe('DATE');
    for (const day of businessDaysInRange(D1, D2)) {
      const expected = (await answer(`${TPF}?data=${day}`)) as Record<string, unknown>[];
      const rows = await query(
        `SELECT * EXCLUDE (data) FROM ${glob(dir(), TPF_ID)} WHERE data = DATE '${day}'`,
      );
      expect(rows.length).toBe(expected.length);
      expect(rows.length).toBeGreaterThan(0);
      rows.forEach((row, i) => {
        const record = expected[i] as Record<string, unknown>;
        const got = Object.entries(row).map(([name, value]) => [
          name,
          value !== null && /^(DECIMAL|DOUBLE)/.test(tpfTypes[name] as string) ? digits(value) : value,
        ]);
        expect(got).toEqual(Object.keys(row).map((name) => [name, textOf(record[name])]));
      });
    }

    // E8: the records with data_competencia in the window, each once, valor_cota exact at scale 17.
    const types = await describeQuery(`SELECT * FROM ${glob(dir(), E8_ID)}`);
    expect(types.valor_cota).toBe('DECIMAL(33,17)');
    expect(types.data_competencia).toBe('DATE');
    expect(types.data_atualizacao).toBe('TIMESTAMP WITH TIME ZONE');
    const expected: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const page = (await answer(
        `${E8}?data-atualizacao=${D1}T00:00:00.000${cursor ? `&cursor=${cursor}` : ''}`,
      )) as { content: Record<string, unknown>[]; nextCursor: string | null };
      expected.push(
        ...page.content.filter(
          (r) => (r.data_competencia as string) >= D1 && (r.data_competencia as string) <= D2,
        ),
      );
      cursor = page.nextCursor;
    } while (cursor);
    const rows = await query(
      `SELECT codigo_classe, codigo_subclasse, data_competencia, valor_cota::VARCHAR AS valor_cota, ` +
        `epoch_ms(data_atualizacao) AS updated FROM ${glob(dir(), E8_ID)} ORDER BY ALL`,
    );
    const key = (r: Record<string, unknown>) =>
      `${r.data_competencia}|${r.codigo_classe}|${r.codigo_subclasse ?? ''}`;
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map(key).sort()).toEqual(expected.map(key).sort());
    const byKey = new Map(expected.map((r) => [key(r), r]));
    for (const row of rows) {
      const record = byKey.get(key(row)) as Record<string, unknown>;
      // The digits of the JSON, padded to the column's 17 decimals: none lost, none rounded.
      const sent = textOf(record.valor_cota) as string;
      expect(digits(row.valor_cota as string)).toBe(sent);
      expect((row.valor_cota as string).split('.')[1]).toHaveLength(17);
      expect(Number(row.updated)).toBe(
        Date.parse(`${(record.data_atualizacao as string).replace(' ', 'T')}-03:00`),
      );
    }
    const manifest = JSON.parse(readFileSync(join(dir(), '_sync.json'), 'utf8'));
    expect(manifest.operations[E8_ID].schema).toContainEqual({ name: 'valor_cota', type: 'DECIMAL(33,17)' });
    expect(readdirSync(dir()).sort()).toEqual(['_sync.json', E8_ID, TPF_ID]);
  });

  it('a second run leaves the same content and asks only for E8 updates (no TPF day again)', async () => {
    const before = [await datasetContent(dir(), TPF_ID), await datasetContent(dir(), E8_ID)];
    expectExit(await runMain(['sync', '--out-dir', dir(), ...ONLY], env()), 0);
    expect([await datasetContent(dir(), TPF_ID), await datasetContent(dir(), E8_ID)]).toEqual(before);
    expect(requests.filter((r) => r.path === TPF)).toEqual([]);
    expect(requests.filter((r) => r.path === E8).length).toBeLessThanOrEqual(2);
  });

  it('a run killed (SIGKILL) after its first partition, run again, leaves what an uninterrupted run leaves', async () => {
    // Answers are slowed so the run is still going when its first partition appears, on any machine.
    const slow = await startTestSandbox({ funds: 40, latencyMs: 250 });
    try {
      const killed = join(root, 'killed');
      const args = ['sync', '--out-dir', killed, ...ONLY, '-c', '1', '--quiet'];
      const slowEnv = { ...sandboxEnv(slow), FEED_NOW: NOW };
      const child = spawnCli(args, slowEnv);
      const done = finished(child);
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const parts = [E8_ID, TPF_ID].flatMap((id) =>
            existsSync(join(killed, id))
              ? readdirSync(join(killed, id), { recursive: true }).filter((f) =>
                  String(f).endsWith('.parquet'),
                )
              : [],
          );
          if (parts.length > 0) {
            clearInterval(timer);
            child.kill('SIGKILL');
            resolve();
          }
        }, 10);
      });
      expect((await done).signal).toBe('SIGKILL');
      // The rerun reads only what the killed process left on disk: the same command, run in this process.
      expectExit(await runMain(args, slowEnv), 0);
      expect(await datasetContent(killed, TPF_ID)).toEqual(await datasetContent(dir(), TPF_ID));
      expect(await datasetContent(killed, E8_ID)).toEqual(await datasetContent(dir(), E8_ID));
      const leftovers = readdirSync(killed, { recursive: true }).map(String);
      expect(leftovers.filter((f) => f.endsWith('.tmp') || f.startsWith('_tmp'))).toEqual([]);
    } finally {
      await slow.stop();
    }
  });
});
