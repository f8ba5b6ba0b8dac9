// The changeset policy: breaking changes pass only with a pending major bump of @assoc-feed/specs or of a
// package in its fixed group.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ChangesetConfig,
  checkPolicy,
  parseChangeset,
  readChangesets,
  sharesSpecsVersion,
} from './changesets.ts';

/** The repository's .changeset/config.json, as far as the policy reads it. */
const config: ChangesetConfig = {
  fixed: [['@assoc-feed/*', '!@assoc-feed/tools']],
  ignore: ['@assoc-feed/tools'],
};

const changeset = (file: string, front: string) =>
  parseChangeset(file, `---\n${front}\n---\n\nSomething changed.\n`);

describe('parseChangeset', () => {
  it('reads the front matter and the summary', () => {
    expect(
      parseChangeset(
        'a.md',
        '---\n"@assoc-feed/specs": minor\n"@assoc-feed/core": minor\n---\n\nFirst release.\n',
      ),
    ).toEqual({
      file: 'a.md',
      releases: { '@assoc-feed/specs': 'minor', '@assoc-feed/core': 'minor' },
      summary: 'First release.',
    });
  });
  it('accepts an empty changeset', () => {
    expect(parseChangeset('e.md', '---\n---\n').releases).toEqual({});
  });
  it('rejects a file without front matter', () => {
    expect(() => parseChangeset('x.md', 'no front matter')).toThrow(/front matter/);
  });
  it('rejects an unknown bump', () => {
    expect(() => parseChangeset('x.md', '---\n"@assoc-feed/specs": huge\n---\n')).toThrow(
      /major, minor, patch or none/,
    );
  });
});

describe('readChangesets', () => {
  it('reads every .md of .changeset/ except README.md', () => {
    const dir = mkdtempSync(join(tmpdir(), 'changesets-'));
    writeFileSync(join(dir, 'README.md'), '# Changesets\n');
    writeFileSync(join(dir, 'config.json'), '{}');
    writeFileSync(join(dir, 'brave-dogs.md'), '---\n"@assoc-feed/specs": major\n---\n\nBreaks.\n');
    expect(readChangesets(dir).map((cs) => [cs.file, cs.releases])).toEqual([
      ['brave-dogs.md', { '@assoc-feed/specs': 'major' }],
    ]);
  });
});

describe('sharesSpecsVersion', () => {
  const later: ChangesetConfig = { fixed: [['@assoc-feed/*', '!@assoc-feed/tools']] };
  it.each<[string, ChangesetConfig, boolean]>([
    ['@assoc-feed/specs', config, true],
    ['@assoc-feed/fundos-v2', config, true],
    ['@assoc-feed/mock', config, true],
    ['@assoc-feed/tools', config, false], // ignored by changesets
    ['other-package', config, false],
    ['@assoc-feed/fundos-v2', {}, false], // no fixed group
    ['@assoc-feed/specs', {}, true],
    ['@assoc-feed/cli', later, true], // a package added after the config was written
    ['@assoc-feed/tools', later, false], // negated in the group
    ['@assoc-feed/core', { fixed: [['@assoc-feed/specs', '@assoc-feed/mock']] }, false], // not in the list
  ])('%s', (name, cfg, expected) => {
    expect(sharesSpecsVersion(name, cfg)).toBe(expected);
  });
});

describe('checkPolicy', () => {
  const cases = [
    {
      name: 'minor changeset over a breaking change fails',
      breaking: 2,
      changesets: [changeset('a.md', '"@assoc-feed/specs": minor')],
      ok: false,
    },
    {
      name: 'major changeset over a breaking change passes',
      breaking: 2,
      changesets: [changeset('a.md', '"@assoc-feed/specs": major')],
      ok: true,
    },
    {
      name: 'major of another fixed-group package passes',
      breaking: 1,
      changesets: [changeset('a.md', '"@assoc-feed/fundos-v1": major')],
      ok: true,
    },
    {
      name: 'one major among several changesets passes',
      breaking: 1,
      changesets: [
        changeset('a.md', '"@assoc-feed/specs": minor'),
        changeset('b.md', '"@assoc-feed/docs": major'),
      ],
      ok: true,
    },
    {
      name: 'major of an ignored package fails',
      breaking: 1,
      changesets: [changeset('a.md', '"@assoc-feed/tools": major')],
      ok: false,
    },
    {
      name: 'patch changeset fails',
      breaking: 1,
      changesets: [changeset('a.md', '"@assoc-feed/specs": patch')],
      ok: false,
    },
    { name: 'no changeset fails', breaking: 1, changesets: [], ok: false },
    { name: 'no breaking change passes without a changeset', breaking: 0, changesets: [], ok: true },
    {
      name: 'no breaking change passes with a minor',
      breaking: 0,
      changesets: [changeset('a.md', '"@assoc-feed/specs": minor')],
      ok: true,
    },
  ];
  it.each(cases)('$name', ({ breaking, changesets, ok }) => {
    expect(checkPolicy(breaking, changesets, config).ok).toBe(ok);
  });
  it('says which changeset declares the major, or what to do', () => {
    expect(checkPolicy(1, [changeset('big.md', '"@assoc-feed/specs": major')], config).reason).toMatch(
      /\.changeset\/big\.md/,
    );
    expect(checkPolicy(1, [changeset('small.md', '"@assoc-feed/specs": minor')], config).reason).toMatch(
      /small\.md.*pnpm changeset/,
    );
  });
});
