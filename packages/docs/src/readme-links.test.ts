// The READMEs a user reads on npm and GitHub lead to the site: the root README and each published package's
// README link, in one line near their top, the page of the site that documents them, and that page (and its
// section) exists in the built site. The site's address is that of the repository's GitHub Pages (the Pages
// workflow deploys dist/ there), derived from the packages' `repository` field.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { describe, expect, test } from 'vitest';
import { distDir } from './test-support/site.ts';

/** Each README (by package directory; '' the root) and the page of the site it links. */
const readmePages: Record<string, string> = {
  '': 'sdk.html',
  client: 'sdk-clients.html#package-client',
  core: 'sdk-clients.html#package-core',
  'fundos-v2': 'sdk-clients.html#package-fundos-v2',
  'fundos-v1': 'sdk-clients.html#package-fundos-v1',
  'precos-indices': 'sdk-clients.html#package-precos-indices',
  cli: 'sdk-cli.html',
  mock: 'sdk-mock.html',
  sandbox: 'sdk-sandbox.html',
  specs: 'sdk-specs.html',
  mcp: 'sdk-mcp.html',
};

const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')) as {
    private?: boolean;
    repository?: { url?: string };
  };
const published = readdirSync(join(repoRoot, 'packages')).filter(
  (dir) => existsSync(join(repoRoot, 'packages', dir, 'package.json')) && !manifest(dir).private,
);
/** git+https://github.com/<owner>/<repo>.git → https://<owner>.github.io/<repo>/ */
const repository = manifest('cli').repository?.url ?? '';
const [, owner = '', repo = ''] = /github\.com\/([^/]+)\/([^/.]+)/.exec(repository) ?? [];
const siteUrl = `https://${owner}.github.io/${repo}/`;
const TOP_LINES = 12;

describe('the READMEs link their page of the site', () => {
  test('every published package has a page to link', () => {
    expect(published.length).toBeGreaterThan(5);
    expect(published.filter((dir) => !(dir in readmePages))).toEqual([]);
    expect(owner && repo).toBeTruthy();
  });

  for (const [dir, pageRef] of Object.entries(readmePages)) {
    test(`${dir ? `packages/${dir}` : 'the root'} README links ${pageRef}, near its top, and the page has that section`, () => {
      const readme = readFileSync(join(repoRoot, dir ? `packages/${dir}` : '', 'README.md'), 'utf8');
      const top = readme.split('\n').slice(0, TOP_LINES).join('\n');
      expect(top).toContain(`(${siteUrl}${pageRef})`);
      const [file = '', id] = pageRef.split('#');
      const html = readFileSync(join(distDir, file), 'utf8');
      if (id) expect(html).toContain(`id="${id}"`);
    });
  }
});
