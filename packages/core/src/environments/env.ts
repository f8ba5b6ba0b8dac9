// The process environment, where there is one (Node, Deno, Bun, workerd with nodejs_compat); a browser or a plain
// worker has no `process`, and there every setting must be given in code.

type Environment = Record<string, string | undefined>;

/** The process's environment variables, or undefined where there is no `process.env`. */
export function processEnv(): Environment | undefined {
  return (globalThis as { process?: { env?: Environment } }).process?.env;
}

/** An environment variable's value; undefined when it is unset, empty, or there is no environment. */
export function readEnv(name: string): string | undefined {
  return processEnv()?.[name] || undefined;
}
