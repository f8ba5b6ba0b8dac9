// One record as the row the Parquet writer reads: every value checked against its column and written in a form
// DuckDB converts without loss (decimals as their digits in a string, timestamps in UTC with a `Z`). A value that
// does not fit its column is never rounded or cut: it stops the operation (ValueFitError, exit 1) naming the field.
import { rawNumberText, stringifyLossless } from '@assoc-feed/core/internal';
import { type Column, type ColumnType, sqlType } from './column-types.js';

export class ValueFitError extends Error {
  constructor(
    readonly field: string,
    value: unknown,
    type: ColumnType,
    why: string,
  ) {
    const text =
      rawNumberText(value) ?? (typeof value === 'string' ? value : (stringifyLossless(value) ?? 'undefined'));
    const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
    super(
      `${field}: the value ${value === undefined ? '(absent)' : shown} does not fit its column ` +
        `${sqlType(type)} (${why}); nothing was rounded or cut. The service sent a value the spec does not allow: ` +
        'report it with assoc-feed conform, or leave this operation out with --only.',
    );
    this.name = 'ValueFitError';
  }
}

/** The row of one record: the columns' values in order of the columns, by name. */
export function toRow(
  record: unknown,
  columns: readonly Column[],
  prefix = '',
  unknown?: Set<string>,
): Record<string, unknown> {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new ValueFitError(
      prefix || 'record',
      record,
      { kind: 'struct', fields: [...columns] },
      'not an object',
    );
  }
  const source = record as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const column of columns) {
    const value = source[column.name];
    if (column.required && (value === undefined || (value === null && !column.nullable))) {
      throw new ValueFitError(
        `${prefix}${column.name}`,
        value,
        column.type,
        value === undefined ? 'the spec requires it in every record' : 'the spec does not allow null',
      );
    }
    row[column.name] = toCell(value, column.type, `${prefix}${column.name}`, unknown);
  }
  if (unknown) {
    for (const name of Object.keys(source)) {
      if (!columns.some((c) => c.name === name)) unknown.add(`${prefix}${name}`);
    }
  }
  return row;
}

