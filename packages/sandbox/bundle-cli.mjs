// The CLI's bin as one file (dist/cli.js, written over tsc's): Node then loads one module at start-up instead of
// about eighty (the sandbox's, core's and the spec model's), which was most of the CLI's time to its first answer.
// The library entries stay tsc's, file per module. Run after tsc (`pnpm build`).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // package.json's engines.
  target: 'node20.19',
  // Kept out: the optional peer loaded only for --validate-with-prism (it brings Prism, and must be the one the
  // user installed). The specs' JSON is read at run time from the installed @assoc-feed/specs, a dependency.
  external: ['@assoc-feed/mock'],
  // A stack trace read with `node --enable-source-maps` names the TypeScript sources; the map carries them, as
  // src/ is not published. Node reads the map only with that flag, so it costs the start-up nothing.
  sourcemap: 'linked',
  sourcesContent: true,
  legalComments: 'none',
  logLevel: 'warning',
});
