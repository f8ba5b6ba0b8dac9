// Hostile cases against the command line: the built `assoc-feed` run as a child process against a sandbox in this
// process, with `--out` targets it must not follow or overwrite, stale temporary files of a killed run, an empty
// answer and a placeholder host.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { loadSandbox } from '../load-mock.ts';
import type { Row } from '../measure.ts';

/** Unsafe `--out` targets and a stale temporary file. */
async function outTargetRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const sandbox = await startSandbox({ port: 0, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-hostile-'));
  const bin = `${repoRoot}packages/cli/dist/bin.js`;
  const env = {
    PATH: process.env.PATH,
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-bench',
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    FEED_BASE_URL: sandbox.url,
  };
  // Not spawnSync: the sandbox runs in this process and must keep answering while the command runs.
  const run = (out: string) =>
    new Promise<number | null>((resolve, reject) => {
      const args = ['export', '/feed/fundos/v2/fundos', '-q', 'size=5', '-q', 'tipo-fundo=FIAGRO'];
      const child = spawn(process.execPath, [bin, ...args, '--out', out, '--quiet'], { env, cwd: dir });
      child.once('error', reject);
      child.once('close', resolve);
    });
  try {
    writeFileSync(join(dir, 'target.ndjson'), 'theirs\n');
    symlinkSync(join(dir, 'target.ndjson'), join(dir, 'link.ndjson'));
    writeFileSync(join(dir, 'full.ndjson'), 'theirs\n');
    writeFileSync(join(dir, 'x.ndjson.checkpoint.json.99999.tmp'), '{');
    const codes = [
      await run('link.ndjson'),
      await run('full.ndjson'),
      await run(join(dir, 'no-such-dir', 'x.ndjson')),
      await run('x.ndjson'),
    ];
    const leftover = readdirSync(dir).some((name) => name.endsWith('.tmp'));
    const untouched = ['target.ndjson', 'full.ndjson'].every(
      (name) => readFileSync(join(dir, name), 'utf8') === 'theirs\n',
    );
    return [
      {
        benchmark: 'hostile CLI: --out a symlink / a file with content / in a missing directory',
        figure: `exit ${codes.slice(0, 3).join(' / ')}, files ${untouched ? 'untouched' : 'CHANGED'}`,
        target: '2 / 2 / 2, files untouched',
      },
      {
        benchmark: 'hostile CLI: stale *.tmp of a killed run',
        figure: `exit ${codes[3]}, temporary file ${leftover ? 'left' : 'removed'}`,
        target: 'removed',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sandbox.stop();
  }
}

/** `--force` through a link, device targets, an empty answer and the placeholder host. */
async function forceAndAnswerRows(): Promise<Row[]> {
  const { startSandbox } = await loadSandbox();
  const sandbox = await startSandbox({ port: 0, now: () => Date.parse('2026-11-19T21:00:00-03:00') });
  // A service whose feed calls answer 200 with no body.
  const emptyFeed = createServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(
      req.url === '/oauth/access-token'
        ? JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 })
        : '',
    );
  });
  await new Promise<void>((r) => emptyFeed.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-hostile-force-'));
  const bin = `${repoRoot}packages/cli/dist/bin.js`;
  const env = (base: string | null) => ({
    PATH: process.env.PATH,
    XDG_CONFIG_HOME: '/nonexistent-assoc-feed-bench',
    FEED_CLIENT_ID: sandbox.clientId,
    FEED_CLIENT_SECRET: sandbox.clientSecret,
    // null: no target in the environment (the placeholder case).
    ...(base ? { FEED_BASE_URL: base } : {}),
  });
  const run = (args: string[], base: string | null = sandbox.url) =>
    new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], { env: env(base), cwd: dir });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
      });
      child.stderr.resume();
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout }));
    });
  const exportTo = (out: string, ...more: string[]) =>
    run([
      'export',
      '/feed/fundos/v2/fundos',
      '-q',
      'size=5',
      '-q',
      'tipo-fundo=FIAGRO',
      '--out',
      out,
      '--quiet',
      ...more,
    ]);
  try {
    writeFileSync(join(dir, 'precious.txt'), 'PRECIOUS\n');
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'out.ndjson'));
    const forced = await exportTo('out.ndjson', '--force');
    const kept = readFileSync(join(dir, 'precious.txt'), 'utf8') === 'PRECIOUS\n';
    const devNull = await exportTo('/dev/null');
    const devStdout = await exportTo('/dev/stdout');
    const empty = await run(
      ['get', '/feed/fundos/v2/fundos/F0000254851'],
      `http://127.0.0.1:${(emptyFeed.address() as AddressInfo).port}`,
    );
    const production = await run(
      ['get', '/feed/fundos/v2/fundos/F0000254851', '--environment', 'production'],
      null,
    );
    return [
      {
        benchmark: 'hostile CLI: export --force through a link to a file with content',
        figure: `exit ${forced.code}, file ${kept ? 'untouched' : 'OVERWRITTEN'}`,
        target: '2, untouched (needs --restart)',
      },
      {
        benchmark: 'hostile CLI: export --out /dev/null / --out /dev/stdout',
        figure: `exit ${devNull.code} / ${devStdout.code}`,
        target: '0 / 0',
      },
      {
        benchmark: 'hostile CLI: get on an empty 200 body',
        figure: `exit ${empty.code}, stdout ${JSON.stringify(empty.stdout)}`,
        target: '1, ""',
      },
      {
        benchmark: 'hostile CLI: --environment production on the placeholder host',
        figure: `exit ${production.code}`,
        target: '2 (nothing sent)',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => emptyFeed.close(r));
    await sandbox.stop();
  }
}

export async function cliRows(): Promise<Row[]> {
  return [...(await outTargetRows()), ...(await forceAndAnswerRows())];
}