export function toCell(value: unknown, type: ColumnType, field: string, unknown?: Set<string>): unknown {
  if (value === null || value === undefined) return null;
  const fail = (why: string): never => {
    throw new ValueFitError(field, value, type, why);
  };
  switch (type.kind) {
    case 'decimal':
      return decimalText(numberText(value) ?? fail('not a number'), type.precision, type.scale, fail);
    case 'int64':
      // The spec's precision, on the digits as sent (never a double): BIGINT's 18 digits at most.
      return decimalText(numberText(value) ?? fail('not a number'), type.digits ?? 18, 0, fail);
    case 'double': {
      const text = numberText(value) ?? fail('not a number');
      const n = Number(text);
      return Number.isFinite(n) ? n : fail('out of the range of a double');
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : fail('not true or false');
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? value : fail('not a date YYYY-MM-DD');
    case 'timestamp':
      if (typeof value !== 'string') return fail('not a date and time');
      if (type.pattern && !matches(type.pattern, value))
        return fail(`not in the spec's form ${type.pattern}`);
      return utcTimestamp(value) || fail('not a date and time');
    case 'string':
      if (typeof value === 'string') return wellFormed(value);
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return rawNumberText(value) ?? fail('not text');
    case 'json':
      return wellFormedJson(stringifyLossless(value));
    case 'struct':
      return toRow(value, type.fields, `${field}.`, unknown);
    case 'list':
      if (!Array.isArray(value)) return fail('not a list');
      return value.map((item, i) => toCell(item, type.item, `${field}[${i}]`, unknown));
  }
}

/**
 * The fields a row is merged by (E8: one row per class and subclass), each checked against its column's pattern
 * and length in the spec before it becomes a key: an empty or malformed code would merge unrelated records into
 * one row. Null passes where the column allows it (a class's own row has no subclass).
 */
export function checkKeys(
  row: Record<string, unknown>,
  columns: readonly Column[],
  keys: readonly string[],
): void {
  for (const key of keys) {
    const column = columns.find((c) => c.name === key);
    const value = row[key];
    const type = column?.type;
    if (type?.kind !== 'string' || value === null) continue;
    const fail = (why: string): never => {
      throw new ValueFitError(key, value, type, `${why}, and it is a key of the merge`);
    };
    if (typeof value !== 'string') fail('not text');
    const text = value as string;
    if (type.minLength !== undefined && text.length < type.minLength)
      fail(`shorter than the spec's ${type.minLength} characters`);
    if (type.maxLength !== undefined && text.length > type.maxLength)
      fail(`longer than the spec's ${type.maxLength} characters`);
    if (type.pattern !== undefined && !matches(type.pattern, text))
      fail(`not in the spec's form ${type.pattern}`);
  }
}

// A lone UTF-16 surrogate (half of a pair) is no character: the spool's JSON would carry it as an escape DuckDB
// refuses. It is written as U+FFFD, the replacement character, as any UTF-8 decoder does with a broken sequence.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** `text` with each lone surrogate replaced by U+FFFD (pairs, the characters past U+FFFF, are kept). */
export function wellFormed(text: string): string {
  return ANY_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/** JSON text as JSON.stringify writes it, its escaped lone surrogates (`\ud800`) as U+FFFD. */
function wellFormedJson(json: string): string {
  if (!json.includes('\\ud') && !json.includes('\\uD')) return json;
  // An escape counts only after an even run of backslashes (an odd one is a backslash written as `\\`).
  return json.replace(/(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g, '$1\uFFFD');
}

/** The digits of a number as the service sent them (a raw-number marker keeps those a double would change). */
function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return rawNumberText(value);
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const PLAIN = /^-?\d+(?:\.\d+)?$/;

/**
 * `text` as a plain decimal with at most `scale` decimals and `precision - scale` whole digits, or a failure.
 * Trailing zeros past the scale and leading zeros are not digits lost; anything else is.
 */
export function decimalText(
  text: string,
  precision: number,
  scale: number,
  fail: (why: string) => never,
): string {
  // Most values: plain digits with a point, no exponent, short enough to need no other check.
  const dot = text.indexOf('.');
  const negative = text.charCodeAt(0) === 0x2d;
  if (PLAIN.test(text)) {
    const whole = dot === -1 ? text.length - (negative ? 1 : 0) : dot - (negative ? 1 : 0);
    const decimals = dot === -1 ? 0 : text.length - dot - 1;
    if (
      decimals <= scale &&
      whole <= precision - scale &&
      text.charCodeAt(negative ? 1 : 0) !== 0x30 &&
      (dot === -1 || text.charCodeAt(text.length - 1) !== 0x30)
    )
      return text;
  }
  const m = NUMBER.exec(text);
  if (!m) return fail('not a number');
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  // Move the point by the exponent: digits stay as sent.
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const intPart = digits.slice(0, point).replace(/^0+/, '');
  const fracPart = digits.slice(point).replace(/0+$/, '');
  if (fracPart.length > scale) return fail(`${fracPart.length} decimals, the column keeps ${scale}`);
  if (intPart.length > precision - scale)
    return fail(`${intPart.length} whole digits, the column keeps ${precision - scale}`);
  const body = `${intPart || '0'}${fracPart ? `.${fracPart}` : ''}`;
  return sign && body !== '0' ? `-${body}` : body;
}

const patterns = new Map<string, RegExp>();
function matches(pattern: string, text: string): boolean {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern);
    patterns.set(pattern, re);
  }
  return re.test(text);
}

export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})?$/;

/** Brasília wall-clock time (-03:00, no daylight saving since 2019) as UTC, `...Z`; an explicit offset wins. */
export function utcTimestamp(text: string): string | undefined {
  // Records of one answer mostly share a few timestamps.
  if (text === lastTimestamp[0]) return lastTimestamp[1];
  const utc = toUtc(text);
  lastTimestamp = [text, utc];
  return utc;
}

let lastTimestamp: [string, string | undefined] = ['', undefined];

function toUtc(text: string): string | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = '', offset = '-03:00'] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(local);
  if (check.getUTCDate() !== Number(d) || check.getUTCHours() !== Number(h) || Number(s) > 59)
    return undefined;
  const minutes =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const utc = new Date(local - minutes * 60_000).toISOString().slice(0, 19);
  return `${utc}${frac ? `.${frac}` : ''}Z`;
}
