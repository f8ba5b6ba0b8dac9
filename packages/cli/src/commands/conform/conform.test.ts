import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import { lyingService } from '../../test-support/lying-service.js';
import type { ConformReport } from './index.js';

let plain: RunningSandbox;
let drifting: RunningSandbox;

beforeAll(async () => {
  [plain, drifting] = await Promise.all([startTestSandbox(), startTestSandbox({ drift: true })]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), drifting?.stop()]);
});

async function conform(sandbox: RunningSandbox, ...args: string[]): Promise<ConformReport> {
  const result = expectExit(await runMain(['conform', '--json', '--quiet', ...args], sandboxEnv(sandbox)), 0);
  return JSON.parse(result.stdout) as ConformReport;
}

/** Every drift of a report as `operation kind pointer`. */
const drifts = (report: ConformReport) =>
  report.operations.flatMap((r) => r.drifts.map((d) => `${r.operation} ${d.kind} ${d.pointer}`)).sort();

describe('assoc-feed conform', () => {
  it('finds no drift in the sandbox as it is: every GET operation answered, within the default budget', async () => {
    const report = await conform(plain);
    expect(report.summary.operations).toBeGreaterThan(50);
    expect(report.summary.skipped).toBe(0);
    expect(drifts(report)).toEqual([]);
    // E5 is a restricted product the sandbox's default client is not entitled to: a status, not a drift.
    expect(report.operations.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([403]);
  });

  it('names every drift the drifting sandbox serves, and nothing else', async () => {
    const report = await conform(drifting);
    expect(drifts(report)).toEqual([
      'GET /feed/fundos/v2/fundos/instituicoes envelope ',
      'GET /feed/fundos/v2/fundos/instituicoes/{cnpj} missing-field /content/razao_social',
      'GET /feed/fundos/v2/fundos/instituicoes/{cnpj} unknown-field /content/nome_razao_social',
      'GET /feed/precos-indices/v1/titulos-publicos/vna missing-field /*/titulos/*/codigo_selic',
      'GET /feed/precos-indices/v1/titulos-publicos/vna type /*/titulos/*/vna',
    ]);
    const vna = report.operations.find((r) => r.operation.endsWith('/vna'));
    expect(vna?.drifts.find((d) => d.kind === 'type')).toMatchObject({ expected: 'type number' });
    expect(vna?.drifts.every((d) => d.inferred.length > 0)).toBe(true);
  });

  it('prints the report as text, each difference with the inferred choices it touches', async () => {
    const result = expectExit(
      await runMain(['conform', '--only', 'E3,/vna', '--quiet'], sandboxEnv(drifting)),
      0,
    );
    expect(result.stdout).toContain('2 GET operations, 2 answered, 2 checked, 2 differ from the spec');
    expect(result.stdout).toMatch(/envelope +\/: expected a page: content \(list\)/);
    expect(result.stdout).toContain('touches the inferred choice:');
    expect(result.stdout).toContain('--json > conform.json');
  });

  it('keeps to --max-requests and says what it skipped', async () => {
    const report = await conform(plain, '--max-requests', '3', '--only', '/titulos-publicos');
    expect(report.summary.called).toBe(3);
    expect(report.operations.filter((r) => r.skipped).map((r) => r.skipped)).toEqual(
      Array(report.summary.operations - 3).fill('request budget spent (--max-requests 3)'),
    );
  });

  it.each([
    ['a wrong secret', 'secret', /conform checked nothing: .*answered 401/],
    ['a token endpoint answering 404', 'token404', /conform checked nothing: .*token request\) answered 404/],
  ])('exits 1 when it checked nothing: %s', async (_, lie, message) => {
    const service = await lyingService(plain.url);
    service.setTokenLie(lie === 'token404' ? () => ({ status: 404 }) : undefined);
    try {
      const env = { ...sandboxEnv({ ...plain, url: service.url }) };
      if (lie === 'secret') env.FEED_CLIENT_SECRET = `${plain.clientSecret}-wrong`;
      const result = expectExit(await runMain(['conform', '--quiet', '--only', 'E1'], env), 1);
      expect(result.stdout).toContain('0 checked');
      expect(result.stderr).toMatch(message);
    } finally {
      await service.close();
    }
  });

  it('refuses an --only that matches nothing, before sending anything', async () => {
    const result = expectExit(await runMain(['conform', '--only', 'nope'], sandboxEnv(plain)), 2);
    expect(result.stderr).toContain('matches no GET operation');
  });
});
