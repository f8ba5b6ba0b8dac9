// Exit codes and the one error type that means "the command line is wrong": everything the user can fix by
// changing the arguments, the environment or the config file exits 2, with a message that names the fix.

export const EXIT = {
  ok: 0,
  /** The service or the network failed (after retries), or the output could not be written. */
  failure: 1,
  /** Bad arguments, options, credentials setup or config file: nothing was sent. */
  usage: 2,
  /** Ctrl-C: what was committed stays, and the same command resumes. */
  interrupted: 130,
} as const;

export class UsageError extends Error {
  readonly exitCode = EXIT.usage;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
