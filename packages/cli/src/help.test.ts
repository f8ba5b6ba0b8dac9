// What a user who just installed the command meets first: `--version`, and a help page per command that ends
// with examples they can paste. The examples are run too (with --dry-run where the command has it), so a
// help page never teaches a path, parameter or flag the command refuses. Most cases run `main` in this process
// (the parser and checks bin.js runs, without a process start each); the version, the main help page and one
// example of each command run as real processes too, the way a user meets them.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from './program.js';
import { bucketEnv, newBucket, s3Client } from './test-support/bucket.js';
import { expectExit, runCli } from './test-support/cli.js';
import { runMain } from './test-support/in-process.js';

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  XDG_CONFIG_HOME: '/nonexistent-assoc-feed-test',
  FEED_CLIENT_ID: 'id',
  FEED_CLIENT_SECRET: 'secret',
  // Nothing listens there: a dry run must not need it, and anything sent would fail the case.
  FEED_BASE_URL: 'http://127.0.0.1:9',
};

// The bucket example's dry run reads the copy's manifest: from a bucket of the tests' S3 server.
beforeAll(async () => {
  const client = s3Client();
  try {
    await newBucket(client, 'my-bucket', '');
  } finally {
    client.destroy();
  }
  Object.assign(env, bucketEnv());
});
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

const run = (how: string) => (how === 'a process' ? runCli : runMain);

describe('assoc-feed --version', () => {
  it.each([
    ['--version', 'a process'],
    ['-V', 'in-process'],
  ])('%s (%s) prints the installed version and exits 0', async (flag, how) => {
    const result = expectExit(await run(how)([flag], env), 0);
    expect(result.stdout.trim()).toBe(version);
  });
});

describe('help pages', () => {
  const pages: [string, string[], string][] = [
    ['assoc-feed', ['--help'], 'a process'],
    ['auth', ['auth', '--help'], 'in-process'],
    ['auth check', ['auth', 'check', '--help'], 'in-process'],
    ['get', ['get', '--help'], 'in-process'],
    ['export', ['export', '--help'], 'in-process'],
    ['backfill', ['backfill', '--help'], 'in-process'],
    ['sync', ['sync', '--help'], 'in-process'],
  ];
  it.each(pages)('%s --help (%s) ends with examples of that command', async (name, args, how) => {
    const { stdout } = expectExit(await run(how)(args, env), 0);
    const examples = EXAMPLES[name] ?? [];
    expect(examples.length).toBeGreaterThan(0);
    expect(stdout).toContain('Usage: assoc-feed');
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
  // The first example of each command as a real process, the others in this process.
  const seen = new Set<string>();
  const examples = runnable.map((argv) => {
    const how = seen.has(argv[0] as string) ? 'in-process' : 'a process';
    seen.add(argv[0] as string);
    return [argv.join(' '), how, argv] as const;
  });
  it.each(examples)('the example `%s` is accepted (dry run, %s)', async (_, how, argv) => {
    const args = argv.includes('--dry-run') ? argv : [...argv, '--dry-run'];
    // --out/--out-dir would be created by a real run; a dry run writes nothing.
    const result = await run(how)(args, env);
    expectExit(result, 0);
  });
});
