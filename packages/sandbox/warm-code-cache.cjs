// Build only (bundle-cli.mjs): runs the command from dist/ as the bin does, and when it exits (bundle-cli.mjs
// sends SIGTERM once requests were served) writes V8's code cache of the bundle: the cache then holds the
// functions compiled on the way to those answers, not only the top level.
// node warm-code-cache.cjs <dist/cli.cjs> <cache file> [command's flags]
'use strict';
const { writeFileSync } = require('node:fs');
const { resolve } = require('node:path');

const [launcher, cacheFile, ...argv] = process.argv.slice(2);
const { compileProgram } = require(resolve(launcher));
const { script, program } = compileProgram(undefined);
process.on('exit', () => writeFileSync(cacheFile, script.createCachedData()));
program.runCli(argv);
