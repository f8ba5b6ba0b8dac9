// Checks shared by every place that takes client credentials. The messages name the option and never echo
// its value: a misplaced secret must not reach a log through the error that rejected it.

import { ConfigurationError } from './errors.js';

export function checkCredential(value: unknown, option: 'clientId' | 'clientSecret'): string {
  if (typeof value === 'string' && value.trim() !== '') {
    // client_id is sent as a header of every feed call: fetch would refuse it there with a TypeError quoting it.
    if (option === 'clientId' && !isHeaderValue(value)) {
      throw new ConfigurationError(
        option,
        'clientId is not a valid HTTP header value (it holds a line break, a control character, a character past ' +
          'Latin-1, or spaces at its ends): copy the client_id of the application again from the portal, as is.',
      );
    }
    return value;
  }
  throw new ConfigurationError(
    option,
    `${option} is ${value === undefined ? 'missing' : 'empty or not a string'}: pass the ${
      option === 'clientId' ? 'client_id' : 'client_secret'
    } of the application registered in the portal (read it from the server's environment or secret store, never ` +
      'from code shipped to browsers).',
  );
}

/**
 * Whether `value` can be sent as an HTTP header value exactly as it is (RFC 9110 field-value: visible ASCII,
 * Latin-1 past ASCII, inner spaces and tabs; no line break, NUL or other control character, nothing past
 * U+00FF, no space at either end, which fetch would strip).
 */
export function isHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

const HEADER_VALUE = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;
