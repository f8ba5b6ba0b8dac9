// What the published packages tell their users names commands those users have: `npx assoc-feed-sandbox`,
// `assoc-feed …`, `npm install …`; never a script of this repository (`pnpm mock`, `pnpm build`, `./dev …`), which
// a user of the tarball cannot run. Checked on the built code, comments stripped, so only strings count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishable, readWorkspace } from './workspace.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = publishable(await readWorkspace(root));
const repositoryOnly =
  /\bpnpm (?:mock|sandbox|build|test|docs|bench|install|--filter|run)\b|\.\/dev\b|\btsx tools\//;

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** The code without comments (line comments only where they start a line, enough for tsc's output). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('messages of the published code', () => {
  it.each(packages.map((p) => [p.name, p.dir]))('%s names no repository-only command', (_, dir) => {
    let files: string[];
    try {
      files = jsFiles(join(dir, 'dist'));
    } catch {
      files = [];
    }
    const found = files.flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => repositoryOnly.test(line))
        .map((line) => `${file.slice(root.length)}: ${line.trim().slice(0, 160)}`),
    );
    expect(found).toEqual([]);
  });

  it('recognises one', () => {
    expect(repositoryOnly.test("'run pnpm sandbox to start it'")).toBe(true);
    expect(repositoryOnly.test("'run npx assoc-feed-sandbox to start it'")).toBe(false);
  });
});
