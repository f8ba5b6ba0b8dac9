// The published bin as the build leaves it (dist/cli.cjs): one executable CommonJS file with the command and all
// it uses inside. Each check runs a plain `node`, as a user's shell does.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  files: string[];
};
const bin = join(packageDir, manifest.bin['assoc-feed-sandbox'] as string);

function node(args: string[], cwd = packageDir) {
  const { NODE_OPTIONS: _, ...env } = process.env;
  return spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 120_000 }); // a guard against a hang
}

describe('the bin (dist/cli.cjs)', () => {
  it('is an executable script with a #! line, shipped with its source map', () => {
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    expect(manifest.files).toContain('dist/cli.cjs.map');
  });

  it.each([
    ['as it is', []],
    // Node maps stack traces to the TypeScript sources the map carries.
    ['under --enable-source-maps', ['--enable-source-maps']],
  ])('runs the command %s', (_, flags) => {
    const help = node([...flags, bin, '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: assoc-feed-sandbox');
    const wrong = node([...flags, bin, '--port', 'x']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--port must be a whole number from 0 to 65535, got "x"');
  });

  it('needs no other file of the package to parse its flags (the command is bundled whole)', () => {
    const bare = mkdtempSync(join(tmpdir(), 'sandbox-bin-'));
    copyFileSync(bin, join(bare, 'cli.cjs'));
    const help = node([join(bare, 'cli.cjs'), '--help'], bare);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: assoc-feed-sandbox');
  });
});
