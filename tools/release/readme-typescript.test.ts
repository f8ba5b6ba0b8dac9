// The READMEs' TypeScript blocks as check:packages type-checks them: each block a file, with an ambient
// declaration for each name it uses from an earlier block, and none for a name it binds itself.
import { describe, expect, it } from 'vitest';
import { typescriptSnippets } from './readme-typescript.ts';

const readme = [
  '# x',
  '```ts',
  "import { createFeedClient } from '@assoc-feed/client';",
  'const feed = createFeedClient({ clientId, clientSecret });',
  '```',
  'text',
  '```ts',
  "await feed.fundosV2.GET('/feed/fundos/v2/fundos');",
  '```',
  '```js',
  'not typescript',
  '```',
].join('\n');

describe('typescriptSnippets', () => {
  const [first, second, ...rest] = typescriptSnippets('packages/client/README.md', readme);

  it('gives each ```ts block its own file, named after the README and the line', () => {
    expect(rest).toEqual([]);
    expect(first?.file).toBe('readme-client-2.ts');
    expect(second?.source).toBe('packages/client/README.md:7');
    expect(typescriptSnippets('README.md', readme)[0]?.file).toBe('readme-root-2.ts');
  });

  it('declares what a block uses without binding it, and nothing it binds', () => {
    expect(first?.code).toContain('declare const clientId: string;');
    expect(first?.code).not.toContain('declare const feed');
    expect(first?.code).not.toContain('declare const createFeedClient');
    expect(second?.code).toContain("declare const feed: import('@assoc-feed/client').FeedClient;");
  });

  it('declares no credentials for the root README, whose blocks read them themselves', () => {
    expect(typescriptSnippets('README.md', readme)[0]?.code).not.toContain('declare const clientId');
  });

  it('keeps the block as written, a module of its own', () => {
    expect(second?.code).toContain("await feed.fundosV2.GET('/feed/fundos/v2/fundos');");
    expect(second?.code.trimEnd().endsWith('export {};')).toBe(true);
  });
});
