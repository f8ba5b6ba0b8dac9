// Finding the last release, and the whole check end to end on a throwaway repository (real git, real Redocly
// bundling, fixture specs split over files).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from './check.ts';
import { newestRelease, releaseVersion } from './git.ts';

describe('newestRelease', () => {
  it.each([
    { name: 'highest version wins', tags: ['v1.0.0', 'v1.10.0', 'v1.2.0'], expected: 'v1.10.0' },
    {
      name: 'both tag styles count',
      tags: ['v1.0.0', '@assoc-feed/specs@2.0.0'],
      expected: '@assoc-feed/specs@2.0.0',
    },
    { name: 'a release beats its pre-release', tags: ['v2.0.0-rc.1', 'v2.0.0'], expected: 'v2.0.0' },
    {
      name: 'pre-releases order numerically',
      tags: ['v2.0.0-rc.2', 'v2.0.0-rc.10'],
      expected: 'v2.0.0-rc.10',
    },
    {
      name: 'non-release v tags are ignored',
      tags: ['vendor-drop', 'v1.0.0', 'very-old'],
      expected: 'v1.0.0',
    },
    { name: 'other packages are ignored', tags: ['@assoc-feed/mock@9.0.0', 'v1.0.0'], expected: 'v1.0.0' },
    { name: 'no release tag', tags: ['vendor', 'latest'], expected: undefined },
  ])('$name', ({ tags, expected }) => {
    expect(newestRelease(tags.map((name) => ({ name, date: 0 })))).toBe(expected);
  });
  it('breaks a tie between equal versions by creation date', () => {
    expect(
      newestRelease([
        { name: 'v1.0.0', date: 10 },
        { name: '@assoc-feed/specs@1.0.0', date: 20 },
      ]),
    ).toBe('@assoc-feed/specs@1.0.0');
  });
  it('parses versions', () => {
    expect(releaseVersion('@assoc-feed/specs@1.2.3')).toEqual({ core: [1, 2, 3], pre: [] });
    expect(releaseVersion('v1.2')).toBeUndefined();
  });
});

describe('check end to end (temporary repository)', () => {
  let repo: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=test',
        '-c',
        'user.email=test@example.com',
        '-c',
        'commit.gpgsign=false',
        '-c',
        'tag.gpgsign=false',
        ...args,
      ],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
  const fund = (required: string) =>
    `type: object\nrequired: [${required}]\nproperties:\n  codigo: {type: string}\n  nome: {type: string}\n`;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'check-breaking-repo-'));
    git('init', '-q', '-b', 'main');
    // A config like the real one: lint settings and a plugin the archive will not contain.
    write(
      'redocly.yaml',
      'apis:\n  demo:\n    root: specs/demo/openapi.yaml\nplugins:\n  - packages/specs/tooling/lint-rules/index.js\nextends:\n  - recommended\n',
    );
    write(
      'specs/demo/openapi.yaml',
      'openapi: 3.1.0\ninfo: {title: demo, version: "1"}\npaths:\n  /funds:\n    $ref: paths/funds.yaml\n',
    );
    write(
      'specs/demo/paths/funds.yaml',
      'get:\n  operationId: demoListFunds\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../schemas/Fund.yaml\n',
    );
    write('specs/demo/schemas/Fund.yaml', fund('codigo, nome'));
    write('.changeset/README.md', '# Changesets\n');
    write(
      '.changeset/config.json',
      JSON.stringify({ fixed: [['@assoc-feed/*']], ignore: ['@assoc-feed/tools'] }),
    );
    git('add', '.');
    git('commit', '-q', '-m', 'first');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('says there is no release to compare with', async () => {
    const result = await check({ repo });
    expect(result.kind).toBe('no-release');
  });

  it('finds the release tag and reports no change for an unchanged tree', async () => {
    git('tag', 'v1.0.0');
    const result = await check({ repo });
    if (result.kind !== 'report') throw new Error('expected a report');
    expect(result.report.base.ref).toBe('v1.0.0');
    expect(result.report.changes).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 60_000);

  it('fails on a breaking change in the working tree with a minor changeset, passes with a major', async () => {
    write('specs/demo/schemas/Fund.yaml', fund('codigo')); // nome no longer required in a response
    write('.changeset/small.md', '---\n"@assoc-feed/specs": minor\n---\n\nNome optional.\n');
    const minor = await check({ repo });
    if (minor.kind !== 'report') throw new Error('expected a report');
    expect(minor.report.changes.map((c) => [c.rule, c.operation, c.location, c.breaking])).toEqual([
      ['response-property-became-optional', 'GET /funds', 'response 200 application/json: nome', true],
    ]);
    expect(minor.exitCode).toBe(1);

    write('.changeset/small.md', '---\n"@assoc-feed/specs": major\n---\n\nNome optional.\n');
    const major = await check({ repo });
    expect(major.kind === 'report' && major.exitCode).toBe(0);
  }, 60_000);

  it('compares two refs with --base/--head, reading the changesets of the head ref', async () => {
    git('add', '.');
    git('commit', '-q', '-m', 'nome optional');
    const same = await check({ repo, base: 'HEAD', head: 'HEAD' });
    expect(same.kind === 'report' && same.report.changes).toEqual([]);
    const release = await check({ repo, base: 'v1.0.0', head: 'HEAD' });
    if (release.kind !== 'report') throw new Error('expected a report');
    expect(release.report.changes).toHaveLength(1);
    expect(release.report.policy.majorIn).toEqual(['small.md']);
    expect(release.exitCode).toBe(0);
  }, 60_000);
});
