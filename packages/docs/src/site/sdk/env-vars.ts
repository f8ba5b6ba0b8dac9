// The environment variables the packages read. Their meaning is written here (the code holds only their names);
// the build reads every FEED_* name out of the built packages and fails when one is missing from this table, so
// a new variable cannot ship undocumented.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';

export interface EnvVar {
  name: string;
  /** Who reads it. */
  readBy: string;
  meaning: string;
}

export const envVars: EnvVar[] = [
  {
    name: 'FEED_BASE_URL',
    readBy: 'clients, CLI',
    meaning:
      "The production host (the documents name none, so the clients' default is a placeholder). The `hosts` option wins over it; the CLI also takes it as its target.",
  },
  {
    name: 'FEED_SANDBOX_BASE_URL',
    readBy: 'clients, CLI',
    meaning: "The sandbox host of `environment: 'sandbox'`. The `hosts` option wins over it.",
  },
  {
    name: 'FEED_INPUT_BASE_URL',
    readBy: '@assoc-feed/fundos-v2 (input client)',
    meaning: 'The host of the input (flow B) interfaces, for `createFundosV2InputClient`.',
  },
  {
    name: 'FEED_LOG',
    readBy: 'clients',
    meaning:
      '`debug`, `info`, `warn` or `error`: log to stderr from that level (requests and their times at debug, token renewals at info, retries at warn). Never a secret or a token.',
  },
  {
    name: 'FEED_CLIENT_ID',
    readBy: 'clients, CLI, MCP server',
    meaning:
      'The client_id (flow A), read when the `clientId` option is not given (the CLI also takes a config file). Checked before anything is sent: no surrounding space, no control character, no colon.',
  },
  {
    name: 'FEED_CLIENT_SECRET',
    readBy: 'clients, CLI, MCP server',
    meaning:
      'The client_secret that goes with it, read when the `clientSecret` option is not given; a trailing newline or space (a copy from a file) is refused before anything is sent, never quoted.',
  },
  {
    name: 'FEED_ENVIRONMENT',
    readBy: 'clients, CLI',
    meaning:
      '`production` or `sandbox`: the target when none is given in code (`environment`, `baseUrl`) or on the command line (--environment, --base-url).',
  },
  {
    name: 'FEED_CONFIG',
    readBy: 'CLI',
    meaning:
      'A JSON config file (clientId, clientSecret, environment/baseUrl) instead of the default path; as --config.',
  },
  {
    name: 'FEED_DEBUG',
    readBy: 'CLI',
    meaning: 'Any value: an unexpected error also prints its stack trace.',
  },
  {
    name: 'FEED_NOW',
    readBy: 'CLI (`sync`)',
    meaning:
      "An ISO 8601 date and time the release rules are read against instead of the clock (for tests); without an offset it is Brasília time (the service's clock).",
  },
  {
    name: 'ASSOC_FEED_DEBUG',
    readBy: 'CLI',
    meaning: 'The older name of FEED_DEBUG: still read, with a warning, until the next major version.',
  },
  {
    name: 'ASSOC_FEED_NOW',
    readBy: 'CLI (`sync`)',
    meaning: 'The older name of FEED_NOW: still read, with a warning, until the next major version.',
  },
  {
    name: 'FEED_MOCK_URL',
    readBy: "mock's test-runner set-ups",
    meaning: 'Set by the global set-up for the tests: the URL of the mock it started.',
  },
  {
    name: 'FEED_SANDBOX_URL',
    readBy: "sandbox's test-runner set-ups",
    meaning: 'Set by the global set-up for the tests: the URL of the sandbox it started.',
  },
  {
    name: 'FEED_SANDBOX_CLIENT_ID',
    readBy: "sandbox's test-runner set-ups",
    meaning: 'Set by the global set-up: the client_id the started sandbox accepts.',
  },
  {
    name: 'FEED_SANDBOX_CLIENT_SECRET',
    readBy: "sandbox's test-runner set-ups",
    meaning: 'Set by the global set-up: the client_secret the started sandbox accepts.',
  },
];

const packagesRead = [
  'core',
  'client',
  'cli',
  'mcp',
  'mock',
  'sandbox',
  'fundos-v2',
  'fundos-v1',
  'precos-indices',
];

function scripts(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...scripts(path));
    else if (/\.c?js$/.test(name)) found.push(path);
  }
  return found;
}

/** Every FEED_* (and ASSOC_FEED_*) name in the built packages that the table above lacks. */
export function undocumentedEnvVars(): string[] {
  const known = new Set(envVars.map((v) => v.name));
  const missing = new Set<string>();
  for (const pkg of packagesRead) {
    for (const file of scripts(join(repoRoot, 'packages', pkg, 'dist'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:ASSOC_)?FEED_[A-Z][A-Z_]*[A-Z]\b/g)) {
        if (!known.has(m[0])) missing.add(`${m[0]} (packages/${pkg})`);
      }
    }
  }
  return [...missing].sort();
}
