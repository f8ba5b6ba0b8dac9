import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileDestination, tablePath, writeFileAtomic } from './destination.js';

const dir = mkdtempSync(join(tmpdir(), 'assoc-feed-dest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fileDestination', () => {
  it('names the file of each nested list after the main file', () => {
    expect(tablePath('/x/funds.csv', '')).toBe('/x/funds.csv');
    expect(tablePath('/x/funds.csv', 'classes')).toBe('/x/funds.classes.csv');
    expect(tablePath('out', 'classes')).toBe('out.classes');
  });

  it('resuming, cuts each file back to the checkpoint offsets: bytes written after the last checkpoint go', async () => {
    const main = join(dir, 'funds.csv');
    const first = fileDestination(main, ['', 'classes']);
    await first.append(
      new Map([
        ['', 'h\nr0\n'],
        ['classes', 'H\nc0\n'],
      ]),
    );
    first.sync();
    const checkpoint = first.offsets() as Record<string, number>;
    // A kill between a write and its checkpoint: these bytes exist on disk, no checkpoint counts them.
    await first.append(
      new Map([
        ['', 'r1 partial'],
        ['classes', 'c1\nc1b\n'],
      ]),
    );
    first.close();

    const resumed = fileDestination(main, ['', 'classes'], checkpoint);
    await resumed.append(
      new Map([
        ['', 'r1\n'],
        ['classes', 'c1\n'],
      ]),
    );
    resumed.sync();
    resumed.close();
    expect(readFileSync(main, 'utf8')).toBe('h\nr0\nr1\n');
    expect(readFileSync(join(dir, 'funds.classes.csv'), 'utf8')).toBe('H\nc0\nc1\n');
  });

  it('refuses to resume a file shorter than its checkpoint says, and names --restart', async () => {
    const main = join(dir, 'short.ndjson');
    writeFileSync(main, 'only this\n');
    expect(() => fileDestination(main, [''], { [main]: 500 })).toThrow(
      /shorter than its checkpoint says[\s\S]*--restart/,
    );
  });

  it('starting fresh, replaces an existing file', async () => {
    const main = join(dir, 'old.ndjson');
    writeFileSync(main, 'stale\nstale\n');
    const destination = fileDestination(main, ['']);
    await destination.append(new Map([['', 'new\n']]));
    destination.close();
    expect(readFileSync(main, 'utf8')).toBe('new\n');
  });
});

describe('writeFileAtomic', () => {
  it('leaves no temporary file behind when the write fails (here the rename: a directory holds the name)', () => {
    const sub = join(dir, 'atomic');
    mkdirSync(join(sub, 'taken', 'inside'), { recursive: true });
    expect(() => writeFileAtomic(join(sub, 'taken'), 'text')).toThrow();
    expect(readdirSync(sub)).toEqual(['taken']);
  });
});
