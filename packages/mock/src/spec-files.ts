import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Path of the joined spec of all three documents (from @assoc-feed/specs). */
export function joinedSpecPath(): string {
  return require.resolve('@assoc-feed/specs/feed.yaml');
}

/** Path of Prism's CLI entry point, resolved from this package's own dependency. */
export function prismBinPath(): string {
  const pkgPath = require.resolve('@stoplight/prism-cli/package.json');
  const pkg = require(pkgPath) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin.prism ?? Object.values(pkg.bin)[0]);
  return new URL(bin as string, `file://${pkgPath}`).pathname;
}
