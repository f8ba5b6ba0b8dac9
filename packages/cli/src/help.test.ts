// What a user who just installed the command meets first: `--version`, and a help page per command that ends
// with examples they can paste. The examples are run too (with --dry-run where the command has it), so a
// help page never teaches a path, parameter or flag the command refuses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from './program.js';
import { expectExit, runCli } from './test-support/cli.js';

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
  FEED_CLIENT_ID: 'id',
  FEED_CLIENT_SECRET: 'secret',
  // Nothing listens there: a dry run must not need it, and anything sent would fail the case.
  FEED_BASE_URL: 'http://127.0.0.1:9',
};
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** An example line as argv: the program name, shell comments and redirections dropped, quotes removed. */
function argvOf(line: string): string[] {
  const words =
    line
      .replace(/\s+#.*$/, '')
      .replace(/\s*>\s*\S+$/, '')
      .match(/'[^']*'|\S+/g) ?? [];
  return words.slice(1).map((word) => word.replace(/^'(.*)'$/, '$1'));
}

describe('assoc-feed --version', () => {
  it.each([['--version'], ['-V']])('%s prints the installed version and exits 0', async (flag) => {
    const result = expectExit(await runCli([flag], env), 0);
    expect(result.stdout.trim()).toBe(version);
  });
});

describe('help pages', () => {
  const pages: [string, string[]][] = [
    ['assoc-feed', ['--help']],
    ['auth', ['auth', '--help']],
    ['auth check', ['auth', 'check', '--help']],
    ['get', ['get', '--help']],
    ['export', ['export', '--help']],
    ['backfill', ['backfill', '--help']],
    ['sync', ['sync', '--help']],
  ];
  it.each(pages)('%s --help ends with examples of that command', async (name, args) => {
    const { stdout } = expectExit(await runCli(args, env), 0);
    const examples = EXAMPLES[name] ?? [];
    expect(examples.length).toBeGreaterThan(0);
    expect(stdout).toContain('Examples:');
    for (const example of examples) {
      expect(stdout).toContain(`$ ${example}`);
      if (name !== 'assoc-feed') expect(example.startsWith(`assoc-feed ${name.split(' ')[0]}`)).toBe(true);
    }
  });

  const runnable = Object.entries(EXAMPLES)
    .flatMap(([, lines]) => lines)
    .map(argvOf)
    .filter(([command]) => ['get', 'export', 'backfill', 'sync'].includes(command as string));
  it.each(runnable.map((argv) => [argv.join(' '), argv]))(
    'the example `%s` is accepted (dry run)',
    async (_, argv) => {
      const args = argv.includes('--dry-run') ? argv : [...argv, '--dry-run'];
      // --out/--out-dir would be created by a real run; a dry run writes nothing.
      const result = await runCli(args, env);
      expectExit(result, 0);
    },
  );
});
