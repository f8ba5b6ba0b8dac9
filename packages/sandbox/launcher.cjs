#!/usr/bin/env node
// The `assoc-feed-sandbox` bin. The command itself is one CommonJS bundle (PROGRAM, src/cli-main.ts and all it
// uses); this launcher compiles it with V8's code cache (CODE_CACHE), made by the build from a run of the command
// that served requests, so V8 neither parses the bundle nor compiles the functions on the way to a first answer:
// about 4 ms of a start of about 70 ms. The cache is only used by the V8 that made it, with the same flags; any
// other (another Node version, NODE_OPTIONS with V8 flags) rejects it and V8 compiles the source as usual.
// bundle-cli.mjs writes dist/cli.cjs from this file, with the two names filled in; the cache's name carries a hash
// of the bundle's text, as V8 checks only the source's length.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');

const PROGRAM = '@@PROGRAM@@';
const CODE_CACHE = '@@CODE_CACHE@@';

/** The bundle compiled as Node compiles a CommonJS module, with the code cache if one is given. */
function compileProgram(cachedData) {
  const filename = join(__dirname, PROGRAM);
  const script = new vm.Script(require('node:module').wrap(readFileSync(filename, 'utf8')), {
    filename,
    cachedData,
    // The bundle import()s the optional @assoc-feed/mock (--validate-with-prism) as a module would.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, filename, __dirname);
  return { script, program: module.exports };
}

function readCodeCache() {
  try {
    return readFileSync(join(__dirname, CODE_CACHE));
  } catch {
    return undefined; // not built (a build without it still runs, a few ms slower)
  }
}

/**
 * Whether Node's own loader must load the bundle. Under --enable-source-maps, Node maps stack traces of what it
 * loads itself. With --validate-with-prism, the bundle import()s @assoc-feed/mock, and Node 20 drops a script's
 * dynamic-import callback when V8 accepts the code cache ("A dynamic import callback was not specified"); the
 * cache saves milliseconds of a start that then waits seconds for Prism.
 */
function loadedByNode(argv) {
  return process.sourceMapsEnabled || argv.includes('--validate-with-prism');
}

if (require.main === module) {
  const program = loadedByNode(process.argv.slice(2))
    ? require(`./${PROGRAM}`)
    : compileProgram(readCodeCache()).program;
  program.runCli(process.argv.slice(2));
} else {
  // For the build, which runs the command this way to make the cache (warm-code-cache.cjs).
  module.exports = { compileProgram };
}
