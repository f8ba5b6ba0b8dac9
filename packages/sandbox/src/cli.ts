#!/usr/bin/env node
// The command from the sources (`tsx src/cli.ts`, the command-line tests); the published bin is dist/cli.cjs.
import { runCli } from './cli-main.js';

runCli(process.argv.slice(2));
