// Only a page past the end ends a list, as `export` and `sync` read them (several pages at a time, each held to
// the totals page 0 announced): a lying service in front of the sandbox answers the token request with 404,
// drops a page inside the total, ignores `page` or announces a total smaller than the list. Each ends with exit 1
// and a message naming the cause; never a shorter file or a final snapshot written with exit 0.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectExit, NOW, sandboxEnv, startTestSandbox } from '../test-support/cli.js';
import { runMain } from '../test-support/in-process.js';
import { type Lie, type LyingService, lyingService, replaceFirst } from '../test-support/lying-service.js';

const E1 = '/feed/fundos/v2/fundos';
const E1_ID = 'fundosV2ListFunds';
// Three pages of the largest size (1000, 1000, 100), so a page inside the total can go missing.
const FUNDS = 2100;

let sandbox: RunningSandbox;
let service: LyingService;
let root: string;
let n = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox({ funds: FUNDS });
  service = await lyingService(sandbox.url);
  root = mkdtempSync(join(tmpdir(), 'assoc-feed-list-page-'));
});
afterAll(async () => {
  await service?.close();
  await sandbox?.stop();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  service.setLie(undefined);
  service.setTokenLie(undefined);
  service.requests.length = 0;
});

const env = () => ({ ...sandboxEnv({ ...sandbox, url: service.url }), FEED_NOW: NOW });
const fresh = () => {
  const dir = join(root, `run${++n}`);
  mkdirSync(dir);
  return dir;
};
const pageOf = (r: { query: URLSearchParams }) => Number(r.query.get('page') ?? 0);
/** A lie told to E1's page `page` only. */
const onPage =
  (page: number, rewrite: (body: string) => string): Lie =>
  (r) =>
    r.path === E1 && pageOf(r) === page ? { rewrite } : undefined;

interface Case {
  lie?: Lie;
  tokenLie?: Lie;
  message: RegExp;
}

const cases: [string, Case][] = [
  [
    'the token endpoint answers 404',
    {
      tokenLie: () => ({ status: 404 }),
      message: /token request\) answered 404, so no token was issued/,
    },
  ],
  [
    'page 1 of 3 answers 404',
    {
      lie: (r) => (r.path === E1 && pageOf(r) === 1 ? { status: 404 } : undefined),
      message: /page 1 answered 404 although the list's total \(2100 records in 3 pages\)/,
    },
  ],
  [
    'page 0 announces 2,500 records (the last page short of them)',
    {
      lie: (r) => (r.path === E1 ? { rewrite: (b) => replaceFirst(b, 'totalSize', '2500') } : undefined),
      message: /page 2 answered 100 records .*last page holds 500/,
    },
  ],
  [
    'a proxy that ignores page (page 0 says it is page 1)',
    {
      lie: onPage(0, (b) => b.replace(/"page"\s*:\s*0/, '"page":1')),
      message: /page 0 was asked, but the answer says it is page 1/,
    },
  ],
  [
    'a total smaller than the list',
    {
      lie: (r) => (r.path === E1 ? { rewrite: (b) => replaceFirst(b, 'totalSize', '2000') } : undefined),
      message: /page 2 answered 100 records past the list's total \(2000 records in 2 pages\)/,
    },
  ],
];

describe('export: a list that lies exits 1 naming the cause, its file never complete', () => {
  it.each(cases)('%s', async (_, { lie, tokenLie, message }) => {
    service.setLie(lie);
    service.setTokenLie(tokenLie);
    const out = join(fresh(), 'funds.ndjson');
    const result = expectExit(await runMain(['export', E1, '--out', out, '--quiet'], env()), 1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/paginate\(\) treats as the end/);
  });

  it('(control) the truth: every fund, exit 0', async () => {
    const out = join(fresh(), 'funds.ndjson');
    expectExit(await runMain(['export', E1, '--out', out, '--quiet'], env()), 0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(FUNDS);
  });
});

describe('sync: a list that lies fails its snapshot (exit 1), nothing recorded as read', () => {
  const SYNC = ['--only', 'E1', '--quiet'];
  it.each(cases)('%s', async (_, { lie, tokenLie, message }) => {
    service.setLie(lie);
    service.setTokenLie(tokenLie);
    const dir = join(fresh(), 'copy');
    const result = expectExit(await runMain(['sync', '--out-dir', dir, ...SYNC], env()), 1);
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(dir, E1_ID))).toBe(false);
    if (existsSync(join(dir, '_sync.json'))) {
      const manifest = JSON.parse(readFileSync(join(dir, '_sync.json'), 'utf8'));
      expect(Object.keys(manifest.operations?.[E1_ID]?.partitions ?? {})).toEqual([]);
    }
    // The truth afterwards: the same day's run reads the list whole.
    service.setLie(undefined);
    service.setTokenLie(undefined);
    expectExit(await runMain(['sync', '--out-dir', dir, ...SYNC], env()), 0);
    const manifest = JSON.parse(readFileSync(join(dir, '_sync.json'), 'utf8'));
    const partitions = Object.values(manifest.operations[E1_ID].partitions) as { rows: number }[];
    expect(partitions.map((p) => p.rows)).toEqual([FUNDS]);
  });
});
