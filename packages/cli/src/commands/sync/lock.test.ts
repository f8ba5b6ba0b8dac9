import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK, takeLock } from './lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'assoc-feed-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const notSync = { isSyncProcess: () => false };
const aSync = { isSyncProcess: () => true };

describe('the lock of DIR', () => {
  it('records a random run id; a second run is refused while it is fresh, with how to clear it by hand', () => {
    const first = takeLock(dir, notSync);
    expect(readFileSync(join(dir, LOCK), 'utf8')).toContain(first.runId);
    // Another machine's run: its pid says nothing here, only its freshness counts.
    writeFileSync(join(dir, LOCK), JSON.stringify({ runId: 'other', pid: 1, host: 'elsewhere' }));
    expect(() => takeLock(dir, notSync)).toThrow(`remove the lock by hand (rm ${join(dir, LOCK)})`);
    expect(first.held()).toBe(false);
  });

  it('is taken over once its owner stopped refreshing it', () => {
    writeFileSync(join(dir, LOCK), JSON.stringify({ runId: 'gone', pid: 1, host: 'elsewhere' }));
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, LOCK), old, old);
    const lock = takeLock(dir, notSync);
    expect(lock.held()).toBe(true);
    lock.release();
  });

  it('is refreshed while its run lives: a lock left alone for minutes is fresh again, and refuses a second run', async () => {
    const lock = takeLock(dir, { ...aSync, heartbeatMs: 10 });
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, LOCK), old, old);
    const deadline = Date.now() + 60_000; // a guard against a hang, with room for a busy machine
    while (statSync(join(dir, LOCK)).mtimeMs <= old.getTime()) {
      if (Date.now() > deadline) throw new Error('the lock was never refreshed');
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(() => takeLock(dir, aSync)).toThrow('another assoc-feed sync');
    lock.release();
  });

  it.each([
    ['a process that is not a sync: taken over', notSync, true],
    ['a running sync: refused', aSync, false],
  ])('an older lock (a bare pid) held by %s', (_case, options, taken) => {
    writeFileSync(join(dir, LOCK), '4242\n');
    if (taken) expect(takeLock(dir, options).held()).toBe(true);
    else expect(() => takeLock(dir, options)).toThrow('another assoc-feed sync (pid 4242)');
  });
});
