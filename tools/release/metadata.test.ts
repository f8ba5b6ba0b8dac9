// A published package tells npm where its code, home and issue tracker are, and ships a readme: each case is a
// manifest missing one of them and the field the check names.
import { describe, expect, it } from 'vitest';
import { checkMetadata } from './metadata.ts';
import type { Manifest } from './workspace.ts';

const sound: Manifest = {
  name: '@assoc-feed/demo',
  repository: {
    type: 'git',
    url: 'git+https://github.com/assoc-feed/assoc-feed.git',
    directory: 'packages/demo',
  },
  homepage: 'https://github.com/assoc-feed/assoc-feed/tree/main/packages/demo#readme',
  bugs: { url: 'https://github.com/assoc-feed/assoc-feed/issues' },
};
const files = ['package.json', 'README.md', 'dist/index.js'];

describe('checkMetadata', () => {
  const cases: { name: string; manifest: Manifest; files?: string[]; fields: string[] }[] = [
    { name: 'repository, homepage, bugs and a readme pass', manifest: sound, fields: [] },
    { name: 'a readme in any case passes', manifest: sound, files: ['readme.txt'], fields: [] },
    { name: 'no repository', manifest: { ...sound, repository: undefined }, fields: ['repository'] },
    {
      name: 'a repository without the package folder',
      manifest: { ...sound, repository: 'github:assoc-feed/assoc-feed' },
      fields: ['repository.directory'],
    },
    { name: 'no homepage', manifest: { ...sound, homepage: '' }, fields: ['homepage'] },
    { name: 'no bugs url', manifest: { ...sound, bugs: {} }, fields: ['bugs'] },
    { name: 'no readme in the tarball', manifest: sound, files: ['package.json'], fields: ['README.md'] },
  ];
  it.each(cases)('$name', ({ manifest, fields, ...rest }) => {
    const problems = checkMetadata(manifest, rest.files ?? files);
    expect(problems.map((p) => p.field)).toEqual(fields);
    for (const problem of problems) expect(problem.message).toContain(problem.field);
  });
});
