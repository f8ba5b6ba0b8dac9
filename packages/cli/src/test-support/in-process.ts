// Test helper: the command line's `main` called in the test's own process, with stdout and stderr captured.
// For what the parser and the checks before any request decide (messages, exit codes, help pages, dry runs):
// dozens of cases at no process start each. What only a real process shows (bin.js, signals, the exit code a
// shell sees, stdout as a pipe) stays with `runCli`, one process-level case per kind of behaviour.
// Importing the command line costs about as much as four or five process starts (its sources are transformed,
// its dependencies loaded); the test files share one worker's module cache (vitest.config.ts), so that is paid
// once for the whole run, and each case in-process saves a process start.
import { Writable } from 'node:stream';
import type { Io } from '../job/job.js';
import { main } from '../program.js';
import type { CliResult } from './cli.js';

function capture(): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  // `main` writes only through `write` (commander's output is configured to it); no TTY, so no bar or colours.
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

/** `assoc-feed <args>` run by `main` in this process: its exit code and what it wrote. Never a signal. */
export async function runMain(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture();
  const io: Io = { stdout: stdout.stream, stderr: stderr.stream, env, signal: new AbortController().signal };
  const code = await main(args, io);
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text() };
}
