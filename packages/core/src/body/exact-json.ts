// JSON with the service's digits kept. JSON.parse turns every number into a double, which keeps at most ~15-17
// significant digits: a quota value `Decimal(33,17)` sent as 1234567.12345678901234567 arrives rounded. Both
// parsers here rewrite the number tokens that must stay exact into strings *before* JSON.parse, so the parse
// itself stays native (and fast).
//
// - parseWithExactFields: the client option `numbers: 'exact'`. Numbers under the named fields (the document's
//   fields of more than 15 significant digits, from the spec's `x-decimal`) arrive as strings of the digits sent.
// - parseLossless / stringifyLossless: the command line. Every number whose text a double would not give back
//   (more digits, trailing zeros, an exponent, -0) is held as a raw-number marker string and written back with
//   exactly the digits received, so an export never changes the data it exports.
// Nothing is ever turned into Infinity, NaN or a rounded value: a token of any form stays its own text.

/**
 * The last digit of a number token and the character after it. A JSON number always ends with a digit, and
 * outside a string it is followed by `,`, `}`, `]`, a space or the end of the text (checked apart). A digit
 * followed by one of those is rare inside strings (a code or a date ends with its closing quote), so this finds
 * far fewer candidates than looking for every `:` and `,` does (less than half the time on a page of the fund
 * list; a lookahead instead of the second character would cost as much again). Each candidate is then read
 * backwards (see rewriteValueNumbers); it can still lie inside a string (one holding ", 1.50 "), which
 * parseLossless detects.
 */
const NUMBER_END = /\d[\s,}\]]/g;

/** A JSON string token, or a number token (group 1) outside strings: the exact, slower scan. */
const TOKENS = /"[^"\\]*(?:\\.[^"\\]*)*"|(-?\d[\d.eE+-]*)/g;

/** What any number a double would not give back contains (a superset: strings may match too). */
const MAYBE_INEXACT = /[\d.]{16}|\d[eE]|\.\d*0[\s,}\]]|-0[\s,}\]]|0\.0{6}/;

/** Prefix of a raw-number marker: a string no service value starts with (a NUL and a `#`). */
export const RAW_NUMBER_MARK = '\u0000#';

/** A number written with exactly these digits by stringifyLossless (the sandbox's full-scale values). */
export function rawNumber(digits: string): string {
  return `${RAW_NUMBER_MARK}${digits}`;
}

/** Whether a value parsed by parseLossless is a number kept as its text. */
export function isRawNumber(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(RAW_NUMBER_MARK);
}

/** The digits of a raw-number marker, or undefined for anything else. */
export function rawNumberText(value: unknown): string | undefined {
  return isRawNumber(value) ? value.slice(RAW_NUMBER_MARK.length) : undefined;
}

/** Whether a double gives `text` back exactly (then the number needs no marker). */
function roundTrips(text: string): boolean {
  return roundTripsAt(text, 0, text.length);
}

/**
 * Whether a double gives back the number token `text.slice(start, end)`, read in place: this runs for every number
 * of every answer, so the common case neither slices nor formats a double.
 */
function roundTripsAt(text: string, start: number, end: number): boolean {
  // Most numbers: at most 15 characters, no exponent, no trailing fraction zero, not starting with 0 (tiny values
  // and -0, which a double prints otherwise): a double gives them back, no need to format one. Character codes,
  // not regular expressions.
  const length = end - start;
  if (length <= 15) {
    let dot = false;
    let exponent = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x2e) dot = true;
      else if (c === 0x65 || c === 0x45) exponent = true;
    }
    const first = text.charCodeAt(text.charCodeAt(start) === 0x2d ? start + 1 : start);
    if (!exponent && first !== 0x30 && !(dot && text.charCodeAt(end - 1) === 0x30)) return true;
  }
  const token = text.slice(start, end);
  return String(Number(token)) === token;
}

/**
 * Parses JSON; a number whose text a double would change becomes a raw-number marker string (see
 * stringifyLossless, rawNumberText). Numbers that survive a double (most) stay numbers.
 *
 * The fast scan (NUMBER_END) does not know where strings are. It does not need to: a marker written into a
 * string would close that string right before the marker's backslash (the token is preceded by `:`, `,`, `[` or
 * a space there, never by a backslash that would escape the marker's quote), and a backslash outside a string is a syntax error. So when the rewritten
 * text parses, every marker stood outside strings; when it does not, the text is rewritten again by the exact
 * token scan.
 */
export function parseLossless(text: string): unknown {
  const fast = rewriteValueNumbers(text);
  if (fast === text) return JSON.parse(text);
  try {
    return JSON.parse(fast);
  } catch {
    return JSON.parse(rewriteLossless(text));
  }
}

/**
 * Number tokens in value position (after `:`, `[`, `,` or at the start of the text, spaces allowed between) that a
 * double would change, written as markers (see parseLossless).
 */
