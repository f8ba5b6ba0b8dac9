// `assoc-feed sync` against a service that lies, a manifest someone edited and a copy an older version wrote:
// every value it reads is data, never a path or a final truth. Each run is `main` in this process (the sandbox
// and the lying proxy in front of it too): the checks are the command's own, no process start needed.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectExit, NOW, sandboxEnv, startTestSandbox } from '../../test-support/cli.js';
import { runMain } from '../../test-support/in-process.js';
import {
  dropFirst,
  type LyingService,
  lyingService,
  replaceFirst,
} from '../../test-support/lying-service.js';
import { query } from '../../test-support/parquet.js';

const E8 = '/feed/fundos/v2/fundos/serie-historica/lote';
const E8_ID = 'fundosV2ListSeriesBatch';
const TPF = '/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF';
const TPF_ID = 'precosIndicesTitulosPublicosMercadoSecundarioTpf';
const VNA_ID = 'precosIndicesTitulosPublicosVna';
const E8_ONLY = ['--only', 'E8', '--from', '2026-11-16', '--to', '2026-11-19', '--quiet'];

let sandbox: RunningSandbox;
let service: LyingService;
let root: string;
let n = 0;
/** A fresh DIR inside its own folder, so what lands beside DIR (`../victim`) is seen. */
const freshDir = () => {
  const home = join(root, `h${++n}`);
  mkdirSync(home);
  return join(home, 'copy');
};
const env = () => ({ ...sandboxEnv({ ...sandbox, url: service.url }), FEED_NOW: NOW });
const sync = (dir: string, args: readonly string[]) => runMain(['sync', '--out-dir', dir, ...args], env());
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, '_sync.json'), 'utf8'));
// biome-ignore lint/suspicious/noExplicitAny: a manifest edited by hand, any shape at all
type EditableManifest = { operations: any };
const onE8 = (rewrite: (body: string) => string) => (r: { path: string }) =>
  r.path === E8 ? { rewrite } : undefined;

beforeAll(async () => {
  sandbox = await startTestSandbox({ funds: 12 });
  service = await lyingService(sandbox.url);
  root = mkdtempSync(join(tmpdir(), 'assoc-feed-sync-hostile-'));
});
afterAll(async () => {
  await service?.close();
  await sandbox?.stop();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  service.setLie(undefined);
  service.requests.length = 0;
});

describe('sync: a record that breaks the spec stops its operation (exit 1), nothing of it written', () => {
  it.each([
    [
      'a partition value that is a path',
      (b: string) => replaceFirst(b, 'data_competencia', '"2026-11-18/../../../victim"'),
      'data_competencia: the value "2026-11-18/../../../victim" does not fit',
    ],
    [
      'a partition value with a time',
      (b: string) => replaceFirst(b, 'data_competencia', '"2026-11-18T00:00:00"'),
      'data_competencia: the value "2026-11-18T00:00:00" does not fit its column DATE',
    ],
    [
      'a numero_cotistas past numeric(11)',
      (b: string) => replaceFirst(b, 'numero_cotistas', '12345678901234567'),
      'numero_cotistas: the value "12345678901234567" does not fit',
    ],
    [
      'an empty codigo_classe (its rows would merge under one key)',
      (b: string) => replaceFirst(b, 'codigo_classe', '""'),
      'codigo_classe: the value "" does not fit its column VARCHAR (shorter than the spec\'s 11 characters, and it is a key of the merge)',
    ],
    [
      'a codigo_classe out of its pattern',
      (b: string) => replaceFirst(b, 'codigo_classe', '"X0000100007"'),
      'codigo_classe: the value "X0000100007" does not fit its column VARCHAR (not in the spec\'s form ^C[0-9]{10}$',
    ],
    [
      'a record without codigo_classe (its rows would merge under a NULL key)',
      (b: string) => dropFirst(b, 'codigo_classe'),
      'codigo_classe: the value (absent)',
    ],
  ])('%s', async (_case, rewrite, message) => {
    const dir = freshDir();
    const victim = join(dirname(dir), 'victim');
    service.setLie(onE8(rewrite));
    const result = expectExit(await sync(dir, E8_ONLY), 1);
    expect(result.stderr).toContain(`${E8}: ${message}`);
    expect(existsSync(victim)).toBe(false);
    expect(readdirSync(dirname(dir))).toEqual(['copy']);
    expect(existsSync(join(dir, E8_ID))).toBe(false);
  });
});

