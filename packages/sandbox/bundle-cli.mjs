// The CLI's bin as one CommonJS file (dist/cli.cjs): Node then loads one script at start-up instead of about
// eighty modules (the sandbox's, core's and the spec model's), which was most of the CLI's time to its first
// answer; and Node 20 starts a CommonJS entry a few ms sooner than an ES module (no module loader to set up).
// The library entries stay tsc's ES modules, file per module (tsconfig.build.json leaves cli.ts to this
// bundle). Run after tsc (`pnpm build`).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // package.json's engines.
  target: 'node20.19',
  // spec/load.ts finds the installed @assoc-feed/specs from its own URL: in the bundle, the bundle's. The banner
  // comes before esbuild's "use strict", so it says it again: the modules were written for strict mode.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: `'use strict';\nconst __bundleUrl = require('node:url').pathToFileURL(__filename).href;` },
  // Kept out: the optional peer loaded (by import()) only for --validate-with-prism, which brings Prism and must
  // be the copy the user installed. The spec's JSON is read at run time from @assoc-feed/specs, a dependency.
  external: ['@assoc-feed/mock'],
  // A stack trace read with `node --enable-source-maps` names the TypeScript sources; the map carries them, as
  // src/ is not published. Node reads the map only with that flag, so it costs the start-up nothing.
  sourcemap: 'linked',
  sourcesContent: true,
  legalComments: 'none',
  logLevel: 'warning',
});
