// Progress as a user sees it: a bar with count, rate and ETA in a real terminal (tmux), plain lines in a log.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@assoc-feed/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, expectExit, runCli, sandboxEnv, startTestSandbox } from '../test-support/cli.js';

let sandbox: RunningSandbox;
let dir: string;
const socket = `assoc-feed-test-${process.pid}`;
// What the progress shows does not depend on the size of the list: 1,500 funds (a total with a thousands
// separator) read 20 a page are as many pages, so as long a run to watch, as 7,231 read 100 a page.
const FUNDS = 1500;
const TOTAL = '1,500';

beforeAll(async () => {
  // Latency per answer so the run lasts long enough to be watched.
  sandbox = await startTestSandbox({ funds: FUNDS, latencyMs: 15 });
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-progress-'));
});
afterAll(async () => {
  try {
    execFileSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
  } catch {
    /* no server left */
  }
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

function tmux(...args: string[]): string {
  try {
    return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('tmux is missing: run bash tools/ensure-debian-packages.sh tmux (./dev test does)');
    }
    throw error;
  }
}

describe('progress', () => {
  it('draws a bar with records done, rate and ETA in a terminal (tmux), then the summary', async () => {
    const out = join(dir, 'funds.ndjson');
    const env = Object.entries(sandboxEnv(sandbox)).map(([k, v]) => `${k}=${quote(v ?? '')}`);
    const command = `env ${env.join(' ')} ${quote(process.execPath)} ${quote(BIN)} export /feed/fundos/v2/fundos -q size=20 -c 1 --out ${quote(out)}; echo "exit=$?"; sleep 60`;
    tmux('new-session', '-d', '-s', 'cli', '-x', '160', '-y', '12', command);

    const bar = new RegExp(
      `export E1 [█░]{10,} (\\d+)% \\| ([\\d,]+)/${TOTAL} records \\| [\\d,]+ records/s \\| ETA \\S+`,
    );
    const seen: string[] = [];
    let screen = '';
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(50)) {
      screen = tmux('capture-pane', '-p', '-t', 'cli');
      const match = bar.exec(screen);
      if (match && Number(match[1]) > 0 && Number(match[1]) < 100) seen.push(match[0]);
      if (screen.includes('exit=')) break;
    }
    expect(screen).toContain('exit=0');
    // The bar was seen part-way (not only at the end), and it redraws in place: one bar line on screen.
    expect(seen.length).toBeGreaterThan(0);
    expect(screen).toContain(`| ${TOTAL}/${TOTAL} records |`);
    expect(screen.split('\n').filter((line) => bar.test(line))).toHaveLength(1);
    expect(screen).toContain(`exported ${TOTAL} records`);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(FUNDS);
  });

  it('writes plain periodic lines, no bar and no escape codes, when stderr is not a terminal', async () => {
    const result = expectExit(
      await runCli(
        ['export', '/feed/fundos/v2/fundos', '-q', 'size=40', '-c', '1', '--progress-interval', '0.1'],
        sandboxEnv(sandbox),
      ),
      0,
    );
    const lines = result.stderr.trim().split('\n');
    const progress = lines.filter((l) => l.startsWith('export /feed/fundos/v2/fundos: '));
    expect(progress.length).toBeGreaterThan(1);
    // Before the first page answers, the total is not known yet: a count without a percentage.
    for (const line of progress) {
      expect(line).toMatch(
        new RegExp(
          `^export /feed/fundos/v2/fundos: [\\d,]+(/${TOTAL} records \\(\\d+%\\)| records), [\\d,]+ records/s(, ETA [^,]+)?$`,
        ),
      );
    }
    expect(progress.at(-1)).toContain(`${TOTAL}/${TOTAL} records (100%)`);
    // No carriage return (redraw) and no ESC (colour, cursor moves).
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toContain('\u001b');
    expect(lines.at(-1)).toMatch(new RegExp(`^exported ${TOTAL} records`));
  });
});