describe("sync: E8's position", () => {
  it.each([
    ['without milliseconds', '"2026-11-19 10:00:00"'],
    ['outside any window', '"zzzz"'],
    ['in the future', '"2099-01-01 00:00:00.000"'],
  ])('a data_atualizacao %s can fail one run, never the next', async (_case, raw) => {
    const dir = freshDir();
    service.setLie(onE8((b) => replaceFirst(b, 'data_atualizacao', raw)));
    const lied = await sync(dir, E8_ONLY);
    service.setLie(undefined);
    expectExit(await sync(dir, E8_ONLY), 0);
    expectExit(await sync(dir, E8_ONLY), 0);
    const since: string = manifestOf(dir).operations[E8_ID].updates.since;
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    // Never past the run's own clock (NOW is 21:00 in Brasília).
    expect(since <= '2026-11-19T21:00:00.000').toBe(true);
    const asked = service.requests.filter((r) => r.path === E8).map((r) => r.query.get('data-atualizacao'));
    expect(asked.every((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/.test(s ?? ''))).toBe(true);
    expect([0, 1]).toContain(lied.code);
  });

  it('a manifest of an older version with a position without milliseconds is read, normalised', async () => {
    const dir = freshDir();
    expectExit(await sync(dir, E8_ONLY), 0);
    const manifest = manifestOf(dir);
    manifest.operations[E8_ID].updates.since = '2026-11-19 08:00:00';
    writeFileSync(join(dir, '_sync.json'), JSON.stringify(manifest));
    service.requests.length = 0;
    expectExit(await sync(dir, E8_ONLY), 0);
    expect(service.requests.find((r) => r.path === E8)?.query.get('data-atualizacao')).toBe(
      '2026-11-19T08:00:00.000',
    );
  });

  it('a position that cannot be read is dropped: E8 reads again from the window start, saying so', async () => {
    const dir = freshDir();
    expectExit(await sync(dir, E8_ONLY), 0);
    const manifest = manifestOf(dir);
    manifest.operations[E8_ID].updates.since = 'zzzz';
    writeFileSync(join(dir, '_sync.json'), JSON.stringify(manifest));
    service.requests.length = 0;
    const result = expectExit(await sync(dir, E8_ONLY), 0);
    expect(result.stderr).toContain("is read again from the window's start");
    expect(service.requests.find((r) => r.path === E8)?.query.get('data-atualizacao')).toBe(
      '2026-11-16T00:00:00.000',
    );
  });
});

describe('sync: the manifest is checked when read (exit 2, the field named, nothing deleted)', () => {
  const TPF_ONLY = [
    '--only',
    'mercado-secundario-TPF',
    '--from',
    '2026-11-18',
    '--to',
    '2026-11-18',
    '--quiet',
  ];
  it.each([
    [
      'a file name that is a path',
      (m: EditableManifest) => {
        m.operations[TPF_ID].partitions['2026-11-18'].file = '../../../victim.txt';
      },
      'partitions["2026-11-18"].file is not a part file name',
    ],
    ['operations null', (m: EditableManifest) => (m.operations = null), 'operations is not an object'],
    ['operations a list', (m: EditableManifest) => (m.operations = []), 'operations is not an object'],
    [
      'an entry {}',
      (m: EditableManifest) => (m.operations[TPF_ID] = {}),
      `operations.${TPF_ID}.path is not text`,
    ],
    [
      'an operation sync does not keep',
      (m: EditableManifest) => (m.operations['../x'] = m.operations[TPF_ID]),
      'operations["../x"] is not an operation sync keeps',
    ],
  ])('%s', async (_case, edit, message) => {
    const dir = freshDir();
    expectExit(await sync(dir, TPF_ONLY), 0);
    const victim = join(dirname(dir), 'victim.txt');
    writeFileSync(victim, 'mine');
    const manifest = manifestOf(dir);
    edit(manifest);
    writeFileSync(join(dir, '_sync.json'), JSON.stringify(manifest));
    const before = readdirSync(dir, { recursive: true }).map(String).sort();
    service.requests.length = 0;
    const result = expectExit(await sync(dir, TPF_ONLY), 2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('nothing was deleted');
    expect(result.stderr).toContain(`assoc-feed sync --out-dir ${dir} --restart`);
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual(before);
    expect(service.requests).toEqual([]);
  });
});

describe('sync: --restart --only', () => {
  it("removes the named operation's files and entries only", async () => {
    const dir = freshDir();
    const both = [
      '--only',
      'E8,/titulos-publicos/vna',
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-18',
      '--quiet',
    ];
    expectExit(await sync(dir, both), 0);
    const e8Files = readdirSync(join(dir, E8_ID), { recursive: true }).map(String).sort();
    const e8Entry = manifestOf(dir).operations[E8_ID];
    expect(e8Files.length).toBeGreaterThan(0);
    const vnaOnly = [
      '--only',
      '/titulos-publicos/vna',
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-18',
      '--quiet',
    ];
    service.requests.length = 0;
    expectExit(await sync(dir, [...vnaOnly, '--restart']), 0);
    expect(readdirSync(join(dir, E8_ID), { recursive: true }).map(String).sort()).toEqual(e8Files);
    expect(manifestOf(dir).operations[E8_ID]).toEqual(e8Entry);
    // VNA was read again from nothing.
    expect(service.requests.filter((r) => r.path.endsWith('/vna'))).toHaveLength(1);
    expect(readdirSync(join(dir, VNA_ID))).toEqual(['data=2026-11-18']);
  });
});

describe('sync: no permanent holes', () => {
  const days = ['--only', 'mercado-secundario-TPF', '--from', '2026-11-17', '--to', '2026-11-18', '--quiet'];
  it('a day answered 404 after its release time is asked again, and written once published', async () => {
    const dir = freshDir();
    service.setLie((r) =>
      r.path === TPF && r.query.get('data') === '2026-11-18' ? { status: 404 } : undefined,
    );
    expectExit(await sync(dir, days), 0);
    expect(manifestOf(dir).operations[TPF_ID].partitions['2026-11-18']).toMatchObject({
      rows: 0,
      final: false,
    });
    service.setLie(undefined);
    service.requests.length = 0;
    expectExit(await sync(dir, days), 0);
    expect(service.requests.map((r) => r.query.get('data'))).toEqual(['2026-11-18']);
    expect(manifestOf(dir).operations[TPF_ID].partitions['2026-11-18']).toMatchObject({ final: true });
    expect(readdirSync(join(dir, TPF_ID)).sort()).toEqual(['data=2026-11-17', 'data=2026-11-18']);
  });

  it('a hole followed by a published later day is final; a copy of an older version is judged again', async () => {
    const dir = freshDir();
    service.setLie((r) =>
      r.path === TPF && r.query.get('data') === '2026-11-17' ? { status: 404 } : undefined,
    );
    expectExit(await sync(dir, days), 0);
    expect(manifestOf(dir).operations[TPF_ID].partitions['2026-11-17']).toMatchObject({
      rows: 0,
      final: true,
    });
    // An older version recorded a 404 of the last day as final: judged again, so asked again.
    const manifest = manifestOf(dir);
    manifest.operations[TPF_ID].partitions['2026-11-18'] = {
      rows: 0,
      final: true,
      readAt: '2026-11-19T23:00:00Z',
    };
    writeFileSync(join(dir, '_sync.json'), JSON.stringify(manifest));
    rmSync(join(dir, TPF_ID, 'data=2026-11-18'), { recursive: true });
    service.setLie(undefined);
    service.requests.length = 0;
    expectExit(await sync(dir, days), 0);
    expect(service.requests.map((r) => r.query.get('data'))).toContain('2026-11-18');
  });
});

describe('sync: text with a lone UTF-16 surrogate', () => {
  it('is written as U+FFFD, the run goes on (exit 0), no temporary file left', async () => {
    const dir = freshDir();
    const E1 = '/feed/fundos/v2/fundos';
    service.setLie((r) =>
      r.path === E1
        ? { rewrite: (b) => replaceFirst(b, 'razao_social_fundo', '"Fundo \\ud800 X"') }
        : undefined,
    );
    expectExit(
      await sync(dir, ['--only', 'E1,E8', '--from', '2026-11-18', '--to', '2026-11-18', '--quiet']),
      0,
    );
    const names = await query(
      `SELECT razao_social_fundo AS name FROM read_parquet('${dir}/fundosV2ListFunds/**/*.parquet') WHERE razao_social_fundo LIKE 'Fundo %'`,
    );
    expect(names).toEqual([{ name: 'Fundo \uFFFD X' }]);
    expect(Object.keys(manifestOf(dir).operations).sort()).toEqual(['fundosV2ListFunds', E8_ID]);
    expect(
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
  });
});

describe('sync: the manifest is checked against the files it names', () => {
  const days = ['--only', 'mercado-secundario-TPF', '--from', '2026-11-17', '--to', '2026-11-18'];
  const fileOf = (dir: string, id: string, partition: string) => join(dir, id, partition, 'part-1.parquet');
  it.each([
    ['deleted', (path: string) => rmSync(path)],
    ['cut short', (path: string) => writeFileSync(path, readFileSync(path).subarray(0, 100))],
  ])('a partition file %s is read again, saying so', async (_, damage) => {
    const dir = freshDir();
    expectExit(await sync(dir, days), 0);
    const path = fileOf(dir, TPF_ID, 'data=2026-11-17');
    const whole = readFileSync(path);
    damage(path);
    service.requests.length = 0;
    const result = expectExit(await sync(dir, days), 0);
    expect(result.stderr).toContain(`${TPF_ID}/data=2026-11-17/part-1.parquet`);
    expect(service.requests.map((r) => r.query.get('data'))).toEqual(['2026-11-17']);
    expect(readdirSync(join(dir, TPF_ID, 'data=2026-11-17'))).toEqual(['part-1.parquet']);
    expect(readFileSync(path).length).toBe(whole.length);
  });

  it("an E8 partition file deleted: E8 reads again from its window's start, the file back", async () => {
    const dir = freshDir();
    expectExit(await sync(dir, E8_ONLY), 0);
    const partitions = readdirSync(join(dir, E8_ID)).sort();
    const [first] = partitions;
    rmSync(join(dir, E8_ID, first as string), { recursive: true });
    service.requests.length = 0;
    expectExit(await sync(dir, E8_ONLY), 0);
    expect(service.requests.find((r) => r.path === E8)?.query.get('data-atualizacao')).toBe(
      '2026-11-16T00:00:00.000',
    );
    expect(readdirSync(join(dir, E8_ID)).sort()).toEqual(partitions);
  });
});
