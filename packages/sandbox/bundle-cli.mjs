// The CLI's bin (dist/cli.cjs): the command as one CommonJS bundle of src/cli.ts with core and the spec model
// inside. One script instead of about eighty modules is most of the CLI's time to its first answer, and Node 20
// starts a CommonJS entry sooner than an ES module. The library entries stay tsc's ES modules, file per module
// (tsconfig.build.json leaves the CLI to this bundle). Run after tsc (`pnpm build`).
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const program = 'cli.cjs';

await build({
  entryPoints: ['src/cli.ts'],
  outfile: `dist/${program}`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // package.json's engines.
  target: 'node20.19',
  // spec-reader/load.ts finds the installed @assoc-feed/specs from its own URL: in the bundle, the bundle's. The banner
  // comes before esbuild's "use strict" (after the entry's #! line), so it says it again: the modules were written
  // for strict mode.
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

asciiComments(`dist/${program}`);
chmodSync(`dist/${program}`, 0o755);

/**
 * esbuild writes strings and regular expressions in ASCII, but keeps comments as written: one "…" in a comment
 * makes Node decode the whole bundle as UTF-8 and V8 hold it two bytes per character, at every start. Such
 * characters become \u escapes, which a comment does not read; a line of code that still holds one
 * stops the build, as escaping it there would change the program. Lines keep their code's columns (the map holds).
 */
function asciiComments(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const escaped = lines.map((line, i) => {
    if (!/[\u0080-\uffff]/.test(line)) return line;
    if (!/^\s*(?:\/\/|\/\*|\*)/.test(line)) {
      throw new Error(`${file}:${i + 1} has a non-ASCII character outside a comment line: ${line.trim()}`);
    }
    return line.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  });
  writeFileSync(file, escaped.join('\n'));
}
