// Checks shared by every place that takes client credentials. The messages name the option and never echo
// its value: a misplaced secret must not reach a log through the error that rejected it.

import { ConfigurationError } from './errors.js';

export function checkCredential(value: unknown, option: 'clientId' | 'clientSecret'): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new ConfigurationError(
    option,
    `${option} is ${value === undefined ? 'missing' : 'empty or not a string'}: pass the ${
      option === 'clientId' ? 'client_id' : 'client_secret'
    } of the application registered in the portal (read it from the server's environment or secret store, never ` +
      'from code shipped to browsers).',
  );
}
