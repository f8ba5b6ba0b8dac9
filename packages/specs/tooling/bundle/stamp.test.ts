// The release version rides in every bundled spec as info.x-release; the API's own info.version stays.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseField, stampRelease, stampReleaseFiles } from './stamp.ts';

describe('stampRelease', () => {
  it.each([
    {
      name: 'puts x-release right after the API version, which it keeps',
      info: { title: 'Feed', version: '0.2.0', description: 'd' },
      keys: ['title', 'version', releaseField, 'description'],
    },
    {
      name: 'replaces an older stamp instead of adding a second one',
      info: { title: 'Feed', [releaseField]: '0.1.0', version: '1.0.0' },
      keys: ['title', 'version', releaseField],
    },
    {
      name: 'appends it when the info has no version',
      info: { title: 'Feed' },
      keys: ['title', releaseField],
    },
  ])('$name', ({ info, keys }) => {
    const stamped = stampRelease({ openapi: '3.1.0', info, paths: {} }, '2.3.4');
    const out = stamped.info as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(keys);
    expect(out[releaseField]).toBe('2.3.4');
    expect(out.version).toBe(info.version);
    expect(stamped.paths).toEqual({});
  });

  it('names the problem when there is no info object', () => {
    expect(() => stampRelease({ openapi: '3.1.0' }, '1.0.0')).toThrow(/no info object/);
  });

  it('stamps files in place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stamp-'));
    const file = join(dir, 'a.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'a', version: '1' } }));
    stampReleaseFiles([file], '9.9.9');
    expect(JSON.parse(readFileSync(file, 'utf8')).info).toEqual({
      title: 'a',
      version: '1',
      [releaseField]: '9.9.9',
    });
  });
});
