// One version for every artifact: the fixed group, expanded by changesets' own config parser, must hold every
// package that changesets versions. The last test reads the real repository.
import { fileURLToPath } from 'node:url';
import { parse } from '@changesets/config';
import type { Packages } from '@manypkg/get-packages';
import { describe, expect, it } from 'vitest';
import { checkFixedGroup } from './fixed-group.ts';
import { readWorkspace, type WorkspacePackage } from './workspace.ts';

const pkg = (name: string, extra: { private?: boolean; version?: string } = {}): WorkspacePackage => {
  const manifest = { name, version: extra.version ?? '1.0.0', ...(extra.private ? { private: true } : {}) };
  return { name, version: manifest.version, dir: `/repo/${name}`, private: extra.private ?? false, manifest };
};

const workspace = [
  pkg('@assoc-feed/specs'),
  pkg('@assoc-feed/core'),
  pkg('@assoc-feed/client'), // a package added after the config was written
  pkg('@assoc-feed/docs', { private: true }),
  pkg('@assoc-feed/tools', { private: true, version: '0.0.0' }),
];

/** The config as changesets reads it, globs expanded against `packages`. */
function configFor(json: object, packages = workspace) {
  const manypkg: Packages = {
    tool: 'pnpm',
    root: { dir: '/repo', packageJson: { name: 'root', version: '0.0.0' } },
    packages: packages.map((p) => ({ dir: p.dir, packageJson: { name: p.name, version: p.version } })),
  };
  return parse(json as Parameters<typeof parse>[0], manypkg);
}

const base = { privatePackages: { version: true, tag: false }, ignore: ['@assoc-feed/tools'] };

describe('checkFixedGroup', () => {
  const cases = [
    {
      name: 'a scope glob without tools covers a package added later',
      config: { ...base, fixed: [['@assoc-feed/*', '!@assoc-feed/tools']] },
      problems: [],
    },
    {
      name: 'an explicit list that misses a new package fails and names it',
      config: {
        ...base,
        fixed: [['@assoc-feed/specs', '@assoc-feed/core', '@assoc-feed/docs']],
      },
      problems: [/@assoc-feed\/client is not in the fixed group/],
    },
    {
      name: 'a private package that changesets versions must be in the group too',
      config: { ...base, fixed: [['@assoc-feed/specs', '@assoc-feed/core', '@assoc-feed/client']] },
      problems: [/@assoc-feed\/docs is not in the fixed group/],
    },
    {
      name: 'private packages are exempt when changesets does not version them',
      config: {
        ...base,
        privatePackages: { version: false, tag: false },
        fixed: [['@assoc-feed/specs', '@assoc-feed/core', '@assoc-feed/client']],
      },
      problems: [],
    },
    {
      name: 'no group holding the specs fails',
      config: { ...base, fixed: [['@assoc-feed/core', '@assoc-feed/client']] },
      problems: [/no fixed group .* holds @assoc-feed\/specs/],
    },
    {
      name: 'a published package in ignore fails',
      config: {
        ...base,
        ignore: ['@assoc-feed/tools', '@assoc-feed/client'],
        fixed: [['@assoc-feed/*', '!@assoc-feed/tools', '!@assoc-feed/client']],
      },
      problems: [/@assoc-feed\/client is published but .* ignores it/],
    },
  ];
  it.each(cases)('$name', ({ config, problems }) => {
    const verdict = checkFixedGroup(workspace, configFor(config));
    expect(verdict.problems).toHaveLength(problems.length);
    problems.forEach((pattern, i) => {
      expect(verdict.problems[i]).toMatch(pattern);
    });
  });

  it('notes (does not fail) a group whose versions differ', () => {
    const packages = [pkg('@assoc-feed/specs', { version: '1.2.0' }), pkg('@assoc-feed/cli')];
    const verdict = checkFixedGroup(packages, configFor({ fixed: [['@assoc-feed/*']] }, packages));
    expect(verdict.problems).toEqual([]);
    expect(verdict.notes.join('\n')).toMatch(/several versions .*aligns them on the highest/);
  });
});

describe('the repository', () => {
  it('has one fixed group holding every package changesets versions', async () => {
    const ws = await readWorkspace(fileURLToPath(new URL('../../', import.meta.url)));
    const verdict = checkFixedGroup(ws.packages, ws.config);
    expect(verdict.problems).toEqual([]);
    expect(verdict.group).toContain('@assoc-feed/specs');
    expect(verdict.group).not.toContain('@assoc-feed/tools');
    expect(ws.config.fixed).toHaveLength(1);
  });
});
