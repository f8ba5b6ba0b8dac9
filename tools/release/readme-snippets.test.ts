// The snippets check:packages runs are found by their marker, verbatim; a README without one fails loudly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gettingStartedSnippets } from './readme-snippets.ts';

const fence = (name: string, code: string) => `<!-- getting-started:${name} -->\n\`\`\`js\n${code}\n\`\`\`\n`;

describe('gettingStartedSnippets', () => {
  it('takes the fenced block after each marker, verbatim', () => {
    const markdown = `# x\n\n${fence('esm', "import a from 'a';\n\nawait a();")}\ntext\n\n${fence('cjs', "require('a');")}`;
    expect(gettingStartedSnippets(markdown)).toEqual([
      { name: 'esm', file: 'getting-started.mjs', code: "import a from 'a';\n\nawait a();\n" },
      { name: 'cjs', file: 'getting-started.cjs', code: "require('a');\n" },
    ]);
  });

  it.each([
    ['a missing snippet', fence('esm', 'x'), /no getting-started:cjs snippet/],
    [
      'an unknown marker',
      `${fence('esm', 'x')}${fence('cjs', 'y')}${fence('ts', 'z')}`,
      /unknown snippet marker/,
    ],
    [
      'a doubled marker',
      `${fence('esm', 'x')}${fence('esm', 'x')}${fence('cjs', 'y')}`,
      /two getting-started:esm/,
    ],
  ])('refuses %s', (_, markdown, message) => {
    expect(() => gettingStartedSnippets(markdown)).toThrow(message);
  });

  it("finds both in the root README, each using the installed packages' names", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const [esm, cjs] = gettingStartedSnippets(readme);
    expect(esm?.code).toContain("from '@assoc-feed/client'");
    expect(cjs?.code).toContain("require('@assoc-feed/client')");
  });
});
