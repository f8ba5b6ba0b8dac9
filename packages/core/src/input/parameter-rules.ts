// The spec's parameter rules (type, const, enum, bounds, lengths, pattern, date format, list sizes,
// x-required-together), each written once over the parameter's schema. Two readers use them: the clients' input
// checks (validate.ts: typed values a caller passes, with advice) and the sandbox (raw query strings, answered
// in the service's 400 wording). A rule here says only what is broken and by how much; each reader words it.

/** What the rules read of a parameter's schema (the spec's keywords, as codegen and the sandbox carry them). */
export interface RuleSchema {
  type?: string | undefined;
  const?: unknown;
  enum?: readonly unknown[] | undefined;
  pattern?: string | undefined;
  format?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  exclusiveMinimum?: number | undefined;
  exclusiveMaximum?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

/** A broken rule, with what the reader needs to word it. */
export type RuleBreak =
  | { rule: 'type'; type: 'integer' | 'number' | 'boolean' | 'string' }
  | { rule: 'const'; value: unknown }
  | { rule: 'enum'; values: readonly unknown[] }
  | { rule: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum'; limit: number; value: number }
  | { rule: 'minLength' | 'maxLength'; limit: number; length: number }
  | { rule: 'pattern'; pattern: string }
  | { rule: 'format'; format: 'date'; problem: string }
  | { rule: 'minItems' | 'maxItems'; limit: number; count: number };

// Digits spelled out: a URL's text is ASCII, and `\d` would read other scripts' digits in some dialects.
const INTEGER_TEXT = /^-?[0-9]{1,16}$/;
const NUMBER_TEXT = /^-?[0-9]{1,17}(\.[0-9]{1,17})?$/;

/**
 * The value a parameter of `type` carries, read from what was sent: a number or its digits for `integer` and
 * `number`, `true`/`false` (or their text) for `boolean`, text (or a number or boolean, written as text) for a
 * string. A value that cannot be read so breaks the `type` rule.
 */
export function typedValue(type: string | undefined, sent: unknown): { value: unknown } | RuleBreak {
  switch (type) {
    case 'integer': {
      const n =
        typeof sent === 'number'
          ? sent
          : typeof sent === 'string' && INTEGER_TEXT.test(sent)
            ? Number(sent)
            : NaN;
      return Number.isSafeInteger(n) ? { value: n } : { rule: 'type', type: 'integer' };
    }
    case 'number': {
      const n =
        typeof sent === 'number'
          ? sent
          : typeof sent === 'string' && NUMBER_TEXT.test(sent)
            ? Number(sent)
            : NaN;
      return Number.isFinite(n) ? { value: n } : { rule: 'type', type: 'number' };
    }
    case 'boolean':
      if (typeof sent === 'boolean') return { value: sent };
      if (sent === 'true' || sent === 'false') return { value: sent === 'true' };
      return { rule: 'type', type: 'boolean' };
    default:
      if (typeof sent === 'string') return { value: sent };
      if (typeof sent === 'number' || typeof sent === 'boolean') return { value: String(sent) };
      return { rule: 'type', type: 'string' };
  }
}

/** The first rule a typed value breaks (const, enum, then bounds or pattern, date and lengths), or undefined. */
export function valueBreak(schema: RuleSchema, value: unknown): RuleBreak | undefined {
  if (schema.const !== undefined && !same(schema.const, value)) return { rule: 'const', value: schema.const };
  if (schema.enum && !schema.enum.some((e) => same(e, value))) return { rule: 'enum', values: schema.enum };
  if (typeof value === 'number') return boundBreak(schema, value);
  if (typeof value === 'string') return textBreak(schema, value);
  return undefined;
}

/** A list's size against `minItems` and `maxItems`. */
export function itemsBreak(schema: RuleSchema, count: number): RuleBreak | undefined {
  if (schema.minItems !== undefined && count < schema.minItems)
    return { rule: 'minItems', limit: schema.minItems, count };
  if (schema.maxItems !== undefined && count > schema.maxItems)
    return { rule: 'maxItems', limit: schema.maxItems, count };
  return undefined;
}

/** A group of `x-required-together` sent in part: who was sent and who is missing. */
export interface PartialGroup {
  group: readonly string[];
  sent: string[];
  missing: string[];
}

/** The groups of `x-required-together` sent in part (all or none of a group is what the rule allows). */
export function partialGroups(
  groups: readonly (readonly string[])[],
  isSent: (name: string) => boolean,
): PartialGroup[] {
  const out: PartialGroup[] = [];
  for (const group of groups) {
    const sent = group.filter(isSent);
    if (sent.length === 0 || sent.length === group.length) continue;
    out.push({ group, sent, missing: group.filter((name) => !sent.includes(name)) });
  }
  return out;
}

/** Why `text` is not a calendar date, or undefined if it is one (Gregorian leap years: 2024 yes, 2100 no, 2000 yes). */
export function dateProblem(text: string): string | undefined {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!match) return 'not in the form YYYY-MM-DD';
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12) return `there is no month ${match[2]}`;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  if (day < 1 || day > days) return `${match[1]}-${match[2]} has ${days} days`;
  return undefined;
}

/** Enum and const values compare as the spec writes them, a number also against its text (`ano: 2026`). */
function same(expected: unknown, value: unknown): boolean {
  if (expected === value) return true;
  if (typeof expected === 'number' && typeof value === 'number') return false;
  return (typeof expected === 'number' || typeof expected === 'string') && String(expected) === String(value);
}

function boundBreak(schema: RuleSchema, n: number): RuleBreak | undefined {
  if (schema.minimum !== undefined && n < schema.minimum)
    return { rule: 'minimum', limit: schema.minimum, value: n };
  if (schema.maximum !== undefined && n > schema.maximum)
    return { rule: 'maximum', limit: schema.maximum, value: n };
  if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum)
    return { rule: 'exclusiveMinimum', limit: schema.exclusiveMinimum, value: n };
  if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum)
    return { rule: 'exclusiveMaximum', limit: schema.exclusiveMaximum, value: n };
  return undefined;
}

function textBreak(schema: RuleSchema, text: string): RuleBreak | undefined {
  if (schema.pattern !== undefined) {
    const re = compile(schema.pattern);
    if (re && !re.test(text)) return { rule: 'pattern', pattern: schema.pattern };
  }
  if (schema.format === 'date') {
    const problem = dateProblem(text);
    if (problem) return { rule: 'format', format: 'date', problem };
  }
  if (schema.minLength === undefined && schema.maxLength === undefined) return undefined;
  const length = codePoints(text); // as JSON Schema counts them
  if (schema.minLength !== undefined && length < schema.minLength)
    return { rule: 'minLength', limit: schema.minLength, length };
  if (schema.maxLength !== undefined && length > schema.maxLength)
    return { rule: 'maxLength', limit: schema.maxLength, length };
  return undefined;
}

/** Length in code points: a surrogate pair (an astral character) counts once. */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

const patterns = new Map<string, RegExp | null>();

/** Spec patterns are ECMA-262 and unanchored, as JSON Schema says. A pattern that fails to compile is skipped. */
function compile(pattern: string): RegExp | null {
  let re = patterns.get(pattern);
  if (re === undefined) {
    re = tryRegExp(pattern, 'u') ?? tryRegExp(pattern, '');
    patterns.set(pattern, re);
  }
  return re;
}

function tryRegExp(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}
