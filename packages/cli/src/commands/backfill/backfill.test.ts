import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessDaysInRange, isBusinessDay, nationalHolidays } from '@assoc-feed/core/internal/calendar';
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectExit, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

const VNA = '/feed/precos-indices/v1/titulos-publicos/vna';
let sandbox: RunningSandbox;
let dir: string;
/** The requests the sandbox answered (its request log), to see what the CLI really asked. */
let requests: { path: string; query: URLSearchParams; status: number }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({
    log: (line) => {
      const m = /^GET (\S+) → (\d+)/.exec(line);
      if (!m) return;
      const url = new URL(m[1] as string, 'http://x');
      requests.push({ path: url.pathname, query: url.searchParams, status: Number(m[2]) });
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-backfill-'));
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('assoc-feed backfill', () => {
  it('asks a year (2025) one business day at a time: no weekend, no national holiday, every record once', async () => {
    const out = join(dir, 'vna-2025.ndjson');
    const result = await runMain(
      ['backfill', VNA, '--from', '2025-01-01', '--to', '2025-12-31', '--out', out, '-c', '8'],
      sandboxEnv(sandbox),
    );
    expect(result.stderr).toContain('backfilled 252 dates');
    expectExit(result, 0);

    const days = businessDaysInRange('2025-01-01', '2025-12-31');
    expect(days).toHaveLength(252);
    const asked = requests.filter((r) => r.path === VNA).map((r) => r.query.get('data'));
    expect([...asked].sort()).toEqual(days);
    const holidays = nationalHolidays(2025).map((h) => h.date);
    expect(holidays).toEqual(
      expect.arrayContaining(['2025-03-03', '2025-03-04', '2025-04-18', '2025-11-20']),
    );
    for (const holiday of holidays) expect(asked).not.toContain(holiday);

    // The records are the sandbox's answers, in date order, each tagged with the date it was asked for.
    const call = sandboxFetch(sandbox);
    const expected: Record<string, unknown>[] = [];
    for (const day of days) {
      const { body } = await call.json<Record<string, unknown>[]>(`${VNA}?data=${day}`);
      expected.push(...body.map((r) => ({ _period: day, ...r })));
    }
    expect(lines(readFileSync(out, 'utf8'))).toEqual(expected);

    const summary = JSON.parse(readFileSync(`${out}.summary.json`, 'utf8'));
    expect(summary).toMatchObject({ requests: 252, withData: 252, records: expected.length, noData: [] });
    expect(summary.skipped.holidays.map((h: { date: string }) => h.date)).toEqual(
      holidays.filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() % 6 !== 0),
    );
    expect(readdirSync(dir)).not.toContain('vna-2025.ndjson.checkpoint.json');
  });

  it('records a 404 as "no data" for that date and goes on (dates before the data start, 2012-01-02)', async () => {
    const out = join(dir, 'start.ndjson');
    const result = await runMain(
      ['backfill', VNA, '--from', '2011-12-26', '--to', '2012-01-06', '--out', out],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    const before = ['2011-12-26', '2011-12-27', '2011-12-28', '2011-12-29', '2011-12-30'];
    expect(
      requests
        .filter((r) => r.status === 404)
        .map((r) => r.query.get('data'))
        .sort(),
    ).toEqual(before);
    expect(result.stderr).toContain(`5 without data (404: ${before.join(', ')})`);
    const summary = JSON.parse(readFileSync(`${out}.summary.json`, 'utf8'));
    expect(summary).toMatchObject({ requests: 10, withData: 5, noData: before });
    const periods = new Set(lines(readFileSync(out, 'utf8')).map((r) => r._period));
    expect([...periods]).toEqual(['2012-01-02', '2012-01-03', '2012-01-04', '2012-01-05', '2012-01-06']);
  });

  it('writes one file per date with --out-dir, and none for a date without data', async () => {
    const outDir = join(dir, 'curves');
    const result = await runMain(
      [
        'backfill',
        '/feed/precos-indices/v1/titulos-publicos/curvas-juros',
        '--from',
        '2025-04-14',
        '--to',
        '2025-04-22',
        '--out-dir',
        outDir,
        '--format',
        'json',
        '--quiet',
      ],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    const days = businessDaysInRange('2025-04-14', '2025-04-22');
    expect(days).not.toContain('2025-04-18'); // Good Friday
    expect(days).not.toContain('2025-04-21'); // Tiradentes
    expect(readdirSync(outDir).sort()).toEqual([...days.map((d) => `${d}.json`), '_summary.json']);
    const call = sandboxFetch(sandbox);
    // curvas-juros answers an array with one object per date (public-client evidence, item 15): the file holds
    // its records.
    const { body } = await call.json(`/feed/precos-indices/v1/titulos-publicos/curvas-juros?data=${days[0]}`);
    expect(JSON.parse(readFileSync(join(outDir, `${days[0]}.json`), 'utf8'))).toEqual(body);
  });

  it('asks one request per month for an operation with mes and ano', async () => {
    const result = await runMain(
      [
        'backfill',
        '/feed/precos-indices/v1/titulos-publicos/projecoes',
        '--from',
        '2025-11',
        '--to',
        '2026-02',
        '--quiet',
      ],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    const asked = requests.map((r) => `${r.query.get('ano')}-${r.query.get('mes')}`).sort();
    expect(asked).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(new Set(lines(result.stdout).map((r) => r._period))).toEqual(new Set(asked));
  });

  it('reads a V7 history longer than five years in consecutive windows, each day once', async () => {
    const call = sandboxFetch(sandbox);
    const { body } = await call.json<{ content: { cnpj_fundo: string }[] }>(
      '/feed/fundos/v1/fundos-estruturados?size=1',
    );
    const cnpj = body.content[0]?.cnpj_fundo as string;
    const path = `/feed/fundos/v1/fundos-estruturados/${cnpj}/serie-historica`;
    const result = await runMain(
      ['backfill', path, '--from', '2014-01-01', '--to', '2025-12-31', '--quiet'],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    const windows = requests
      .filter((r) => r.path === path)
      .map((r) => [r.query.get('data-inicio'), r.query.get('data-fim')]);
    expect(windows.sort()).toEqual([
      ['2014-01-01', '2018-12-31'],
      ['2019-01-01', '2023-12-31'],
      ['2024-01-01', '2025-12-31'],
    ]);
    const expected: Record<string, unknown>[] = [];
    for (const [start, end] of windows) {
      const { status, body: part } = await call.json<Record<string, unknown>[]>(
        `${path}?data-inicio=${start}&data-fim=${end}`,
      );
      if (status === 404) continue; // a window before the fund's first day: no data
      expected.push(...part.map((r) => ({ _period: `${start}_${end}`, ...r })));
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(lines(result.stdout)).toEqual(expected);
    for (const r of expected) expect(isBusinessDay(r.data_referencia as string)).toBe(true);
  });

  it("reads a class's daily series (the single-fund series) in windows of at most twelve months, each day once", async () => {
    const call = sandboxFetch(sandbox);
    type Fund = {
      subclases: unknown[];
      classes: { codigo_classe: string; data_inicio_atividade: string; data_encerramento?: string }[];
    };
    const { body } = await call.json<{ content: Fund[] }>('/feed/fundos/v2/fundos?size=50');
    // A class without subclasses (one record a day), active over the whole period.
    const cls = body.content
      .filter((f) => f.subclases.length === 0)
      .flatMap((f) => f.classes)
      .find((c) => c.data_inicio_atividade < '2020-01-01' && !c.data_encerramento) as {
      codigo_classe: string;
    };
    const path = `/feed/fundos/v2/fundos/${cls.codigo_classe}/serie-historica`;
    const result = await runMain(
      ['backfill', path, '--from', '2024-03-01', '--to', '2026-05-31', '--quiet'],
      sandboxEnv(sandbox),
    );
    expectExit(result, 0);
    const windows = [
      ...new Set(
        requests
          .filter((r) => r.path === path)
          .map((r) => `${r.query.get('data-inicio')}_${r.query.get('data-fim')}`),
      ),
    ].sort();
    expect(windows).toEqual(['2024-03-01_2025-02-28', '2025-03-01_2026-02-28', '2026-03-01_2026-05-31']);
    const written = lines(result.stdout);
    const days = written.map((r) => r.data_competencia as string);
    expect(new Set(days).size).toBe(days.length);
    expect([...days].sort()).toEqual(days);
    expect(days[0]).toBe(businessDaysInRange('2024-03-01', '2024-03-31')[0]);
    for (const r of written) {
      expect(r.codigo_classe).toBe(cls.codigo_classe);
      expect(isBusinessDay(r.data_competencia as string)).toBe(true);
    }
  });
});
