// The command line's environment variables, all named `FEED_*`. An older name is still read, with a warning, until
// the next major version.
export const ENV_VARS = {
  FEED_NOW: {
    old: 'ASSOC_FEED_NOW',
    help: 'sync: the time its release rules are read against (ISO date and time; without an offset, Brasília time)',
  },
  FEED_DEBUG: { old: 'ASSOC_FEED_DEBUG', help: 'any value: print the stack of an unexpected error' },
} as const;

export type EnvVar = keyof typeof ENV_VARS;

/** The variable's value, from its name or its older one (then `warn` says to rename it). */
export function readEnv(
  env: NodeJS.ProcessEnv,
  name: EnvVar,
  warn?: (line: string) => void,
): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  const old = ENV_VARS[name].old;
  const oldValue = env[old];
  if (oldValue === undefined || oldValue === '') return undefined;
  warn?.(`warning: ${old} is an older name of ${name}, read until the next major version: rename it.`);
  return oldValue;
}

/** The lines of `--help` that list the variables. */
export function envHelp(names: readonly EnvVar[]): string {
  return names.map((name) => `  ${name.padEnd(11)} ${ENV_VARS[name].help}`).join('\n');
}