function rewriteValueNumbers(text: string): string {
  let out = '';
  let copied = 0;
  const rewrite = (end: number) => {
    let start = end - 1;
    while (start > 0 && isNumberChar(text.charCodeAt(start - 1))) start--;
    const first = text.charCodeAt(start);
    if (first !== 0x2d && !isDigit(first)) return;
    if (roundTripsAt(text, start, end) || !afterValueSeparator(text, start)) return;
    out += `${text.slice(copied, start)}"\\u0000#${text.slice(start, end)}"`;
    copied = end;
  };
  NUMBER_END.lastIndex = 0;
  // test(), not exec(): no match object per number; the digit ends one character before lastIndex.
  while (NUMBER_END.test(text)) rewrite(NUMBER_END.lastIndex - 1);
  if (isDigit(text.charCodeAt(text.length - 1))) rewrite(text.length); // a bare number, the whole text
  return copied === 0 ? text : out + text.slice(copied);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A character a number token holds: a digit, `.`, `e`, `E`, `+` or `-`. */
function isNumberChar(code: number): boolean {
  return isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}

/** Whether what precedes `index`, spaces skipped, is `:`, `[`, `,` or the start of the text. */
function afterValueSeparator(text: string, index: number): boolean {
  let i = index - 1;
  for (
    let c = text.charCodeAt(i);
    c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
    c = text.charCodeAt(i)
  )
    i--;
  if (i < 0) return true;
  const c = text.charCodeAt(i);
  return c === 0x3a || c === 0x5b || c === 0x2c;
}

/** The JSON text parseLossless parses when its fast rewrite fails: every token scanned, strings skipped. */
export function rewriteLossless(text: string): string {
  // Most answers hold no number a double would change: one scan for anything that could be one (16 or more
  // digits, an exponent, a trailing fraction zero, -0, a tiny value) skips the token scan, strings included.
  if (!MAYBE_INEXACT.test(text)) return text;
  let changed = false;
  const rewritten = text.replace(TOKENS, (token: string, number: string | undefined) => {
    if (number === undefined || roundTrips(number)) return token;
    changed = true;
    return `"\\u0000#${number}"`; // the marker, escaped as JSON requires
  });
  return changed ? rewritten : text;
}

/** JSON.stringify, writing raw-number markers back as the numbers they hold, with the digits received. */
export function stringifyLossless(value: unknown, space?: number): string {
  const json = JSON.stringify(value, null, space);
  if (json === undefined) return json as unknown as string;
  // JSON.stringify writes the NUL of the marker as \u0000.
  // The search starts at the backslash, rare in JSON text, not at the quote, which is everywhere.
  return json.includes('\\u0000#') ? json.replace(/"\\u0000#(-?[\d.eE+-]+)"/g, '$1') : json;
}

const patternCache = new WeakMap<readonly string[], RegExp>();

function keyedNumbers(fields: readonly string[]): RegExp {
  let pattern = patternCache.get(fields);
  if (!pattern) {
    const names = [...fields].sort((a, b) => b.length - a.length).map(escapeRegExp);
    // A key is a string token right after `{` or `,`: a quote inside a string value is always escaped, so this
    // never matches inside a string.
    pattern = new RegExp(`([{,]\\s*"(?:${names.join('|')})"\\s*:\\s*)(-?\\d[\\d.eE+-]*)`, 'g');
    patternCache.set(fields, pattern);
  }
  return pattern;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Parses JSON; every number directly under one of `fields` becomes a string of the digits sent (whatever its
 * form: `1.50` stays "1.50", `1e400` stays "1e400"). `fields` should be a stable array (its pattern is cached).
 */
export function parseWithExactFields(text: string, fields: readonly string[]): unknown {
  return JSON.parse(rewriteExactFields(text, fields));
}

/** The JSON text parseWithExactFields parses: the numbers under `fields` written as strings. */
export function rewriteExactFields(text: string, fields: readonly string[]): string {
  return fields.length === 0 ? text : text.replace(keyedNumbers(fields), '$1"$2"');
}

/** Every number under one of the rules' fields whose text breaks its notation (usually none: a cheap scan). */
export function decimalProblems(
  text: string,
  fields: readonly string[],
  rules: Readonly<Record<string, DecimalRule>>,
): { field: string; text: string; problem: string }[] {
  const found: { field: string; text: string; problem: string }[] = [];
  if (fields.length === 0) return found;
  for (const match of text.matchAll(keyedNumbers(fields))) {
    const [, key = '', number = ''] = match;
    const field = key.slice(key.indexOf('"') + 1, key.lastIndexOf('"'));
    const rule = rules[field];
    const problem = rule && decimalProblem(number, rule);
    if (problem) found.push({ field, text: number, problem });
  }
  return found;
}

/** The documented notation of a decimal field (`x-decimal`): at most `precision` digits, `scale` after the point. */
export interface DecimalRule {
  precision?: number;
  scale?: number;
}

/**
 * What is wrong with a decimal's text against its documented notation, or undefined when it fits: an exponent,
 * more digits after the point than the scale, more digits than the precision.
 */
export function decimalProblem(text: string, rule: DecimalRule): string | undefined {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return /^-?\d+(?:\.\d+)?[eE][+-]?\d+$/.test(text) ? 'an exponent' : 'not a number';
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (rule.scale !== undefined && fraction.length > rule.scale) {
    return `${fraction.length} decimals (scale ${rule.scale})`;
  }
  if (rule.precision !== undefined) {
    const intDigits = whole === '0' ? 0 : whole.length;
    const maxInt = rule.precision - (rule.scale ?? 0);
    if (intDigits > maxInt) return `${intDigits} digits before the point (at most ${maxInt})`;
  }
  return undefined;
}
