// Error bodies come from the server, and a server may echo what it was sent (a token in a 401 message, the
// Basic header in a 400). Everything an error carries passes through here first, so a secret can only reach a
// log by a route this function does not see.

import { base64Utf8 } from '../auth/base64.js';

export const REDACTED = '[redacted]';

type Replace = (text: string) => string;

/** A secret written as a word of prose is (`wrong`, `Secret`, `TEST`): letters of one case, or capitalised. */
const WORD = /^(?:[a-z]{1,24}|[A-Z][a-z]{0,23}|[A-Z]{1,24})$/;

/**
 * How one form of a secret is taken out of a text. A form like any credential (digits, symbols, mixed case) goes
 * wherever it appears: no sentence holds it by chance. A form that is an ordinary word goes where it stands as a
 * value (the whole text, after `=` or `:`, or in quotes), not where the server's own sentence uses the word
 * ("wrong client_id or client_secret" keeps its first word when the secret is `wrong`).
 */
function replacer(form: string): Replace {
  if (!WORD.test(form)) return (text) => text.split(form).join(REDACTED);
  // Letters only: the form needs no escaping in a pattern.
  const asValue = new RegExp(
    `(?<=[=:"'\`])${form}(?![A-Za-z0-9])|(?<![A-Za-z0-9])${form}(?=["'\`])|^${form}$`,
    'g',
  );
  return (text) => text.replace(asValue, REDACTED);
}

/**
 * A deep copy of `value` in which every non-empty secret, in each of its `secretForms`, is replaced by
 * `[redacted]`: everywhere for a form like a credential, where it stands as a value for one that is an ordinary
 * word (see `replacer`).
 */
export function redact<T>(value: T, secrets: readonly (string | undefined)[]): T {
  const list = secretForms(secrets);
  // Longest first: a secret that contains another must be replaced whole.
  list.sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  return walk(value, list.map(replacer), 0) as T;
}

/**
 * Each secret as a server may echo it back: as sent; escaped inside a JSON string (a text that holds the record
 * as JSON carries `\"` for `"`); percent-encoded, as in a URL it echoes; and base64-encoded on its own (standard and
 * URL-safe alphabets, with and without padding), as the Basic header carries `client_id:client_secret`.
 */
export function secretForms(secrets: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length === 0) continue;
    const base64 = base64Utf8(secret);
    const unpadded = base64.replace(/=+$/, '');
    for (const form of [
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      base64,
      unpadded,
      unpadded.replace(/\+/g, '-').replace(/\//g, '_'),
    ]) {
      forms.add(form);
    }
  }
  return [...forms];
}

function walk(value: unknown, secrets: readonly Replace[], depth: number): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const replace of secrets) out = replace(out);
    return out;
  }
  // Bodies are parsed JSON, so plain objects and arrays are all there is; the depth cap guards odd inputs.
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  // Defined, not assigned: assigning a `__proto__` key the server sent would set the copy's prototype instead
  // of keeping the key, and the body would no longer be what was sent.
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, walk(key, secrets, depth + 1) as string, {
      value: walk(item, secrets, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
