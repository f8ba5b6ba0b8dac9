// `assoc-feed get`: one answer, as JSON on stdout. The first form of a path runs as a real process, with
// --compact and the 404; the other spellings of paths and queries, and the dry run, run `main` in this process
// (the same parsing and request, without a process start each).
import { type RunningSandbox, sandboxFetch } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExit, runCli, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';

let sandbox: RunningSandbox;
let requests: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ log: (line) => requests.push(line) });
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('assoc-feed get', () => {
  it.each([
    ['/feed/fundos/v2/fundos/F0000100007', [], 'a process'],
    ['/feed/fundos/v2/fundos/instituicoes', ['-q', 'size=3'], 'in-process'],
    ['feed/fundos/v2/fundos?size=2&tipo-fundo=FII', [], 'in-process'],
    ['/feed/precos-indices/v1/titulos-publicos/curvas-juros', ['-q', 'data=2025-04-17'], 'in-process'],
    [
      '/feed/fundos/v1/fundos-estruturados',
      ['-q', 'size=2', '-q', 'classe-assoc=FII', '-q', 'classe-assoc=FIDC'],
      'in-process',
    ],
  ])('%s %j (%s) prints the JSON the service answers', async (path, query, how) => {
    const run = how === 'a process' ? runCli : runMain;
    const result = expectExit(await run(['get', path, ...query], sandboxEnv(sandbox)), 0);
    const search = new URLSearchParams(path.split('?')[1]);
    for (let i = 1; i < query.length; i += 2) {
      const [k, v] = (query[i] as string).split('=') as [string, string];
      search.append(k, v);
    }
    const url = `/${path.split('?')[0]?.replace(/^\//, '')}${search.size ? `?${search}` : ''}`;
    const { status, body } = await sandboxFetch(sandbox).json(url);
    expect(status).toBe(200);
    expect(JSON.parse(result.stdout)).toEqual(body);
  });

  it('prints one line with --compact', async () => {
    const result = expectExit(
      await runMain(['get', '/feed/fundos/v2/fundos/F0000100007', '--compact'], sandboxEnv(sandbox)),
      0,
    );
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 with the status and the hint when the service answers 404', async () => {
    const result = expectExit(
      await runMain(['get', '/feed/fundos/v2/fundos/F9999999999'], sandboxEnv(sandbox)),
      1,
    );
    expect(result.stderr).toContain('answered 404');
    expect(result.stdout).toBe('');
  });

  it('prints the request with --dry-run and sends nothing (in-process)', async () => {
    requests = [];
    const result = expectExit(
      await runMain(
        [
          'get',
          '/feed/precos-indices/v1/titulos-publicos/projecoes',
          '-q',
          'mes=10',
          '-q',
          'ano=2026',
          '--dry-run',
        ],
        sandboxEnv(sandbox),
      ),
      0,
    );
    expect(result.stdout).toContain('GET /feed/precos-indices/v1/titulos-publicos/projecoes?mes=10&ano=2026');
    expect(requests).toEqual([]);
  });
});
