#!/usr/bin/env node
// The command: `tsx src/cli.ts` from the sources, and the published bin (dist/cli.cjs), which bundle-cli.mjs
// bundles from this file.
import { runCli } from './cli-main.js';

runCli(process.argv.slice(2));
