// Client credentials: taken from the options, or else from FEED_CLIENT_ID / FEED_CLIENT_SECRET where there is a
// process environment, and checked before anything is sent. A stray character would otherwise be sent as part
// of the value and come back as a bare 401. The messages name the option and the variable, never the value: a
// misplaced secret must not reach a log through the error that rejected it.

import { processEnv } from '../environments/env.js';
import { ConfigurationError } from '../errors/errors.js';

export type CredentialOption = 'clientId' | 'clientSecret';

/** The environment variable each credential is read from when the option is not given. */
export const CREDENTIAL_VARIABLES = {
  clientId: 'FEED_CLIENT_ID',
  clientSecret: 'FEED_CLIENT_SECRET',
} as const satisfies Record<CredentialOption, string>;

export interface CredentialRules {
  /** Read the credential's variable when the option is not given (flow A, as the README documents). */
  fromEnvironment?: boolean;
  /** The pair is sent as HTTP Basic `id:secret`, where a `:` in the id would move the split. */
  basicAuth?: boolean;
}

/**
 * The credential to send: the option when given, else its environment variable (with `fromEnvironment`);
 * a ConfigurationError naming the option and the variable when it is missing or holds a character that
 * cannot be part of it.
 */
export function checkCredential(
  value: unknown,
  option: CredentialOption,
  rules: CredentialRules = { fromEnvironment: true, basicAuth: true },
): string {
  const variable = CREDENTIAL_VARIABLES[option];
  const env = rules.fromEnvironment ? processEnv() : undefined;
  const given = value !== undefined;
  const resolved = given ? value : env?.[variable] || undefined;
  // Where the value came from, as the fix must name it: the README's `clientId: process.env.FEED_CLIENT_ID`
  // passes the variable through the option.
  const source =
    !given || (env !== undefined && env[variable] === value) ? `${option} (from ${variable})` : option;
  if (resolved === undefined) {
    throw new ConfigurationError(
      option,
      `${option} is missing: pass it${rules.fromEnvironment ? ` or set ${variable}` : ''}, from the server's ` +
        'environment or secret store (never in code shipped to browsers).',
    );
  }
  if (typeof resolved !== 'string' || resolved.trim() === '') {
    throw new ConfigurationError(
      option,
      `${source} is empty or not a string: pass the one the portal issued.`,
    );
  }
  const fault = strayCharacter(resolved, option, rules);
  if (fault) {
    throw new ConfigurationError(
      option,
      `${source} ${fault} and would be refused: fix it where ${source === option ? option : variable} is set` +
        (fault.includes(':') ? '.' : ' (a value copied from a file often brings its line break).'),
    );
  }
  return resolved;
}

/** What is wrong with a credential that cannot be sent as it is, or undefined. */
function strayCharacter(value: string, option: CredentialOption, rules: CredentialRules): string | undefined {
  if (/^\s/.test(value)) return 'starts with a space or line break';
  if (/\s$/.test(value)) return 'ends with a space or line break';
  if (CONTROL.test(value)) return 'holds a control character';
  if (option === 'clientId') {
    // Basic credentials are `id:secret`: a ':' in the id moves the split.
    if (rules.basicAuth && value.includes(':')) return 'holds a ":" (Basic splits id:secret there)';
    // client_id is sent as a header of every feed call: fetch would refuse it there with a TypeError quoting it.
    if (!isHeaderValue(value)) return 'holds a character past Latin-1 (no HTTP header carries it)';
  }
  return undefined;
}

// C0 controls, DEL and C1 controls: never part of a credential a portal issues.
const CONTROL = /\p{Cc}/u;

/**
 * Whether `value` can be sent as an HTTP header value exactly as it is (RFC 9110 field-value: visible ASCII,
 * Latin-1 past ASCII, inner spaces and tabs; no line break, NUL or other control character, nothing past
 * U+00FF, no space at either end, which fetch would strip).
 */
export function isHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

const HEADER_VALUE = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;
